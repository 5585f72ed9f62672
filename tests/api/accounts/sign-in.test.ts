import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../harness';
import { createSession, hashToken } from '../../../server/auth/sessions';
import { hashPassword } from '../../../server/auth/passwords';
import { signIn, staff, tokenOf } from './helpers';

const PW = 'sturdy-horse-battery';

describe.each(DATABASES)('sign-in, sign-out, sessions and history on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
    await staff(s, { username: 'nurse', password: PW });
    await staff(s, { username: 'clerk', password: PW });
    await staff(s, { username: 'porter', password: PW });
    await staff(s, { username: 'idle', password: PW });
  });
  afterAll(() => s.close());

  const db = () => s.app.ctx.conn.db;
  const me = (token: string) => s.call('GET', '/api/users/get-auth-user', { token });

  it('locks a username for 15 minutes after 5 failures within 15 minutes, whatever the address; others sign in', async () => {
    for (let i = 0; i < 5; i++) {
      const wrong = await signIn(s, 'nurse', 'wrong-password', { ip: `10.0.0.${i + 1}` });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ status: 0, message: 'Invalid username or password' });
    }
    const locked = await signIn(s, 'nurse', PW, { ip: '10.9.9.9' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ status: 0, data: null });
    expect(locked.json().message).toMatch(/try again in 15 minutes/);
    expect((await signIn(s, 'clerk', PW, { ip: '10.0.0.1' })).statusCode).toBe(200);
    // The lock lapses after its 15 minutes (moved into the past here) and the right password works.
    await db()
      .updateTable('login_throttle')
      .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await signIn(s, 'nurse', PW)).statusCode).toBe(200);
    // ...and a success starts the count afresh.
    expect(await db().selectFrom('login_throttle').selectAll().where('username_key', '=', 'nurse').executeTakeFirst()).toBeUndefined();
  });

  it('counts every one of a burst of simultaneous wrong passwords: the lock cannot be outrun', async () => {
    await staff(s, { username: 'burst', password: PW });
    const wrong = await Promise.all(Array.from({ length: 16 }, (_, i) => signIn(s, 'burst', 'wrong-password', { ip: `10.7.0.${i + 1}` })));
    expect(wrong.map((r) => r.statusCode).filter((c) => c !== 401 && c !== 429)).toEqual([]);
    const row = await db().selectFrom('login_throttle').selectAll().where('username_key', '=', 'burst').executeTakeFirstOrThrow();
    expect(row.failures).toBe(wrong.filter((r) => r.statusCode === 401).length);
    expect(row.locked_until).not.toBe('');
    expect((await signIn(s, 'burst', PW, { ip: '10.7.9.9' })).statusCode).toBe(429);
  });

  it('gives no session to a sign-in whose password changed while it was checked', async () => {
    const id = await staff(s, { username: 'changer', password: PW });
    const stale = (await db().selectFrom('users').select('password_hash').where('user_id', '=', id).executeTakeFirstOrThrow())
      .password_hash;
    await db()
      .updateTable('users')
      .set({ password_hash: await hashPassword('a-brand-new-password-2') })
      .where('user_id', '=', id)
      .execute();
    expect(await createSession(db(), id, stale, false, '127.0.0.1', 'test')).toBeUndefined();
    expect(await db().selectFrom('sessions').select('token_hash').where('user_id', '=', id).execute()).toEqual([]);

    // Through the API: a sign-in and a password change at once, 10 rounds. Whatever the order, a
    // token the sign-in answered must not outlive the change.
    const OLD = 'brisk-otter-canvas-4';
    for (let round = 0; round < 10; round++) {
      await db()
        .updateTable('users')
        .set({ password_hash: await hashPassword(OLD) })
        .where('user_id', '=', id)
        .execute();
      const NEW = `fresh-lantern-${round}-meadow`;
      const [signedIn, changed] = await Promise.all([
        signIn(s, 'changer', OLD),
        s.call('PUT', `/api/users/user-update/${id}`, { body: { password: NEW, c_password: NEW } }),
      ]);
      expect(changed.statusCode).toBe(200);
      if (signedIn.statusCode === 200) expect((await me(signedIn.json().data.token as string)).statusCode, `round ${round}`).toBe(401);
      else expect(signedIn.statusCode).toBe(401);
    }
  });

  it('does not lock when the failures are spread over more than 15 minutes', async () => {
    for (let i = 0; i < 4; i++) await signIn(s, 'porter', 'wrong-password');
    await db()
      .updateTable('login_throttle')
      .set({ window_start: new Date(Date.now() - 16 * 60_000).toISOString() })
      .where('username_key', '=', 'porter')
      .execute();
    expect((await signIn(s, 'porter', 'wrong-password')).statusCode).toBe(401);
    expect((await signIn(s, 'porter', PW)).statusCode).toBe(200);
  });

  it('answers unknown usernames exactly like wrong passwords, lock included', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await signIn(s, 'ghost', 'whatever-password'));
    expect(answers.slice(0, 5).map((a) => [a.statusCode, a.json().message])).toEqual(
      Array.from({ length: 5 }, () => [401, 'Invalid username or password']),
    );
    expect(answers[5]!.statusCode).toBe(429);
    // Nothing is written to the history for a username nobody has.
    const rows = await db().selectFrom('login_history').selectAll().where('user_login_username', '=', 'ghost').execute();
    expect(rows).toEqual([]);
  });

  it('records every attempt of a known username with date, username, address, browser and status', async () => {
    await signIn(s, 'clerk', 'wrong-password', { ip: '10.1.1.1', ua: 'Browser-Fail' });
    const token = await tokenOf(s, 'clerk', PW, { ip: '10.1.1.2', ua: 'Browser-Ok' });
    const all = (await s.call('GET', '/api/users/user-login-history/?status=all&limit=50', { token })).json();
    expect(all.status).toBe(1);
    expect(all.data[0]).toMatchObject({
      user_login_username: 'clerk',
      user_login_ip: '10.1.1.2',
      user_login_browser: 'Browser-Ok',
      user_login_status: 1,
      user_login_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(all.data[1]).toMatchObject({ user_login_ip: '10.1.1.1', user_login_browser: 'Browser-Fail', user_login_status: 0 });
    const ok = (await s.call('GET', '/api/users/user-login-history/?status=1', { token })).json();
    expect(ok.data.every((r: { user_login_status: number }) => r.user_login_status === 1)).toBe(true);
    expect(ok.data.length).toBe(all.data.length - 1);
    const failed = (await s.call('GET', '/api/users/user-login-history/?status=0', { token })).json();
    expect(failed.data).toHaveLength(1);
    expect(JSON.stringify(all)).not.toMatch(/password|token/i);
  });

  it('filters the history by date and limit', async () => {
    const token = await tokenOf(s, 'clerk', PW);
    const userId = (await me(token)).json().data.user_id as number;
    await db()
      .insertInto('login_history')
      .values({
        user_login_user: userId,
        user_login_date: new Date('2020-03-15T10:00:00').toISOString(),
        user_login_username: 'clerk',
        user_login_ip: '10.2.2.2',
        user_login_browser: 'Old',
        user_login_status: 1,
      })
      .execute();
    const march = (
      await s.call('GET', '/api/users/user-login-history/?from_date=2020-03-01&to_date=2020-03-15&status=1', { token })
    ).json();
    expect(march.data.map((r: { user_login_ip: string }) => r.user_login_ip)).toEqual(['10.2.2.2']);
    const before = (await s.call('GET', '/api/users/user-login-history/?from_date=2020-03-16&to_date=2020-03-31', { token })).json();
    expect(before).toMatchObject({ status: 1, data: [], message: 'Data Not Found' });
    const one = (await s.call('GET', '/api/users/user-login-history/?limit=1', { token })).json();
    expect(one.data).toHaveLength(1);
    expect(one.total).toBeGreaterThan(1);
    const bad = await s.call('GET', '/api/users/user-login-history/?from_date=yesterday', { token });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('from_date');
  });

  it("reads another user's history only with users/get-user and within the branch", async () => {
    // The users module's catalogue declares this slug; before it lands the menu row is added here.
    const slug = 'users/get-user';
    if (!(await db().selectFrom('menu').select('menu_id').where('menu_slug', '=', slug).executeTakeFirst())) {
      const menu = await db()
        .insertInto('menu')
        .values({
          menu_name: 'Get user',
          menu_slug: slug,
          menu_position: 1,
          main_menu: 0,
          sub_menu: 'No',
          menu_api_method: 'get',
          menu_icon: '',
          menu_shortcut_status: 0,
          menu_visible_status: 0,
          menu_status: 1,
        })
        .returning('menu_id')
        .executeTakeFirstOrThrow();
      const admin = await db().selectFrom('users').select('user_group').where('username', '=', 'admin').executeTakeFirstOrThrow();
      await db().insertInto('permission').values({ permission_group: admin.user_group, menu_id: menu.menu_id }).execute();
      s.app.ctx.permissions.invalidate();
    }
    await staff(s, { username: 'reader', password: PW, branch: 2, slugs: ['users/get-user'] });
    const sameBranch = await staff(s, { username: 'colleague', password: PW, branch: 2 });
    const otherBranch = await staff(s, { username: 'stranger', password: PW, branch: 3 });
    await signIn(s, 'colleague', PW);
    await signIn(s, 'stranger', PW);
    const readerToken = await tokenOf(s, 'reader', PW);
    const same = await s.call('GET', `/api/users/user-login-history/?user=${sameBranch}`, { token: readerToken });
    expect(same.statusCode).toBe(200);
    expect(same.json().data[0].user_login_username).toBe('colleague');
    expect((await s.call('GET', `/api/users/user-login-history/?user=${otherBranch}`, { token: readerToken })).statusCode).toBe(404);
    const plain = await tokenOf(s, 'colleague', PW);
    expect((await s.call('GET', `/api/users/user-login-history/?user=${otherBranch}`, { token: plain })).statusCode).toBe(403);
    // The branch-0 administrator sees every branch.
    expect((await s.call('GET', `/api/users/user-login-history/?user=${otherBranch}`)).json().data[0].user_login_username).toBe('stranger');
    expect((await s.call('GET', '/api/users/user-login-history/', { token: null })).statusCode).toBe(401);
  });

  it('ends the session at once on sign-out', async () => {
    const token = await tokenOf(s, 'clerk', PW);
    expect((await me(token)).statusCode).toBe(200);
    const out = await s.call('GET', '/api/users/user-logout/', { token });
    expect(out.json()).toMatchObject({ status: 1, data: { message: 'Logout Successfully' } });
    expect((await me(token)).statusCode).toBe(401);
    expect((await s.call('GET', '/api/users/user-logout/', { token })).statusCode).toBe(401);
  });

  it('keeps a session 12 hours, or 30 days with remember me', async () => {
    const short = await tokenOf(s, 'clerk', PW);
    const long = await tokenOf(s, 'clerk', PW, { remember: true });
    const rows = await db()
      .selectFrom('sessions')
      .select(['token_hash', 'created_at', 'expires_at'])
      .where('token_hash', 'in', [hashToken(short), hashToken(long)])
      .execute();
    const hours = (t: string) => {
      const r = rows.find((x) => x.token_hash === hashToken(t))!;
      return (Date.parse(r.expires_at) - Date.parse(r.created_at)) / 3600_000;
    };
    expect(hours(short)).toBe(12);
    expect(hours(long)).toBe(24 * 30);
    // Past its end the server refuses it.
    await db()
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(long))
      .execute();
    s.app.ctx.sessions.invalidate();
    expect((await me(long)).statusCode).toBe(401);
  });

  it('ends a session after 30 minutes without a request, and a request keeps it alive', async () => {
    const token = await tokenOf(s, 'idle', PW, { remember: true });
    const key = hashToken(token);
    const setLastUse = async (minutesAgo: number) => {
      await db()
        .updateTable('sessions')
        .set({ last_used_at: new Date(Date.now() - minutesAgo * 60_000).toISOString() })
        .where('token_hash', '=', key)
        .execute();
      s.app.ctx.sessions.invalidate();
    };
    await setLastUse(29);
    expect((await me(token)).statusCode).toBe(200);
    // That request moved the last use to now (it was more than a minute old).
    const row = await db().selectFrom('sessions').select('last_used_at').where('token_hash', '=', key).executeTakeFirstOrThrow();
    expect(Date.now() - Date.parse(row.last_used_at)).toBeLessThan(60_000);
    await setLastUse(31);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('lists my sessions, signs out one of them and all the others', async () => {
    const a = await tokenOf(s, 'porter', PW, { ua: 'Phone', ip: '10.3.0.1' });
    const b = await tokenOf(s, 'porter', PW, { ua: 'Desk', ip: '10.3.0.2' });
    const c = await tokenOf(s, 'porter', PW, { ua: 'Tablet', ip: '10.3.0.3' });
    const list = (await s.call('GET', '/api/users/user-session-list', { token: a })).json();
    expect(list.status).toBe(1);
    const phone = list.data.find((x: { session_browser: string }) => x.session_browser === 'Phone');
    expect(phone).toMatchObject({
      session_ip: '10.3.0.1',
      session_current: true,
      session_started: expect.any(String),
      session_last_used: expect.any(String),
    });
    expect(list.data.filter((x: { session_current: boolean }) => x.session_current)).toHaveLength(1);
    const text = JSON.stringify(list);
    for (const t of [a, b, c]) {
      expect(text).not.toContain(t);
      expect(text).not.toContain(hashToken(t));
    }
    // Another user's view never shows porter's sessions, and cannot end them.
    const clerk = await tokenOf(s, 'clerk', PW);
    const desk = list.data.find((x: { session_browser: string }) => x.session_browser === 'Desk').session_id as string;
    expect((await s.call('DELETE', `/api/users/user-session-delete/${desk}`, { token: clerk })).statusCode).toBe(404);
    expect((await me(b)).statusCode).toBe(200);
    expect((await s.call('DELETE', `/api/users/user-session-delete/${desk}`, { token: a })).json().status).toBe(1);
    expect((await me(b)).statusCode).toBe(401);
    expect((await me(c)).statusCode).toBe(200);
    expect((await s.call('DELETE', '/api/users/user-session-delete-others', { token: a })).json().status).toBe(1);
    expect((await me(c)).statusCode).toBe(401);
    expect((await me(a)).statusCode).toBe(200);
    expect((await s.call('GET', '/api/users/user-session-list', { token: a })).json().data).toHaveLength(1);
  });
});
