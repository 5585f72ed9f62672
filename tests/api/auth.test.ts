import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DATABASES, startServer, type TestServer } from './harness';
import { insertUser } from '../fixtures/users';

describe.each(DATABASES)('sign-in, sessions and permissions on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
  });
  afterAll(() => s?.close());

  /** A user in a new group granted only the given slugs. */
  async function userWith(username: string, slugs: string[]) {
    const group = (await s.call('POST', '/api/group/group-create', { body: { group_code: `G-${username}`, group_name: username } })).json()
      .data.group_id;
    await insertUser(s.app.ctx, { username, password: 'pw-123456', group, slugs });
    const login = await s.call('POST', '/api/users/user-login/', { body: { username, password: 'pw-123456' }, token: null });
    return login.json().data.token as string;
  }

  it('signs in with the spec data shape and no secrets', async () => {
    const res = await s.call('POST', '/api/users/user-login/', { body: ADMIN, token: null });
    expect(res.statusCode).toBe(200);
    const { data, status } = res.json();
    expect(status).toBe(1);
    expect(data).toMatchObject({
      user_id: expect.any(Number),
      username: 'admin',
      user_status: 1,
      token: expect.any(String),
      user_group: { group_id: expect.any(Number), group_code: 'SUPER_ADMIN', group_name: 'Super Admin' },
      user_branch: { branch_id: 0, branch_code: '', branch_name: '' },
      user_designation: { designation_id: 0, designation_code: '', designation_name: '' },
      user_department: { department_id: 0, department_code: '', department_name: '' },
    });
    expect(data.permissions).toEqual(expect.arrayContaining(['medicine/medicine-create', 'doctors/get-doctors', 'branch/branch-list']));
    expect(JSON.stringify(data)).not.toMatch(/password|\$argon2/);
    const me = (
      await s.call('GET', '/api/users/get-auth-user', { token: data.token, headers: { 'content-type': 'application/json' } })
    ).json();
    expect(me).toMatchObject({ status: 1, data: { user_group: { group_id: data.user_group.group_id } } });
    expect(me.data.token).toBeUndefined();
    expect(JSON.stringify(me)).not.toMatch(/password_hash|\$argon2/);
  });

  it('stores only a hash of the token and an argon2id password hash', async () => {
    const db = s.app.ctx.conn.db;
    const session = await db.selectFrom('sessions').select('token_hash').execute();
    expect(session.some((r) => r.token_hash === s.token)).toBe(false);
    const admin = await db.selectFrom('users').select('password_hash').where('username', '=', 'admin').executeTakeFirstOrThrow();
    expect(admin.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('refuses wrong passwords and missing fields with the envelope', async () => {
    const wrong = await s.call('POST', '/api/users/user-login/', { body: { username: 'admin', password: 'nope' }, token: null });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ status: 0, message: 'Invalid username or password' });
    const unknown = await s.call('POST', '/api/users/user-login/', { body: { username: 'ghost', password: 'nope' }, token: null });
    expect(unknown.json().message).toBe('Invalid username or password');
    const empty = await s.call('POST', '/api/users/user-login/', { body: { username: '' }, token: null });
    expect(empty.statusCode).toBe(422);
  });

  it('answers 401 without a valid token', async () => {
    for (const token of [null, 'forged-token']) {
      const r = await s.call('GET', '/api/branch/branch-list', { token });
      expect(r.statusCode).toBe(401);
      expect(r.json()).toMatchObject({ status: 0, data: null });
    }
  });

  it('answers 403 without the permission slug, 200 with it', async () => {
    const token = await userWith('viewer', ['branch/branch-list', 'branch/get-branch']);
    expect((await s.call('GET', '/api/branch/branch-list', { token })).statusCode).toBe(200);
    const create = await s.call('POST', '/api/branch/branch-create', { token, body: { branch_code: 'NO', branch_name: 'No' } });
    expect(create.statusCode).toBe(403);
    expect(create.json().message).toMatch(/branch\/branch-create/);
    expect((await s.call('GET', '/api/medicine/medicine-list', { token })).statusCode).toBe(403);
    expect((await s.call('GET', '/api/branch/branch-list?status=all', { token })).json().total).toBe(0);
    const me = (await s.call('GET', '/api/users/get-auth-user', { token })).json().data;
    expect(me.permissions.sort()).toEqual(['branch/branch-list', 'branch/get-branch']);
    const menus = (await s.call('GET', '/api/menu/menu-list-permission', { token })).json().data;
    expect(menus.map((m: { menu_slug: string }) => m.menu_slug).sort()).toEqual(['branch/branch-list', 'branch/get-branch']);
  });

  it('a user-level denial takes a group permission away', async () => {
    const token = await userWith('limited', ['department/department-list']);
    const db = s.app.ctx.conn.db;
    const user = await db.selectFrom('users').select('user_id').where('username', '=', 'limited').executeTakeFirstOrThrow();
    const menu = await db
      .selectFrom('menu')
      .select('menu_id')
      .where('menu_slug', '=', 'department/department-list')
      .executeTakeFirstOrThrow();
    await db.insertInto('user_permission').values({ user_id: user.user_id, menu_id: menu.menu_id, permission_status: 0 }).execute();
    s.app.ctx.permissions.invalidate();
    expect((await s.call('GET', '/api/department/department-list', { token })).statusCode).toBe(403);
  });

  it('logs out with data.message and revokes the token', async () => {
    const token = (await s.call('POST', '/api/users/user-login/', { body: ADMIN, token: null })).json().data.token;
    const out = await s.call('GET', '/api/users/user-logout/', { token, headers: { 'content-type': 'application/json' } });
    expect(out.json()).toMatchObject({ status: 1, data: { message: expect.any(String) } });
    expect((await s.call('GET', '/api/users/get-auth-user', { token })).statusCode).toBe(401);
  });

  it('expired sessions are refused', async () => {
    const token = (await s.call('POST', '/api/users/user-login/', { body: ADMIN, token: null })).json().data.token;
    await s.app.ctx.conn.db.updateTable('sessions').set({ expires_at: '2000-01-01T00:00:00.000Z' }).execute();
    // Changed behind the session store's back, so it is told, as any code that edits sessions must.
    s.app.ctx.sessions.invalidate();
    expect((await s.call('GET', '/api/users/get-auth-user', { token })).statusCode).toBe(401);
  });
});
