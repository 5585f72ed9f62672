import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { insertUser } from '../fixtures/users';
import { ADMIN, signIn, startE2E, type E2E } from './harness';
import { navigate } from './a11y-routes';

const PW = 'sturdy-horse-battery';

/** The code an authenticator app shows for this secret, `steps` 30-second steps from now. */
const codeFor = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** axe-core's serious and critical findings on the page as it is now (ids and where). */
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

/** The second factor and the lock screen in Chromium: an authenticator app, a passkey, the lock. */
describe('second factor and lock screen, end to end in Chromium', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => {
    await e.close();
  });

  async function staff(username: string) {
    const login = await e.app.inject({ method: 'POST', url: '/api/users/user-login/', payload: ADMIN });
    const token = login.json<{ data: { token: string } }>().data.token;
    const created = await e.app.inject({
      method: 'POST',
      url: '/api/group/group-create',
      headers: { 'access-token': token },
      payload: { group_code: `G-${username}`, group_name: username },
    });
    await insertUser(e.app.ctx, { username, password: PW, group: created.json<{ data: { group_id: number } }>().data.group_id, slugs: [] });
  }
  async function signOut(base = e.url) {
    await e.page.goto(`${base}/logout`);
    await e.page.waitForURL(`${base}/login`);
  }
  async function typePassword(base: string, username: string) {
    await e.page.goto(`${base}/login`);
    await e.page.getByLabel(/username/i).fill(username);
    await e.page.getByLabel(/^password/i).fill(PW);
    await e.page.getByRole('button', { name: /^sign in$/i }).click();
  }

  it('(a) sets up an authenticator app from My profile (QR drawn here, key as text) and signs in with its code', async () => {
    const { page } = e;
    await staff('ward-nurse');
    await signIn(e, { username: 'ward-nurse', password: PW });
    // Inside the console the sign-in started (as the profile link would), without loading it again.
    await navigate(page, '/users/my-profile');
    await page.getByRole('button', { name: /^set up$/i }).click();
    const qr = page.getByRole('img', { name: /qr code for your authenticator app/i });
    await expect.poll(() => qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const secret = (await page.locator('input[data-secret]').getAttribute('data-secret')) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await qr.getAttribute('data-otpauth')).toContain(`secret=${secret}`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel(/first code from the app/i).fill(codeFor(secret));
    await page.getByRole('button', { name: /^confirm$/i }).click();
    await expect.poll(() => page.locator('[data-recovery-code]').count()).toBe(10);
    await page.getByRole('button', { name: /i have saved them/i }).click();
    await expect.poll(() => page.getByText(/authenticator app: on/i).count()).toBe(1);

    await signOut();
    await typePassword(e.url, 'ward-nurse');
    await expect.poll(() => page.getByRole('heading', { name: /second step/i }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    // A wrong code says so and stays; the app's next code signs in.
    await page.getByLabel(/^code/i).fill('000000' === codeFor(secret, 1) ? '111111' : '000000');
    await page.getByRole('button', { name: /^verify$/i }).click();
    await expect
      .poll(() =>
        page
          .getByRole('alert')
          .filter({ hasText: /invalid code/i })
          .count(),
      )
      .toBe(1);
    await page.getByLabel(/^code/i).fill(codeFor(secret, 1));
    await page.getByRole('button', { name: /^verify$/i }).click();
    await page.waitForURL(`${e.url}/`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await signOut();
  });

  it('(b) registers a passkey through the virtual authenticator, then signs in with it instead of a password', async () => {
    const { page } = e;
    // Passkeys need a host name (an address like 127.0.0.1 cannot be a relying party): the same server as localhost.
    const local = e.url.replace('127.0.0.1', 'localhost');
    e.allowHost(local);
    const cdp = await e.context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await staff('reception');
    await typePassword(local, 'reception');
    await page.waitForURL(`${local}/`);
    await navigate(page, '/users/my-profile');
    await page.getByLabel(/name of this passkey/i).fill('Reception desk');
    await page.getByRole('button', { name: /^add a passkey$/i }).click();
    await expect.poll(() => page.getByRole('listitem').filter({ hasText: 'Reception desk' }).count()).toBe(1);

    await signOut(local);
    await page.getByRole('button', { name: /use a passkey instead/i }).click();
    await page.waitForURL(`${local}/`);
    expect(await page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { username?: string }).username)).toBe(
      'reception',
    );
    await signOut(local);
  });

  it('(c) locks after the idle time over a half-filled form, hiding it, and unlocking returns to it with its values', async () => {
    const { page } = e;
    await signIn(e);
    // The form is filled first, with a long idle time (the harness gives its contexts an hour). Playwright's fill is no key
    // press, so it never restarted the idle timer: with the few seconds set before the page loaded,
    // the lock sometimes came while the dialog was still loading or being filled, and the fill then
    // went to the lock screen (the flaky story of vitest.config.ts's retry).
    await page.evaluate(() => localStorage.removeItem('lock-idle-seconds'));
    await page.goto(`${e.url}/group/create`);
    const code = page.locator('input[name=group_code]');
    await code.fill('HALF-DONE');
    await page.locator('input[name=group_name]').fill('Half filled');
    // From the first moment the lock is there, and at every change while it is, the form's place on
    // the screen must be under something opaque (not a fading, see-through layer).
    await page.evaluate(() => {
      const w = window as unknown as { lockSeen: string[] };
      w.lockSeen = [];
      const input = document.querySelector('input[name=group_code]')!;
      const look = () => {
        if (!document.querySelector('[data-testid=lock-screen], [data-testid=lock-cover]')) return;
        const r = input.getBoundingClientRect();
        let covered = false;
        for (const el of document.elementsFromPoint(r.left + r.width / 2, r.top + r.height / 2)) {
          if (el === input || el.contains(input)) break;
          let opacity = 1;
          for (let n: Element | null = el; n; n = n.parentElement) opacity *= Number(getComputedStyle(n).opacity);
          const bg = getComputedStyle(el).backgroundColor;
          const alpha = bg.startsWith('rgba') ? Number(bg.slice(bg.lastIndexOf(',') + 1, -1)) : bg.startsWith('rgb') ? 1 : 0;
          if (opacity === 1 && alpha === 1) {
            covered = true;
            break;
          }
        }
        w.lockSeen.push(covered ? 'covered' : 'exposed');
      };
      new MutationObserver(look).observe(document.body, { childList: true, subtree: true, attributes: true });
    });
    // Now a few seconds of idleness lock it: the timer starts again (with the new time) at a pointer move.
    await page.evaluate(() => localStorage.setItem('lock-idle-seconds', '3'));
    await page.mouse.move(3, 3);
    const lock = page.getByTestId('lock-screen');
    await expect.poll(() => lock.count(), { timeout: 20_000 }).toBe(1);
    await lock.getByLabel(/^password/i).waitFor();
    const seen = await page.evaluate(() => (window as unknown as { lockSeen: string[] }).lockSeen);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((s) => s !== 'covered')).toEqual([]);
    // The page behind is out of reach: inert (no focus, no find-in-page) and hidden from assistive technology.
    expect(await code.evaluate((el) => el.closest('[inert]') !== null && el.closest('[aria-hidden="true"]') !== null)).toBe(true);
    expect(await page.getByRole('textbox', { name: /code/i }).count()).toBe(0);
    // The open dialog stays behind the lock with what was typed.
    expect(await code.inputValue()).toBe('HALF-DONE');
    expect(await seriousViolations(page)).toEqual([]);
    await page.evaluate(() => localStorage.setItem('lock-idle-seconds', '600'));
    await lock.getByLabel(/^password/i).fill('not-the-password');
    await lock.getByRole('button', { name: /^unlock$/i }).click();
    await expect.poll(() => lock.getByRole('alert').count()).toBe(1);
    await lock.getByLabel(/^password/i).fill(ADMIN.password);
    await lock.getByRole('button', { name: /^unlock$/i }).click();
    await expect.poll(() => lock.count()).toBe(0);
    expect(await code.inputValue()).toBe('HALF-DONE');
    expect(await page.locator('input[name=group_name]').inputValue()).toBe('Half filled');
    expect(page.url()).toBe(`${e.url}/group/create`);
    // Given back: reachable again.
    expect(await code.evaluate((el) => el.closest('[inert]') === null)).toBe(true);

    // "Lock" from the profile menu, and another person signs in instead: the first user is signed out.
    // The half-filled form asks before it is thrown away.
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Discard the changes?' }).getByRole('button', { name: 'Discard' }).click();
    await page.waitForURL(`${e.url}/group`);
    await navigate(page, '/');
    await page.getByRole('button', { name: /profile/i }).click();
    await page.getByRole('menuitem', { name: /^lock$/i }).click();
    await expect.poll(() => lock.count()).toBe(1);
    await lock.getByRole('button', { name: /sign in as someone else/i }).click();
    await page.waitForURL(`${e.url}/login`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(e.foreignRequests).toEqual([]);
  });
});
