import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import type { ServerConfig } from '../../server/config';

/**
 * The real server (built console + API on SQLite in a temp folder) on a free port, and Debian's
 * Chromium driven by playwright-core in a fresh context. Requests to any other host are refused
 * and recorded: the console must not make any. Under vitest the project's global setup starts one
 * Chromium for every file (each file gets its own context) and prepares one database that each
 * server starts from a copy of; elsewhere (bench/) each call launches and prepares its own.
 * No demo records are seeded: each file makes the records it needs (see records.ts).
 */
export const ADMIN = { username: 'admin', password: 'e2e-admin-password' };
const ROOT = path.resolve(import.meta.dirname, '../..');
// E2E_DIST lets a second working copy of the console be built elsewhere while another run uses dist/.
const DIST = process.env.E2E_DIST ?? path.join(ROOT, 'dist');

/** Debian's Chromium, headless, quiet: no first-run pages, no background or update traffic. Shared with bench/. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The end-to-end Chromium reaches no host but this machine (localhost, 127.0.0.1, where the console
 * and the test's own servers listen): a request to another host fails at once, as the console must
 * never make one, and the harness lists it in `foreignRequests`.
 */
export const FOREIGN_HOSTS_UNREACHABLE = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1';

export interface E2E {
  url: string;
  page: Page;
  context: BrowserContext;
  /** The browser `context` lives in: more contexts (a second user) come from it, not from another launch. */
  browser: Browser;
  app: FastifyInstance;
  /** Requests the browser made to any host but the console's (and those `allowHost` let in): none is expected. */
  foreignRequests: string[];
  /** Lets the browser reach one more address (`http://host:port`) without counting it as foreign. */
  allowHost(origin: string): void;
  /** Watches another context of `browser` (a second user) for foreign requests too. */
  watch(context: BrowserContext): void;
  /**
   * A graceful restart, as `npm start` does on SIGTERM (server/main.ts: `app.close()`), then a new
   * server from the same data folder on the same port; `app` is the new one afterwards.
   */
  restart(): Promise<void>;
  close(): Promise<void>;
}

function ensureBuilt() {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) {
    execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', DIST, '--emptyOutDir'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's shared Chromium (`chromium.launchServer`), set by tests/e2e/global-setup.ts. */
    chromiumEndpoint?: string;
    /** A data folder prepared with the settings below (no demo records), to copy for each server. */
    e2eTemplate?: string;
  }
}

const provided = <K extends 'chromiumEndpoint' | 'e2eTemplate'>(key: K) => (process.env.VITEST ? inject(key) : undefined);

/** The settings of every end-to-end server; `seedSamples` and the administrator are what a start writes. */
export function e2eConfig(dataDir: string): ServerConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    adminUsername: ADMIN.username,
    adminPassword: ADMIN.password,
    apiBase: '/api',
    distDir: DIST,
    maxImageBytes: 5 * 1024 * 1024,
    loginRateLimit: 1000,
    seedSamples: false,
    logger: false,
  };
}

/** Settings that change nothing a start writes to the database: a copied template serves them. */
const RUNTIME_ONLY = new Set<string>([
  'smtpUrl',
  'mailFrom',
  'sessionIdleMs',
  'listCache',
  'readerThreads',
  'uploads',
  'loginRateLimit',
  'maxImageBytes',
  // The port a test chose ahead (a provider must know the console's address before it starts).
  'port',
  // Sign-in through a directory is read at start and per request; the template has its tables.
  'directory',
]);

/**
 * The console locks after 5 minutes without a key, pointer or scroll (LockWatcher). A test drives
 * it mostly by navigation and `fill`, neither of which is such an event, so a long file on a loaded
 * host (the accessibility walks: over 5 minutes at a load of 15-20) was locked half-way and every
 * later screen failed behind the lock. Its contexts start with an hour unless a test sets its own
 * time (the lock's own stories do, in seconds).
 */
async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addInitScript(() => {
    if (localStorage.getItem('lock-idle-seconds') === null) localStorage.setItem('lock-idle-seconds', '3600');
  });
  return context;
}

async function openBrowser(): Promise<{ browser: Browser; context: BrowserContext; dispose: () => Promise<void> }> {
  const endpoint = provided('chromiumEndpoint');
  if (endpoint) {
    const browser = await chromium.connect(endpoint);
    const context = await newContext(browser);
    // Closing the connection closes this file's contexts; the shared Chromium goes on.
    return { browser, context, dispose: () => browser.close() };
  }
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_ARGS, FOREIGN_HOSTS_UNREACHABLE],
  });
  const context = await newContext(browser);
  return { browser, context, dispose: () => browser.close() };
}

/** `config` adds to the defaults above (e.g. `smtpUrl` and `mailFrom` for a test SMTP server). */
export async function startE2E(config: Partial<ServerConfig> = {}): Promise<E2E> {
  ensureBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-e2e-'));
  const template = provided('e2eTemplate');
  if (template && Object.keys(config).every((k) => RUNTIME_ONLY.has(k))) fs.cpSync(template, dataDir, { recursive: true });
  const settings = { ...e2eConfig(dataDir), ...config };
  const { app } = await buildApp(settings);
  const address = await app.listen({ port: settings.port, host: '127.0.0.1' });
  const { browser, context, dispose } = await openBrowser();
  const foreignRequests: string[] = [];
  const allowed = [new URL(address).origin, 'data:', 'blob:'];
  // Watched, not intercepted: routing every request through Playwright made each one wait for this
  // worker's event loop (busy serving the same page) on a shared machine. The shared Chromium
  // cannot reach another host anyway (FOREIGN_HOSTS_UNREACHABLE, tests/e2e/global-setup.ts).
  const watch = (c: BrowserContext) =>
    c.on('request', (request) => {
      const u = request.url();
      if (!allowed.some((prefix) => u.startsWith(prefix))) foreignRequests.push(u);
    });
  watch(context);
  const page = context.pages()[0] ?? (await context.newPage());
  const e: E2E = {
    url: address,
    page,
    context,
    browser,
    app,
    foreignRequests,
    allowHost: (origin) => allowed.push(new URL(origin).origin),
    watch,
    async restart() {
      await e.app.close();
      const next = await buildApp(settings);
      await next.app.listen({ port: Number(new URL(address).port), host: '127.0.0.1' });
      e.app = next.app;
    },
    async close() {
      await context.close();
      await dispose();
      await e.app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return e;
}

export async function signIn(e: E2E, who: { username: string; password: string } = ADMIN) {
  const { page } = e;
  await page.goto(`${e.url}/login`);
  await page.getByLabel(/username/i).fill(who.username);
  await page.getByLabel(/^password/i).fill(who.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL(`${e.url}/`);
}

/** Whether the page's socket is open and socket.io's handshake is done (its `40` packet); watched from now on. */
export function watchSocket(page: Page): { connected: () => boolean } {
  let open = 0;
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/socket.io')) return;
    ws.on('framereceived', ({ payload }) => {
      if (String(payload).startsWith('40')) open += 1;
    });
    ws.on('close', () => {
      open = Math.max(0, open - 1);
    });
  });
  return { connected: () => open > 0 };
}
