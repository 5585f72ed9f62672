/**
 * Issue 14, parts 1 and 2: the console's first visit against the smallest react-admin app
 * (bench/minimal-ra/: one resource, ra-data-simple-rest, ListGuesser, the same library versions),
 * both built and measured in this one run, in Debian's Chromium (never a downloaded browser).
 *
 *   npm run bench:first-visit          # ~5 min: builds both, writes bench/FIRST-VISIT.md
 *   FIRST_VISIT_SKIP_BUILD=1 ...       # reuse dist/ (ours) as it is; the minimal app is always built
 *   FIRST_VISIT_LOADS=7                # cold loads of each app for part 2
 *   FIRST_VISIT_TIMELINE=1             # also print each load's requests (start -> end, ms)
 *   FIRST_VISIT_CPU_PROFILE=<dir>      # and write each load's page CPU profile there (.cpuprofile)
 *
 * Part 1, bytes: every script response a fresh profile receives is recorded. Ours: /medicine while
 * signed out (the console redirects to the sign-in page: "sign-in" is what that page loaded), then
 * signing in, which lands back on the list ("sign-in + list" is everything the visit loaded, up to
 * a quiet second after the first row). The minimal app: its list page. Each script is counted as
 * shipped (raw) and as `gzip -9` of the file (what the issue compares; the servers send brotli).
 *
 * Part 2, time to the first list row: a cold Chromium (new profile each load, the signed-in
 * session already in localStorage for ours) opens the list; the first table body cell with text
 * is timed from navigation start by a MutationObserver in the page. FIRST_VISIT_LOADS loads of
 * each, interleaved (ours, minimal, then minimal, ours, ...), medians compared.
 *
 * Both apps are served by Fastify in this process with precompressed files: ours by the real
 * server (buildApp: SQLite in a temp folder, sample records), the minimal one by a small server
 * answering ra-data-simple-rest's list call with the same medicine rows our API returns.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Page } from 'playwright-core';
import { DIST, ROOT, ROW_SELECTOR, chromiumVersion, coldBrowser as browserIn, median, requireBuilt, startConsole } from './console-visit';

const LOADS = Number(process.env.FIRST_VISIT_LOADS ?? 7);
const ADMIN = { username: 'admin', password: 'bench-first-visit-password' };
const LIST = 'medicine';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'first-visit-'));
const MINIMAL_DIST = path.join(work, 'minimal-dist');
/** The minimal app built with Terser, as ours is (vite.config.ts): a second reference, bytes only. */
const MINIMAL_TERSER_DIST = path.join(work, 'minimal-terser-dist');

function run(args: string[]) {
  execFileSync(args[0]!, args.slice(1), { cwd: ROOT, stdio: 'inherit' });
}

/** Writes .br and .gz beside each text file, as scripts/precompress.ts does for dist/. */
function precompress(dir: string) {
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(js|css|html)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const data = fs.readFileSync(file);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  }
}

function build() {
  const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
  if (process.env.FIRST_VISIT_SKIP_BUILD !== '1') {
    console.log('building the console (npm run build) ...');
    run(['npm', 'run', 'build']);
  }
  requireBuilt();
  console.log('building the minimal react-admin app ...');
  run([process.execPath, vite, 'build', '-c', 'bench/minimal-ra/vite.config.ts', '--outDir', MINIMAL_DIST]);
  precompress(MINIMAL_DIST);
  run([process.execPath, vite, 'build', '-c', 'bench/minimal-ra/vite.config.ts', '--outDir', MINIMAL_TERSER_DIST, '--minify', 'terser']);
}

/** gzip -9 bytes of every script the Terser-built minimal app has (it is one chunk, like the default build). */
function minimalTerserGzip9(): number {
  const assets = path.join(MINIMAL_TERSER_DIST, 'assets');
  return fs
    .readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(assets, f)), { level: 9 }).length, 0);
}

const startOurs = () => startConsole(work, ADMIN);

/** The records our list's first page shows, as ra-data-simple-rest expects them (an `id` each). */
async function medicineRows(url: string): Promise<Record<string, unknown>[]> {
  const login = await fetch(`${url}/api/users/user-login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const token = ((await login.json()) as { data?: { token?: string } }).data?.token;
  if (!token) throw new Error(`sign-in to our API failed (${login.status})`);
  // The list call our console makes for its first page (sorted by id, newest first, 25 rows).
  const res = await fetch(`${url}/api/${LIST}/${LIST}-list/?status=all&page=1&limit=25&sort=medicine_id&order=DESC`, {
    headers: { 'access-token': token },
  });
  const body = (await res.json()) as { data?: unknown };
  const rows = Array.isArray(body.data) ? (body.data as Record<string, unknown>[]) : [];
  if (!rows.length) throw new Error(`our API listed no ${LIST} rows: ${JSON.stringify(body).slice(0, 300)}`);
  return rows.map((r) => ({ id: r.medicine_id, ...r }));
}

async function startMinimal(rows: Record<string, unknown>[]) {
  const app = Fastify({ logger: false });
  await app.register(fastifyStatic, { root: MINIMAL_DIST, preCompressed: true });
  app.get(`/api/${LIST}`, async (_req, reply) =>
    reply
      .header('Content-Range', `${LIST} 0-${rows.length - 1}/${rows.length}`)
      .header('Access-Control-Expose-Headers', 'Content-Range')
      .send(rows),
  );
  return { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
}

/** A cold browser: a new profile, nothing cached. Requests to other hosts are refused. */
const coldBrowser = (origin: string) => browserIn(work, origin);

interface Bytes {
  files: number;
  raw: number;
  gzip9: number;
}

/** Script URLs the page received, from now on. */
function recordScripts(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script' && res.ok()) seen.add(res.url());
  });
  return seen;
}

/** Sums the scripts as files of the built app (raw, and gzip -9 of each file). */
function bytesOf(urls: Iterable<string>, dir: string): Bytes {
  let raw = 0;
  let gzip9 = 0;
  let files = 0;
  for (const u of urls) {
    const file = path.join(dir, decodeURIComponent(new URL(u).pathname));
    const data = fs.readFileSync(file);
    raw += data.length;
    gzip9 += zlib.gzipSync(data, { level: 9 }).length;
    files += 1;
  }
  return { files, raw, gzip9 };
}

async function firstRow(page: Page) {
  await page.waitForFunction((sel) => [...document.querySelectorAll(sel)].some((c) => (c.textContent ?? '').trim() !== ''), ROW_SELECTOR, {
    timeout: 60_000,
    polling: 50,
  });
}

/** Part 1 for ours: the sign-in page, then signing in and landing on the list. */
async function oursSignInPage(url: string) {
  const b = await coldBrowser(new URL(url).origin);
  try {
    const scripts = recordScripts(b.page);
    await b.page.goto(`${url}/login`);
    await b.page.getByLabel(/username/i).waitFor();
    await b.page.waitForLoadState('networkidle');
    return { signIn: bytesOf(scripts, DIST), signInFiles: [...scripts].map((u) => new URL(u).pathname) };
  } finally {
    await b.close();
  }
}

async function oursFirstVisit(url: string) {
  const { signIn, signInFiles } = await oursSignInPage(url);
  const b = await coldBrowser(new URL(url).origin);
  try {
    const scripts = recordScripts(b.page);
    await b.page.goto(`${url}/${LIST}`);
    await b.page.getByLabel(/username/i).waitFor();
    await b.page.getByLabel(/username/i).fill(ADMIN.username);
    await b.page.getByLabel(/^password/i).fill(ADMIN.password);
    // The signed-in console opens its real-time connection once the first screen is drawn and the
    // page is idle, after the chunks it loads on the way (the socket client among them): the end
    // of the visit is that connection, an event, not a time that a busy host would outrun.
    const connected = b.page.waitForEvent('websocket', { timeout: 60_000 });
    await b.page.getByRole('button', { name: /sign in/i }).click();
    await b.page.waitForURL(new RegExp(`/${LIST}`), { timeout: 60_000 });
    await firstRow(b.page);
    const toFirstRow = bytesOf(scripts, DIST);
    await connected;
    const whole = bytesOf(scripts, DIST);
    const storage = await b.page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
    return { signIn, signInFiles, toFirstRow, whole, files: [...scripts].map((u) => new URL(u).pathname), storage };
  } finally {
    await b.close();
  }
}

async function minimalFirstVisit(url: string) {
  const b = await coldBrowser(new URL(url).origin);
  try {
    const scripts = recordScripts(b.page);
    await b.page.goto(`${url}/#/${LIST}`);
    await firstRow(b.page);
    await b.page.waitForTimeout(1500);
    return { whole: bytesOf(scripts, MINIMAL_DIST), files: [...scripts].map((u) => new URL(u).pathname) };
  } finally {
    await b.close();
  }
}

/** One cold load, in ms from navigation start to the first row cell with text. */
async function coldFirstRow(url: string, storage: Record<string, string> | undefined): Promise<number> {
  const b = await coldBrowser(new URL(url).origin);
  try {
    // A string, not a function: tsx would wrap a function's inner names in a helper the page lacks.
    await b.context.addInitScript(`(() => {
      const stored = ${JSON.stringify(storage ?? {})};
      for (const [k, v] of Object.entries(stored)) localStorage.setItem(k, v);
      const sel = ${JSON.stringify(ROW_SELECTOR)};
      const check = () => {
        if (window.__firstRow !== undefined) return;
        if ([...document.querySelectorAll(sel)].some((c) => (c.textContent || '').trim() !== '')) window.__firstRow = performance.now();
      };
      new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
      // Main-thread tasks over 50 ms, for the timeline (FIRST_VISIT_TIMELINE=1).
      window.__longTasks = [];
      try {
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
        }).observe({ type: 'longtask', buffered: true });
      } catch (e) {}
    })();`);
    const errors: string[] = [];
    b.page.on('pageerror', (e) => errors.push(e.message));
    const profileDir = process.env.FIRST_VISIT_CPU_PROFILE;
    const cdp = profileDir ? await b.context.newCDPSession(b.page) : undefined;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await b.page.goto(url);
    try {
      const handle = await b.page.waitForFunction(() => (window as unknown as { __firstRow?: number }).__firstRow, undefined, {
        timeout: 60_000,
        polling: 100,
      });
      const firstRow = Number(await handle.jsonValue());
      if (cdp && profileDir) {
        const { profile } = await cdp.send('Profiler.stop');
        fs.mkdirSync(profileDir, { recursive: true });
        const name = `${url.includes('#') ? 'minimal' : 'ours'}-${Date.now()}.cpuprofile`;
        fs.writeFileSync(path.join(profileDir, name), JSON.stringify(profile));
      }
      if (process.env.FIRST_VISIT_TIMELINE === '1') await printTimeline(b.page, url, firstRow);
      return firstRow;
    } catch (e) {
      const text = await b.page.evaluate(() => document.body.innerText.slice(0, 300));
      throw new Error(`no first row at ${b.page.url()} (page says: ${text}; errors: ${errors.join(' | ')})`, { cause: e });
    }
  } finally {
    await b.close();
  }
}

/** Where a load's time went: every request the page made, from its start to its last byte. */
async function printTimeline(page: Page, url: string, firstRow: number) {
  const entries = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => {
      const r = e as PerformanceResourceTiming;
      return { name: new URL(r.name).pathname + new URL(r.name).search, start: r.startTime, end: r.responseEnd };
    }),
  );
  const tasks = await page.evaluate(() => (window as unknown as { __longTasks: [number, number][] }).__longTasks);
  const lines = [
    ...entries.map((e) => ({
      at: e.start,
      text: `${e.start.toFixed(0).padStart(5)} -> ${e.end.toFixed(0).padStart(5)}  ${e.name.slice(0, 90)}`,
    })),
    ...tasks.map(([start, duration]) => ({
      at: start,
      text: `${start.toFixed(0).padStart(5)} -> ${(start + duration).toFixed(0).padStart(5)}  (main-thread task, ${duration.toFixed(0)} ms)`,
    })),
  ].sort((a, b) => a.at - b.at);
  const elements = await page.evaluate(() => document.querySelectorAll('body *').length);
  console.log(`timeline of ${url} (first row at ${firstRow.toFixed(0)} ms, ${elements} elements in the page after it):`);
  for (const l of lines) console.log(`  ${l.text}`);
}

const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;
const ratio = (a: number, b: number) => (a / b).toFixed(3);

async function main() {
  build();
  const ours = await startOurs();
  const minimal = await startMinimal(await medicineRows(ours.url));
  try {
    console.log('part 1: first visit bytes ...');
    const o = await oursFirstVisit(ours.url);
    const m = await minimalFirstVisit(minimal.url);

    console.log(`part 2: ${LOADS} cold loads of each, interleaved ...`);
    const times = { ours: [] as number[], minimal: [] as number[] };
    for (let i = 0; i < LOADS; i++) {
      const order = i % 2 === 0 ? (['ours', 'minimal'] as const) : (['minimal', 'ours'] as const);
      for (const which of order) {
        const t =
          which === 'ours'
            ? await coldFirstRow(`${ours.url}/${LIST}`, o.storage)
            : await coldFirstRow(`${minimal.url}/#/${LIST}`, undefined);
        times[which].push(t);
        console.log(`  ${which.padEnd(7)} ${t.toFixed(0)} ms`);
      }
    }

    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT }).toString().trim() !== '';
    const chromium = await chromiumVersion();
    const cpus = os.cpus();
    const budget = 1.1 * m.whole.gzip9;
    const minimalTerser = minimalTerserGzip9();
    const medOurs = median(times.ours);
    const medMin = median(times.minimal);
    const row = (name: string, b: Bytes, base: Bytes) =>
      `| ${name} | ${b.files} | ${b.raw.toLocaleString('en')} | ${b.gzip9.toLocaleString('en')} | ${ratio(b.raw, base.raw)} | ${ratio(b.gzip9, base.gzip9)} |`;
    const md = `# First visit: the console against the minimal react-admin app

Written by \`npm run bench:first-visit\` (bench/first-visit.ts) on ${new Date().toISOString()}, commit
\`${commit}\`${dirty ? ' (with uncommitted changes)' : ''}; ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB,
Node ${process.version}, Chromium ${chromium}. The machine may be shared: times are noisy, bytes are not.

## Part 1: JavaScript a first visit downloads

Every script response in a fresh profile, counted as the built file (raw) and \`gzip -9\` of it.
Ours, sign-in page: \`/login\` in a fresh profile. Ours, whole visit: \`/${LIST}\` signed out (react-admin
starts the list's layout, then redirects to the sign-in page), signing in, back on the list.
Minimal: its list page \`/#/${LIST}\` (no sign-in).

| Visit | files | raw bytes | gzip -9 bytes | raw ÷ minimal | gzip ÷ minimal |
| --- | ---: | ---: | ---: | ---: | ---: |
${row('minimal app: list', m.whole, m.whole)}
${row('ours: sign-in page', o.signIn, m.whole)}
${row('ours: sign-in page, then the list, to its first row', o.toFirstRow, m.whole)}
${row('ours: sign-in page, then the list, until the real-time connection is open', o.whole, m.whole)}

Target: ours ≤ 1.1 × minimal = ${Math.floor(budget).toLocaleString('en')} bytes gzip -9. Counting everything the visit
fetched until the console's real-time connection opened (the socket client loads once the first
screen is drawn and the page is idle) → **${o.whole.gzip9 <= budget ? 'PASS' : 'MISS'}** (${ratio(o.whole.gzip9, m.whole.gzip9)}×); counting what
the sign-in page and the list needed to show its first row → **${o.toFirstRow.gzip9 <= budget ? 'PASS' : 'MISS'}** (${ratio(o.toFirstRow.gzip9, m.whole.gzip9)}×).

The minimal app is built with Vite's defaults, as a user would build it; ours is minified with Terser
(vite.config.ts). Built with Terser too, the minimal app is ${minimalTerser.toLocaleString('en')} bytes gzip -9, and ours ÷ that
= ${ratio(o.whole.gzip9, minimalTerser)}×.

Scripts of the sign-in page: ${o.signInFiles.map((f) => `\`${path.basename(f)}\``).join(', ')}.
Added by the list: ${o.files
      .filter((f) => !o.signInFiles.includes(f))
      .map((f) => `\`${path.basename(f)}\``)
      .join(', ')}.

## Part 2: first list row in a cold Chromium

${LOADS} loads of each, interleaved, each in a new profile (ours with the signed-in session in
localStorage), timed from navigation start to the first table body cell with text.

| App | median ms | loads (ms) |
| --- | ---: | --- |
| minimal | ${medMin.toFixed(0)} | ${times.minimal.map((t) => t.toFixed(0)).join(', ')} |
| ours | ${medOurs.toFixed(0)} | ${times.ours.map((t) => t.toFixed(0)).join(', ')} |

Target: ours no slower than minimal → **${medOurs <= medMin ? 'PASS' : 'MISS'}** (ours ÷ minimal = ${ratio(medOurs, medMin)}).
Note: ours also checks the session with the server and loads its menu before the list; the minimal
app has no authentication at all.
`;
    fs.writeFileSync(path.join(ROOT, 'bench/FIRST-VISIT.md'), md);
    console.log(md);
    console.log(`sizes: ours ${kB(o.whole.gzip9)} gzip -9 vs minimal ${kB(m.whole.gzip9)}`);
  } finally {
    await ours.app.close();
    await minimal.app.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
