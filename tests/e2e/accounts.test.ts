import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../fixtures/users';
import { startSmtp, type TestSmtp } from '../fixtures/smtp';
import { samplePicture } from '../../server/startup/sample-image';
import { ADMIN, signIn, startE2E, type E2E } from './harness';
import { expectToast } from './toast';

const PW = 'sturdy-horse-battery';

/** My profile, change password, forgot password (through a real SMTP server) and /logout, in Chromium. */
describe('accounts, end to end in Chromium', () => {
  let e: E2E;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    e = await startE2E({ smtpUrl: smtp.url, mailFrom: 'Console <console@hospital.test>' });
  });
  afterAll(async () => {
    await e.close();
    await smtp.close();
  });

  /** A staff member with an e-mail address, in a group of their own with no grants. */
  async function staff(username: string) {
    const login = await e.app.inject({ method: 'POST', url: '/api/users/user-login/', payload: ADMIN });
    const token = login.json<{ data: { token: string } }>().data.token;
    const created = await e.app.inject({
      method: 'POST',
      url: '/api/group/group-create',
      headers: { 'access-token': token },
      payload: { group_code: `G-${username}`, group_name: username },
    });
    const group = created.json<{ data: { group_id: number } }>().data.group_id;
    await insertUser(e.app.ctx, { username, password: PW, group, slugs: [] });
    const db = e.app.ctx.conn.db;
    await db
      .updateTable('users')
      .set({ user_email: `${username}@hospital.test` })
      .where('username', '=', username)
      .execute();
  }

  async function signOut() {
    await e.page.goto(`${e.url}/logout`);
    await e.page.waitForURL(`${e.url}/login`);
  }

  it('(a) changes my picture and shows it in the app bar without a reload', async () => {
    const { page } = e;
    await signIn(e);
    await page.goto(`${e.url}/users/my-profile`);
    await page.getByRole('button', { name: /change picture/i }).click();
    const dialog = page.getByRole('dialog');
    // A non-image is refused with a clear message and nothing changes.
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
    await dialog.getByRole('button', { name: /^upload$/i }).click();
    await expect.poll(() => page.getByText(/not a picture/i).count()).toBeGreaterThan(0);
    expect(await page.locator('header img').count()).toBe(0);
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await samplePicture('me', 200, 200) });
    // The preview shows the chosen file before it is sent.
    await expect.poll(() => dialog.locator('img').first().getAttribute('src')).toMatch(/^blob:/);
    const navigations: string[] = [];
    page.on('framenavigated', (f) => navigations.push(f.url()));
    await dialog.getByRole('button', { name: /^upload$/i }).click();
    await expect.poll(() => page.locator('header img').first().getAttribute('src')).toMatch(/\/api\/uploads\/users\/.+\.png$/);
    await expect.poll(() => page.getByTestId('profile-picture').locator('img').getAttribute('src')).toMatch(/\/api\/uploads\/users\//);
    expect(navigations).toEqual([]);
    const stored = await e.app.ctx.conn.db
      .selectFrom('users')
      .select('user_picture')
      .where('username', '=', ADMIN.username)
      .executeTakeFirstOrThrow();
    expect(await page.locator('header img').first().getAttribute('src')).toBe(`/api/${stored.user_picture}`);
    await signOut();
  });

  it('(b) changes the password: signed out, the old password fails, the new one works', async () => {
    const { page } = e;
    await staff('nurse');
    await signIn(e, { username: 'nurse', password: PW });
    await page.goto(`${e.url}/users/reset-password`);
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/users/reset-password')) sent++;
    });
    await page.getByLabel(/your e-mail address/i).fill('nurse@hospital.test');
    await page.getByLabel(/^current password/i).fill('not-the-password');
    await page.getByLabel(/^new password/i).fill('calm-river-lantern');
    await page.getByLabel(/^confirm new password/i).fill('calm-river-lanterns');
    await page.getByRole('button', { name: /change password/i }).click();
    await expect.poll(() => page.getByText('Password Not Matched!').count()).toBe(2);
    expect(sent).toBe(0);
    await page.getByLabel(/^confirm new password/i).fill('calm-river-lantern');
    await page.getByRole('button', { name: /change password/i }).click();
    // The server's message highlights the current password field (and only it).
    await expect.poll(() => page.locator('form').getByText('Current Password Invalid!').count()).toBe(1);
    expect(await page.getByLabel(/^current password/i).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel(/^new password/i).getAttribute('aria-invalid')).toBe('false');
    expect(sent).toBe(1);
    await page.getByLabel(/^current password/i).fill(PW);
    await page.getByRole('button', { name: /change password/i }).click();
    await page.waitForURL(`${e.url}/login`);
    // Signed out for real: a protected screen needs a new sign-in.
    await page.goto(`${e.url}/users/my-profile`);
    await page.waitForURL(`${e.url}/login`);
    await page.getByLabel(/username/i).fill('nurse');
    await page.getByLabel(/^password/i).fill(PW);
    await page.getByRole('button', { name: /sign in/i }).click();
    await expect.poll(() => page.getByText('Invalid username or password').count()).toBeGreaterThan(0);
    expect(page.url()).toBe(`${e.url}/login`);
    // The new password works, and the console returns to the screen that asked for a sign-in.
    await page.getByLabel(/^password/i).fill('calm-river-lantern');
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL(`${e.url}/users/my-profile`);
    await expect.poll(() => page.getByRole('heading', { name: 'nurse' }).count()).toBe(1);
    await signOut();
  });

  it('(c) resets a forgotten password with the code from the real SMTP server', async () => {
    const { page } = e;
    await staff('midwife');
    await page.goto(`${e.url}/login`);
    await page.getByRole('link', { name: /forgot password/i }).click();
    await page.waitForURL(`${e.url}/forgot-password`);
    const before = smtp.received.length;
    await page.getByLabel(/e-mail address/i).fill('midwife@hospital.test');
    await page.getByRole('button', { name: /send code/i }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const code = await smtp.codeFor('midwife@hospital.test', before);
    await dialog.getByLabel(/^code/i).fill(code);
    await dialog.getByRole('button', { name: /verify/i }).click();
    await page.waitForURL(`${e.url}/reset-password`);
    expect(page.url()).not.toContain(code);
    await page.getByLabel(/^new password/i).fill('amber-forest-whistle');
    await page.getByLabel(/^confirm new password/i).fill('amber-forest-whistle');
    await expectToast(page, 'Password Reset Successfully', async () => {
      await page.getByRole('button', { name: /save new password/i }).click();
      await page.waitForURL(`${e.url}/login`);
    });
    await signIn(e, { username: 'midwife', password: 'amber-forest-whistle' });
    await signOut();
  });

  it('(d) /logout ends the session on the server, and /branch then lands on /login', async () => {
    const { page } = e;
    await signIn(e);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    await page.goto(`${e.url}/logout`);
    await page.waitForURL(`${e.url}/login`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto(`${e.url}/branch`);
    await page.waitForURL(`${e.url}/login`);
    const check = await e.app.inject({ method: 'GET', url: '/api/users/get-auth-user', headers: { 'access-token': token! } });
    expect(check.statusCode).toBe(401);
    expect(e.foreignRequests).toEqual([]);
  });

  it('(e) a stored session the server has ended lands on /login when the console next opens', async () => {
    const { page } = e;
    // Signed in as signIn() does; the console may land on the screen (d) left, not on /.
    await page.goto(`${e.url}/login`);
    await page.getByLabel(/username/i).fill(ADMIN.username);
    await page.getByLabel(/^password/i).fill(ADMIN.password);
    await page.getByRole('button', { name: /sign in/i }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    // Ended on the server only (as by expiry, or a sign-out elsewhere): the browser still holds it.
    const ended = await e.app.inject({ method: 'GET', url: '/api/users/user-logout/', headers: { 'access-token': token! } });
    expect(ended.statusCode).toBe(200);
    await page.goto(`${e.url}/branch`);
    await page.waitForURL(`${e.url}/login`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expect.poll(() => page.getByRole('button', { name: /sign in/i }).count()).toBe(1);
  });
});
