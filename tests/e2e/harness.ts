import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import type { ServerConfig } from '../../server/config';

/**
 * The real server (built console + API on SQLite in a temp folder) on a free port, and Debian's
 * Chromium driven by playwright-core with a fresh profile. Requests to any other host are refused
 * and recorded: the console must not make any.
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

export interface E2E {
  url: string;
  page: Page;
  context: BrowserContext;
  app: FastifyInstance;
  foreignRequests: string[];
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

/** `config` adds to the defaults below (e.g. `smtpUrl` and `mailFrom` for a test SMTP server). */
export async function startE2E(config: Partial<ServerConfig> = {}): Promise<E2E> {
  ensureBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-e2e-'));
  const { app } = await buildApp({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    adminUsername: ADMIN.username,
    adminPassword: ADMIN.password,
    apiBase: '/api',
    distDir: DIST,
    maxImageBytes: 5 * 1024 * 1024,
    loginRateLimit: 1000,
    seedSamples: true,
    logger: false,
    ...config,
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'console-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1400, height: 900 },
  });
  const foreignRequests: string[] = [];
  const origin = new URL(address).origin;
  await context.route('**/*', (route) => {
    const u = route.request().url();
    if (u.startsWith(origin) || u.startsWith('data:') || u.startsWith('blob:')) return route.continue();
    foreignRequests.push(u);
    return route.abort();
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    url: address,
    page,
    context,
    app,
    foreignRequests,
    async close() {
      await context.close();
      await app.close();
      fs.rmSync(profile, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function signIn(e: E2E, who: { username: string; password: string } = ADMIN) {
  const { page } = e;
  await page.goto(`${e.url}/login`);
  await page.getByLabel(/username/i).fill(who.username);
  await page.getByLabel(/^password/i).fill(who.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL(`${e.url}/`);
}
