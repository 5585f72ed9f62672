import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { ADMIN, startE2E, type E2E } from './harness';

/**
 * The sign-in form index.html shows a signed-out visitor before the console's script has arrived
 * (scripts/vite-early-sign-in.ts, public/session-boot.js, src/pages/earlySignIn.ts): it can be
 * typed in and submitted at once, and the console's own sign-in page takes it over. The console's
 * main script is held back here until the test lets it through, as a slow network would.
 */
describe('the sign-in form before the console has loaded', () => {
  let e: E2E;
  let page: Page;
  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => {
    await e.close();
  });

  /** Holds the console's main script (the module entry of index.html) until the returned function is called. */
  async function holdConsole(p: Page): Promise<() => Promise<void>> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held = async (route: Route) => {
      await released;
      await route.continue();
    };
    // Left in place: once released it lets every request through at once (an unroute would
    // answer the held request itself).
    await p.route('**/assets/index-*.js', held);
    return () => {
      release();
      return Promise.resolve();
    };
  }

  const earlyForm = (p: Page) => p.locator('#early-sign-in');
  const consoleForm = (p: Page) => p.locator('form:not(#early-sign-in) input[name="username"]');

  it('takes what was typed and an early Enter over, and signs in to the list it was opened on', async () => {
    page = await e.context.newPage();
    const release = await holdConsole(page);
    await page.goto(`${e.url}/medicine`, { waitUntil: 'commit' });
    await expect.poll(() => earlyForm(page).isVisible()).toBe(true);
    expect(await consoleForm(page).count()).toBe(0);
    await page.getByLabel(/username/i).fill(ADMIN.username);
    await page.getByLabel(/^password/i).fill(ADMIN.password);
    await page.getByLabel(/^password/i).press('Enter');
    await expect.poll(() => page.getByRole('button', { name: /processing/i }).isDisabled()).toBe(true);
    await release();
    await page.waitForURL(`${e.url}/medicine`);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token') !== null)).toBe(true);
    expect(await page.locator('#early-sign-in-page').count()).toBe(0);
    await page.close();
  });

  it('gives a half-typed form and its focus to the console, without signing in', async () => {
    const fresh = await e.browser.newContext();
    page = await fresh.newPage();
    const release = await holdConsole(page);
    await page.goto(`${e.url}/login`, { waitUntil: 'commit' });
    await page.getByLabel(/username/i).fill('nurs');
    await release();
    await expect.poll(() => consoleForm(page).inputValue()).toBe('nurs');
    expect(await page.locator('#early-sign-in-page').count()).toBe(0);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('username');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // The page drawn again (the remember box) keeps what was typed.
    await page.getByLabel(/remember me/i).check();
    await expect.poll(() => page.getByLabel(/remember me/i).isChecked()).toBe(true);
    expect(await consoleForm(page).inputValue()).toBe('nurs');
    await fresh.close();
  });

  it('is not shown to a signed-in visitor nor on the pages a signed-out visitor opens on their own', async () => {
    const fresh = await e.browser.newContext();
    page = await fresh.newPage();
    let release = await holdConsole(page);
    await page.goto(`${e.url}/forgot-password`, { waitUntil: 'commit' });
    await page.locator('#early-sign-in').waitFor({ state: 'attached' });
    expect(await earlyForm(page).isVisible()).toBe(false);
    await release();
    await page.goto(`${e.url}/login`);
    await page.getByLabel(/username/i).fill(ADMIN.username);
    await page.getByLabel(/^password/i).fill(ADMIN.password);
    await page.getByRole('button', { name: /^sign in$/i }).click();
    await page.waitForURL(`${e.url}/`);
    release = await holdConsole(page);
    await page.goto(`${e.url}/medicine`, { waitUntil: 'commit' });
    await page.locator('#early-sign-in').waitFor({ state: 'attached' });
    expect(await earlyForm(page).isVisible()).toBe(false);
    await release();
    await fresh.close();
  });
  it("loads the page's blocking scripts from files a browser keeps for good", async () => {
    // Under plain names (/theme-boot.js) a return visit asked for them again and waited a round trip
    // before the cached console could start (scripts/vite-boot-scripts.ts).
    const html = await (await fetch(`${e.url}/medicine`)).text();
    const scripts = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(scripts.filter((src) => /(theme|session)-boot/.test(src))).toHaveLength(2);
    for (const src of scripts) {
      expect(src).toMatch(/^\/assets\//);
      const answer = await fetch(`${e.url}${src}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toMatch(/immutable/);
    }
  });
});
