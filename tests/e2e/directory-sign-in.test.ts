import fs from 'node:fs';
import net from 'node:net';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProvider, type TestProvider } from '../fixtures/directory/oidc-provider';
import { consoleSetUp, directorySettings } from '../api/directory/helpers';
import { ADMIN, startE2E, type E2E } from './harness';

/**
 * "Sign in with <name>" in Chromium against a real OpenID provider (oidc-provider on loopback,
 * started here with its own keys and the people whose claims the test sets): the browser leaves
 * for the provider and comes back signed in with the group and branch the mapping gives; a person
 * the mapping places nowhere reads why on the page and nothing is created; signing out ends the
 * provider's session too (RP-initiated logout).
 */
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(AXE);
  return page.evaluate(async () => {
    // axe is the global the script above defined.
    const axe = (
      globalThis as unknown as {
        axe: { run: (c: Document) => Promise<{ violations: { id: string; impact?: string | null; nodes: { target: unknown[] }[] }[] }> };
      }
    ).axe;
    const result = await axe.run(document);
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** A port free now, for the console: the provider must know the console's address before either starts. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

describe('sign-in through the OpenID provider, end to end in Chromium', () => {
  let e: E2E;
  let provider: TestProvider;
  let placed: Awaited<ReturnType<typeof consoleSetUp>>;
  let adminToken: string;

  const db = () => e.app.ctx.conn.db;
  const userNamed = (username: string) =>
    db()
      .selectFrom('users')
      .select(['user_id', 'user_group', 'user_branch', 'user_name'])
      .where('username', '=', username)
      .executeTakeFirst();
  const userCount = async () => (await db().selectFrom('users').select('user_id').execute()).length;

  beforeAll(async () => {
    const port = await freePort();
    const consoleUrl = `http://127.0.0.1:${port}`;
    provider = await startProvider(`${consoleUrl}/sign-in/directory`, `${consoleUrl}/`);
    const directory = directorySettings(provider, {});
    if (directory.oidc) {
      directory.oidc.redirectUri = `${consoleUrl}/sign-in/directory`;
      directory.oidc.postLogoutRedirectUri = `${consoleUrl}/`;
    }
    e = await startE2E({ port, directory });
    // The provider is the one other address the browser may reach: the harness counts every other.
    e.allowHost(provider.issuer);
    const login = await e.app.inject({ method: 'POST', url: '/api/users/user-login/', payload: ADMIN });
    adminToken = login.json<{ data: { token: string } }>().data.token;
    placed = await consoleSetUp({
      call: (method, url, o = {}) =>
        e.app.inject({
          method: method as 'POST',
          url,
          headers: { 'access-token': adminToken },
          ...(o.body !== undefined && { payload: o.body as object }),
        }),
    });
    provider.people.set('sub-lina', {
      preferred_username: 'lina',
      name: 'Lina Ward',
      email: 'lina@hospital.test',
      email_verified: true,
      groups: ['ward-nurses', 'all-staff'],
      branch: 'north',
    });
    provider.people.set('sub-omar', { preferred_username: 'omar', name: 'Omar Porter', groups: ['porters'], branch: 'north' });
    provider.people.set('sub-sara', { preferred_username: 'sara', name: 'Sara Chemist', groups: ['pharmacy'], branch: 'south' });
  });
  afterAll(async () => {
    await e.close();
    await provider.stop();
  });

  /** The sign-in page's button, with the provider naming who signs in there. */
  async function signInWithProvider(sub: string) {
    const { page } = e;
    await page.goto(`${e.url}/login`);
    const button = page.getByRole('button', { name: 'Sign in with Hospital ID' });
    await button.waitFor();
    provider.signInAs(sub);
    await button.click();
  }

  it('offers "Sign in with Hospital ID" on an accessible sign-in page', async () => {
    const { page } = e;
    await page.goto(`${e.url}/login`);
    await page.getByRole('button', { name: 'Sign in with Hospital ID' }).waitFor();
    // The password form stays beside it (PASSWORD_SIGN_IN is on).
    expect(await page.getByLabel(/^password/i).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('goes to the provider and back, signed in with the group and branch the mapping gives', async () => {
    const { page } = e;
    const before = await userCount();
    await signInWithProvider('sub-lina');
    await page.waitForURL(`${e.url}/`);
    // The console's shell, for the person the provider vouched for.
    await expect.poll(() => page.getByText('Lina Ward').count()).toBeGreaterThan(0);
    const lina = await userNamed('lina');
    expect(lina).toMatchObject({ user_group: placed.nurses, user_branch: placed.north, user_name: 'Lina Ward' });
    expect(await userCount()).toBe(before + 1);
    // The browser went to the provider (its authorization endpoint) and to nobody else.
    expect(e.foreignRequests).toEqual([]);
  });

  it('signing out ends the provider session too: the next sign-in there asks who signs in again', async () => {
    const { page } = e;
    const atProvider: string[] = [];
    const seen = (request: { url(): string }) => {
      if (request.url().startsWith(provider.issuer)) atProvider.push(new URL(request.url()).pathname);
    };
    page.on('request', seen);
    await page.goto(`${e.url}/logout`);
    // Through the provider's end-session page (confirmed there), back to the console, signed out.
    await page.waitForURL(`${e.url}/login`);
    page.off('request', seen);
    expect(atProvider).toContain('/session/end');
    expect(atProvider).toContain('/session/end/confirm');
    // Had the provider kept Lina's session, it would sign her in again without asking; it asks,
    // and the person named now (Sara) is who comes back.
    await signInWithProvider('sub-sara');
    await page.waitForURL(`${e.url}/`);
    await expect.poll(() => page.getByText('Sara Chemist').count()).toBeGreaterThan(0);
    expect(await userNamed('sara')).toMatchObject({ user_group: placed.pharmacists, user_branch: placed.south });
    await page.goto(`${e.url}/logout`);
    await page.waitForURL(`${e.url}/login`);
  });

  it('refuses a person the mapping gives no group, saying why on the page, and creates nothing', async () => {
    const { page } = e;
    const before = await userCount();
    await signInWithProvider('sub-omar');
    await page.waitForURL(/\/sign-in\/directory\?/);
    await page.getByRole('heading', { name: 'Sign-in refused' }).waitFor();
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toMatch(/no group the console knows.*ask an administrator/i);
    expect(await page.getByRole('link', { name: /back to sign-in|sign in/i }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await userNamed('omar')).toBeUndefined();
    expect(await userCount()).toBe(before);
    expect(e.foreignRequests).toEqual([]);
  });
});
