/**
 * What the browser benchmarks share (bench/first-visit.ts, bench/phone.ts): the real server with
 * the built console on a fresh data folder, a Chromium profile of its own, and the first list row.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { buildApp } from '../server/app';
import { CHROMIUM_ARGS } from '../tests/e2e/harness';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const DIST = path.join(ROOT, 'dist');

/**
 * The first body cell of a data table that has text: the first row is on screen. On a phone the
 * list is drawn as cards (src/screens/ListCards.tsx): the first card with text.
 */
export const ROW_SELECTOR = '.MuiTableBody-root .MuiTableRow-root .MuiTableCell-body, [data-testid="list-card"]';

export function requireBuilt(): void {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) throw new Error('dist/ is missing: run `npm run build`');
}

/**
 * The real server (buildApp) serving the built console from dist/ with its precompressed files, on
 * SQLite in a new folder under `work`, with the sample records and an administrator signed in as
 * `admin`. `checkout`: another copy of the repository, built (`npm run build` there), whose server
 * and console are served instead (bench/phone.ts compares an older commit in the same run).
 */
export async function startConsole(work: string, admin: { username: string; password: string }, checkout = ROOT) {
  const dataDir = fs.mkdtempSync(path.join(work, 'data-'));
  const build =
    checkout === ROOT
      ? buildApp
      : ((await import(pathToFileURL(path.join(checkout, 'server/app.ts')).href)) as { buildApp: typeof buildApp }).buildApp;
  const { app } = await build({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    adminUsername: admin.username,
    adminPassword: admin.password,
    apiBase: '/api',
    distDir: path.join(checkout, 'dist'),
    maxImageBytes: 5 * 1024 * 1024,
    loginRateLimit: 1000,
    seedSamples: true,
    logger: false,
  });
  return { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
}

export interface OwnBrowser {
  context: BrowserContext;
  page: Page;
  close: () => Promise<void>;
}

/**
 * A Chromium with a new profile under `work`, nothing cached. Requests to other hosts are refused,
 * unless `refuseOtherHosts` is false: Playwright's routing turns the HTTP cache off, so a
 * benchmark of cached visits must do without it (the console asks no other host anyway).
 */
export async function coldBrowser(
  work: string,
  origin: string,
  {
    viewport = { width: 1400, height: 900 },
    refuseOtherHosts = true,
    device = {},
  }: { viewport?: { width: number; height: number }; refuseOtherHosts?: boolean; device?: { isMobile?: boolean; hasTouch?: boolean } } = {},
): Promise<OwnBrowser> {
  const profile = fs.mkdtempSync(path.join(work, 'profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport,
    ...device,
  });
  if (refuseOtherHosts)
    await context.route('**/*', (route) => (route.request().url().startsWith(origin) ? route.continue() : route.abort()));
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Chromium's version, from a browser launched for the asking. */
export async function chromiumVersion(): Promise<string> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const version = browser.version();
  await browser.close();
  return version;
}
