/**
 * Issue 52, item 11: the console on a phone on a slow network, in Debian's Chromium with its own
 * throttling (the DevTools protocol): 4x CPU slowdown (`Emulation.setCPUThrottlingRate`), 1.6 Mbps
 * down, 750 kbps up and 150 ms round trip (`Network.emulateNetworkConditions`; Lighthouse's mobile
 * profile), a 390 x 844 touch screen.
 *
 *   npm run build && npm run bench:phone     # ~3 min after the build; writes bench/PHONE.md
 *   PHONE_RUNS=5                             # visits (each in a new browser profile); medians of these
 *   PHONE_TIMELINE=1                         # also print each visit's requests and long tasks
 *   PHONE_PROFILE=/tmp/return.cpuprofile     # write a CPU profile of each return visit (until its first
 *                                            # row; run N to <name>-N.cpuprofile), for Chromium's DevTools
 *   PHONE_BASELINE=/tmp/main-copy            # also measure another built copy of the repository (its
 *                                            # server and console), run for run in alternation with this
 *                                            # one, so both see the same load on a shared host:
 *       git archive <commit> | tar -x -C /tmp/main-copy && cp -al node_modules /tmp/main-copy/ \
 *         && (cd /tmp/main-copy && npm run build)
 *
 * It builds nothing: it serves dist/ as it is, with the real server (buildApp, SQLite in a fresh
 * temp folder, the sample records, precompressed files). Each run, in a new profile:
 *
 *  (a) sign-in form usable: `/medicine` opened signed out (the console sends the visitor to its
 *      sign-in page); from navigation start until the username and password inputs are in the page,
 *      laid out and enabled.
 *  (b) sign-in to first row: the sample administrator's name and password typed, Enter pressed in
 *      the password field; from that key press until the first medicine row has text (the console
 *      returns to the list it was opened on, without reloading the page).
 *  (c) return visit: once that visit is quiet, its tab is closed and a new one in the same profile
 *      (HTTP cache, localStorage and IndexedDB kept: the stored session, cached code) opens
 *      `/medicine`; from navigation start until the first row has text. Also noted: when the list's
 *      own answer from the server arrived in that visit.
 *
 * Times are read in the page (performance.now(), a MutationObserver), not by polling from here.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { ROOT, ROW_SELECTOR, chromiumVersion, coldBrowser, median, requireBuilt, startConsole } from './console-visit';

const RUNS = Number(process.env.PHONE_RUNS ?? 5);
const ADMIN = { username: 'admin', password: 'bench-phone-password' };
const LIST = 'medicine';
const PHONE = { width: 390, height: 844 };
/** The throttling, as the issue measured it. */
const CPU_SLOWDOWN = 4;
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 };
/** The goals of issue 52, in ms. */
const GOALS = { form: 2000, signIn: 3000, returnVisit: 1000 };
/** What bench/PHONE.md keeps below this line from one run to the next (the before/after history). */
const HISTORY_MARK = '<!-- history: kept by bench/phone.ts as it is -->';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'phone-'));

/**
 * In every page of the profile: when the sign-in form is usable, when Enter was pressed, when the
 * first row has text. A string, not a function: tsx would wrap a function's inner names in a
 * helper the page lacks.
 */
const PROBE = `(() => {
  const rowSel = ${JSON.stringify(ROW_SELECTOR)};
  const usable = (el) => el && !el.disabled && el.getBoundingClientRect().width > 0;
  const check = () => {
    if (window.__formReady === undefined && usable(document.querySelector('input[name="username"]')) && usable(document.querySelector('input[name="password"]')))
      window.__formReady = performance.now();
    if (window.__firstRow === undefined && [...document.querySelectorAll(rowSel)].some((c) => (c.textContent || '').trim() !== ''))
      window.__firstRow = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['disabled'] });
  document.addEventListener('keydown', (e) => { if (e.key === 'Enter' && window.__enterAt === undefined) window.__enterAt = performance.now(); }, true);
  window.__longTasks = [];
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]); })
      .observe({ type: 'longtask', buffered: true });
  } catch (e) {}
})();`;

async function throttle(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

async function mark(page: Page, name: '__formReady' | '__firstRow' | '__enterAt'): Promise<number> {
  const handle = await page.waitForFunction((n) => (window as unknown as Record<string, number | undefined>)[n], name, {
    timeout: 120_000,
    polling: 200,
  });
  return Number(await handle.jsonValue());
}

/** Where a visit's time went: its requests (start -> end) and main-thread tasks over 50 ms. */
async function printTimeline(page: Page, title: string) {
  const entries = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => {
      const r = e as PerformanceResourceTiming;
      const u = new URL(r.name);
      return { at: r.startTime, text: `${u.pathname}${u.search}`.slice(0, 90), end: r.responseEnd, size: r.transferSize };
    }),
  );
  const tasks = await page.evaluate(() => (window as unknown as { __longTasks: [number, number][] }).__longTasks);
  const lines = [
    ...entries.map((e) => ({
      at: e.at,
      text: `${e.at.toFixed(0).padStart(6)} -> ${e.end.toFixed(0).padStart(6)}  ${e.text} (${e.size} B on the wire)`,
    })),
    ...tasks.map(([at, d]) => ({
      at,
      text: `${at.toFixed(0).padStart(6)} -> ${(at + d).toFixed(0).padStart(6)}  (main-thread task ${d.toFixed(0)} ms)`,
    })),
  ].sort((a, b) => a.at - b.at);
  console.log(`  ${title}:`);
  for (const l of lines) console.log(`    ${l.text}`);
}

let profiles = 0;
/** Samples the page's main thread until `stop`, which writes the profile where PHONE_PROFILE says. */
async function startProfile(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return {
    stop: async () => {
      const { profile } = await cdp.send('Profiler.stop');
      const file = String(process.env.PHONE_PROFILE).replace(/(\.cpuprofile)?$/, `-${++profiles}.cpuprofile`);
      fs.writeFileSync(file, JSON.stringify(profile));
    },
  };
}

/** When the list's own answer arrived, in ms from navigation start (undefined if it was never asked). */
async function listAnswerAt(page: Page): Promise<number | undefined> {
  return page.evaluate((list) => {
    const entry = performance
      .getEntriesByType('resource')
      .find((e) => new URL(e.name).pathname.endsWith(`/${list}-list/`) && (e as PerformanceResourceTiming).initiatorType === 'fetch');
    return entry ? (entry as PerformanceResourceTiming).responseEnd : undefined;
  }, LIST);
}

interface Run {
  form: number;
  signIn: number;
  returnVisit: number;
  /** The return visit: when the list's answer from the server arrived. */
  returnAnswer: number | undefined;
  /** The first visit: from navigation start to the first row (the form's wait, typing and (b) together). */
  firstRow: number;
}

async function oneRun(url: string): Promise<Run> {
  const b = await coldBrowser(work, new URL(url).origin, {
    viewport: PHONE,
    refuseOtherHosts: false,
    device: { isMobile: true, hasTouch: true },
  });
  try {
    await b.context.addInitScript(PROBE);
    await throttle(b.context, b.page);
    await b.page.goto(`${url}/${LIST}`, { waitUntil: 'commit' });
    const form = await mark(b.page, '__formReady');
    await b.page.locator('input[name="username"]').fill(ADMIN.username);
    await b.page.locator('input[name="password"]').fill(ADMIN.password);
    const connected = b.page.waitForEvent('websocket', { timeout: 120_000 });
    await b.page.locator('input[name="password"]').press('Enter');
    const firstRow = await mark(b.page, '__firstRow');
    // Still the page Enter was pressed in: a reload would have lost the mark.
    const enterAt = await mark(b.page, '__enterAt');
    if (process.env.PHONE_TIMELINE === '1')
      await printTimeline(b.page, `first visit (form usable ${form.toFixed(0)}, Enter ${enterAt.toFixed(0)}, row ${firstRow.toFixed(0)})`);
    // The visit is over once the real-time connection is open (the console opens it when idle,
    // after the first screen) and the network is quiet: what it keeps for later is written.
    await connected;
    await b.page.waitForLoadState('networkidle');
    await b.page.close();

    const again = await b.context.newPage();
    await throttle(b.context, again);
    const profiler = process.env.PHONE_PROFILE ? await startProfile(b.context, again) : undefined;
    await again.goto(`${url}/${LIST}`, { waitUntil: 'commit' });
    const returnVisit = await mark(again, '__firstRow');
    if (profiler) await profiler.stop();
    await again.waitForLoadState('networkidle');
    const returnAnswer = await listAnswerAt(again);
    if (process.env.PHONE_TIMELINE === '1') await printTimeline(again, `return visit (row ${returnVisit.toFixed(0)})`);
    return { form, signIn: firstRow - enterAt, returnVisit, returnAnswer, firstRow };
  } finally {
    await b.close();
  }
}

const ms = (x: number | undefined) => (x === undefined ? 'n/a' : x.toFixed(0));
const verdict = (value: number, goal: number) => (value <= goal ? 'PASS' : 'MISS');

interface Arm {
  name: string;
  url: string;
  close: () => Promise<unknown>;
  runs: Run[];
}

const medians = (runs: Run[]) => ({
  form: median(runs.map((r) => r.form)),
  signIn: median(runs.map((r) => r.signIn)),
  returnVisit: median(runs.map((r) => r.returnVisit)),
  returnAnswer: median(runs.map((r) => r.returnAnswer).filter((x): x is number => x !== undefined)),
  firstRow: median(runs.map((r) => r.firstRow)),
});

function commitOf(dir: string): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: dir, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return path.basename(dir);
  }
}

async function main() {
  requireBuilt();
  const baseline = process.env.PHONE_BASELINE;
  const loadBefore = execFileSync('uptime').toString().trim();
  const arms: Arm[] = [];
  const commit = commitOf(ROOT);
  const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT }).toString().trim() !== '';
  try {
    if (baseline) {
      const b = await startConsole(work, ADMIN, baseline);
      arms.push({
        name: `baseline (${baseline}, ${process.env.PHONE_BASELINE_NAME ?? 'another copy'})`,
        url: b.url,
        close: () => b.app.close(),
        runs: [],
      });
    }
    const ours = await startConsole(work, ADMIN);
    arms.push({
      name: `this checkout (${commit}${dirty ? ', with uncommitted changes' : ''})`,
      url: ours.url,
      close: () => ours.app.close(),
      runs: [],
    });
    for (let i = 0; i < RUNS; i++) {
      // In alternation, each first in turn: a host whose load drifts weighs on both alike.
      const order = i % 2 === 0 ? arms : [...arms].reverse();
      for (const arm of order) {
        const r = await oneRun(arm.url);
        arm.runs.push(r);
        console.log(
          `  ${arm.name.slice(0, 20)} run ${i + 1}: form ${ms(r.form)} ms, Enter -> row ${ms(r.signIn)} ms, return visit ${ms(r.returnVisit)} ms (list answer ${ms(r.returnAnswer)} ms), first visit's row at ${ms(r.firstRow)} ms`,
        );
      }
    }
  } finally {
    for (const arm of arms) await arm.close();
  }
  const loadAfter = execFileSync('uptime').toString().trim();
  const cpus = os.cpus();
  const rows = arms
    .map((arm) => {
      const m = medians(arm.runs);
      const cell = (key: 'form' | 'signIn' | 'returnVisit', goal: number) =>
        `${ms(m[key])} (${arm.runs.map((r) => ms(r[key])).join(', ')}) **${verdict(m[key], goal)}**`;
      return `| ${arm.name} | ${cell('form', GOALS.form)} | ${cell('signIn', GOALS.signIn)} | ${cell('returnVisit', GOALS.returnVisit)} | ${ms(m.returnAnswer)} | ${ms(m.firstRow)} |`;
    })
    .join('\n');
  const file = path.join(ROOT, 'bench/PHONE.md');
  const old = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const history = old.includes(HISTORY_MARK) ? old.slice(old.indexOf(HISTORY_MARK)) : `${HISTORY_MARK}\n`;
  const md = `# The console on a phone on a slow network

Written by \`npm run bench:phone\` (bench/phone.ts, after \`npm run build\`) on ${new Date().toISOString()}, commit
\`${commit}\`${dirty ? ' (with uncommitted changes)' : ''}; ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, Node ${process.version},
Chromium ${await chromiumVersion()}. Host load (\`uptime\`) before: \`${loadBefore}\`; after: \`${loadAfter}\`.
The machine is shared: times are noisy. Beside it: [FIRST-VISIT.md](FIRST-VISIT.md) (bytes, and an unthrottled desktop).

**Method.** Chromium's own throttling through the DevTools protocol, set on each tab before it
navigates: \`Emulation.setCPUThrottlingRate\` ${CPU_SLOWDOWN}x, \`Network.emulateNetworkConditions\` ${NETWORK.latency} ms round trip,
${(NETWORK.downloadThroughput * 8) / 1e6} Mbps down, ${(NETWORK.uploadThroughput * 8) / 1e3} kbps up; a ${PHONE.width} x ${PHONE.height} touch screen. The real server (SQLite, the
sample records) serves the built console with its precompressed files. ${RUNS} runs${arms.length > 1 ? ' of each build, in alternation' : ''}, each in a new
browser profile:

- **(a) sign-in form usable**: \`/${LIST}\` opened signed out, which shows the sign-in page; from
  navigation start until the username and password inputs are laid out and enabled.
- **(b) Enter to first row**: the sample administrator signs in (Enter in the password field); from
  that key press until the first ${LIST} row has text, on \`/${LIST}\`, where the console returns after
  signing in (same page, no reload).
- **(c) return visit**: the tab of (b) closed once quiet, a new tab in the same profile (cached code,
  the stored session, what the console keeps in the browser) opens \`/${LIST}\`; from navigation start
  until the first row has text. Last column: when the list's own answer from the server arrived in
  that visit (median).
- **first visit's row**: from navigation start of (a) to the first row of (b) (median): the form's
  wait, the typing (at once here) and (b) together. A form shown before the console's script has
  arrived moves Enter earlier, and so lengthens (b) by the wait for the console it no longer hides.

Medians in ms (each run's in brackets); goals: (a) ${GOALS.form}, (b) ${GOALS.signIn}, (c) ${GOALS.returnVisit}.

| Build | (a) sign-in form usable | (b) Enter to first row | (c) return visit to first row | (c) list answer | first visit's row |
| --- | --- | --- | --- | ---: | ---: |
${rows}

${history}`;
  fs.writeFileSync(file, md);
  console.log(md);
  fs.rmSync(work, { recursive: true, force: true });
}

await main();
