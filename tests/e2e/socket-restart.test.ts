import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../fixtures/users';
import { localIn } from '../api/notifications/people';
import { ADMIN, signIn, startE2E, type E2E } from './harness';

const CLERK = { username: 'pharmacy-clerk', password: 'clerk-e2e-password' };
const RESTARTING = 'The server is restarting; reconnecting…';

/**
 * Issue 52, item 2: a graceful restart of the server (what SIGTERM does, as every deployment)
 * closed each open console's socket for good. Now the server says it is restarting, the console
 * connects again once it is back, and a notice sent after the restart reaches the bell.
 */
describe('the live connection after a graceful server restart, end to end in Chromium', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
    await insertUser(e.app.ctx, { ...CLERK, group: 900, slugs: [] });
  });
  afterAll(() => e?.close());

  it('says the server restarts, reconnects by itself, and a notice sent afterwards reaches the clerk’s bell', async () => {
    const { page } = e;
    // socket.io's frames as the browser receives them: "40..." is a connection the server
    // accepted (after checking the session and joining the rooms), '42["restarting"]' the notice.
    const frames: string[] = [];
    page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
    // Or over long-polling (a first attempt while the server is away may end there): packets
    // separated by the record separator.
    page.on('response', (r) => {
      if (!r.url().includes('/socket.io/') || r.request().method() !== 'GET') return;
      r.text().then(
        (text) => frames.push(...text.split('\x1e')),
        () => undefined,
      );
    });
    const accepted = () => frames.filter((f) => f.startsWith('40')).length;
    await signIn(e, CLERK);
    const bell = page.getByRole('button', { name: /^notifications: \d+ unread/i });
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications: 0 unread');
    // What the bell says about its connection, and every toast, recorded as they appear: each may
    // show for a moment only.
    await page.evaluate(() => {
      const w = window as unknown as { statuses: string[]; toasts: string[] };
      w.statuses = [];
      w.toasts = [];
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('[role="status"][aria-label]')) w.statuses.push(el.getAttribute('aria-label') ?? '');
        for (const el of document.querySelectorAll('.MuiSnackbar-root')) if (el.textContent) w.toasts.push(el.textContent);
      }).observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
    });
    // The socket connects once the page is idle: the restart comes after the server accepted it.
    await expect.poll(accepted).toBe(1);

    await e.restart();

    // The server said it restarts; the bell said so; the console connected to the new server by itself.
    await expect.poll(() => frames).toContain('42["restarting"]');
    await expect.poll(() => page.evaluate(() => (window as unknown as { statuses: string[] }).statuses)).toContain(RESTARTING);
    await expect.poll(accepted, { timeout: 30_000 }).toBe(2);
    await expect.poll(() => page.getByRole('status', { name: /reconnecting/i }).count()).toBe(0);

    // A notice for the clerk, sent after the restart, is pushed to the open console.
    const login = await e.app.inject({ method: 'POST', url: '/api/users/user-login/', payload: ADMIN });
    const token = login.json<{ data: { token: string } }>().data.token;
    const user = await e.app.ctx.conn.db
      .selectFrom('users')
      .select('user_id')
      .where('username', '=', CLERK.username)
      .executeTakeFirstOrThrow();
    const sent = await e.app.inject({
      method: 'POST',
      url: '/api/notification/notification-create',
      headers: { 'access-token': token },
      payload: { notification_date: localIn(-1), title: 'Cold chain check after the deployment', type: 'User', user: user.user_id },
    });
    expect(sent.statusCode).toBe(201);
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications: 1 unread');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { toasts: string[] }).toasts))
      .toContain('New notification: Cold chain check after the deployment');
    expect(e.foreignRequests).toEqual([]);
  });
});
