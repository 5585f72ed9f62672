import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, multipart, png, type TestServer } from '../harness';
import { PASSWORD, USER_SLUGS, world, type World } from './helpers';

describe.each(DATABASES)('users API on %s', (kind) => {
  let s: TestServer;
  let w: World;
  let managers: number;
  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
    w = await world(s, kind);
    managers = await w.group('BM', USER_SLUGS);
  });
  afterAll(async () => {
    await s.close();
  });

  const body = (extra: Record<string, unknown> = {}) => ({
    user_name: 'Rahima Begum',
    username: 'rahima',
    password: PASSWORD,
    c_password: PASSWORD,
    user_branch: w.branchA,
    user_group: managers,
    user_designation: w.designation,
    user_department: w.department,
    user_phone: '+880 1711 000000',
    ...extra,
  });

  it('creates, reads, lists, updates and deletes with the nested objects and no secrets', async () => {
    const res = await s.call('POST', '/api/users/user-create', { body: body() });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      user_id: expect.any(Number),
      user_name: 'Rahima Begum',
      username: 'rahima',
      user_status: 1,
      user_group: { group_id: managers, group_code: `BM-${kind}`, group_name: 'BM' },
      user_branch: { branch_id: w.branchA, branch_code: `A-${kind}`, branch_name: `Branch A ${kind}` },
      user_designation: { designation_id: w.designation, designation_code: `D-${kind}`, designation_name: 'Nurse' },
      user_department: { department_id: w.department, department_code: `P-${kind}`, department_name: 'Eye care' },
    });
    expect(JSON.stringify(data)).not.toMatch(/password|\$argon2|token/);
    const id = data.user_id as number;

    const one = await s.call('GET', `/api/users/get-user/${id}`);
    expect(one.json().data).toEqual(data);

    const list = await s.call('GET', `/api/users/user-list?branch=${w.branchA}&group=${managers}&status=1&search=rahim`);
    expect(list.json().data.map((u: { user_id: number }) => u.user_id)).toEqual([id]);
    expect(JSON.stringify(list.json())).not.toMatch(/password|\$argon2/);
    const otherBranch = await s.call('GET', `/api/users/user-list?branch=${w.branchB}`);
    expect(otherBranch.json().data).toEqual([]);

    const upd = await s.call('PUT', `/api/users/user-update/${id}`, { body: { user_name: 'Rahima B.', password: '', c_password: '' } });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data).toMatchObject({ user_id: id, user_name: 'Rahima B.', user_group: { group_id: managers } });
    // An empty password kept the old one.
    await w.login('rahima');

    const del = await s.call('DELETE', `/api/users/user-delete/${id}`);
    expect(del.json()).toMatchObject({ status: 1, data: { user_id: id } });
    expect((await s.call('GET', `/api/users/get-user/${id}`)).statusCode).toBe(404);
  });

  it('stores a picture sent as multipart', async () => {
    const fields = Object.fromEntries(Object.entries(body({ username: 'pictured' })).map(([k, v]) => [k, String(v)]));
    const mp = await multipart({ ...fields, user_picture: { file: await png('face'), name: 'face.png', type: 'image/png' } });
    const res = await s.call('POST', '/api/users/user-create', { payload: mp.payload, headers: mp.headers });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.user_picture).toMatch(/^uploads\/users\/.+\.(webp|png|jpg)$/);
  });

  it('refuses bad input with 422 per field and writes nothing', async () => {
    const before = await s.app.ctx.conn.db.selectFrom('users').select('user_id').execute();
    const cases: [Record<string, unknown>, string][] = [
      [{ c_password: 'something-else-entirely' }, 'c_password'],
      [{ password: 'password', c_password: 'password' }, 'password'],
      [{ password: 'short', c_password: 'short' }, 'password'],
      [{ username: 'samepassword1', password: 'samepassword1', c_password: 'samepassword1' }, 'password'],
      [{ password: undefined, c_password: undefined }, 'password'],
      [{ user_designation: 999999 }, 'user_designation'],
      [{ user_department: 999999 }, 'user_department'],
      [{ user_branch: 999999 }, 'user_branch'],
      [{ user_group: 999999 }, 'user_group'],
      [{ user_group: 0 }, 'user_group'],
      [{ user_name: '' }, 'user_name'],
    ];
    for (const [extra, field] of cases) {
      const res = await s.call('POST', '/api/users/user-create', { body: body({ username: 'bad-input', ...extra }) });
      expect(res.statusCode, JSON.stringify(extra)).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(extra)).toContain(field);
    }
    expect(await s.app.ctx.conn.db.selectFrom('users').select('user_id').execute()).toHaveLength(before.length);
  });

  it('answers 409 for a duplicate username', async () => {
    await w.user('twin', w.branchA, managers);
    const res = await s.call('POST', '/api/users/user-create', { body: body({ username: 'twin' }) });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({ username: 'already exists' });
  });

  it('keeps the self and last-Super-Admin guards', async () => {
    const admin = (await s.call('GET', '/api/users/get-auth-user')).json().data;
    const superAdmin = admin.user_group.group_id as number;
    expect((await s.call('DELETE', `/api/users/user-delete/${admin.user_id}`)).statusCode).toBe(409);
    const deactivate = await s.call('PUT', `/api/users/user-update/${admin.user_id}`, { body: { user_status: 0 } });
    expect(deactivate.statusCode).toBe(409);
    expect(deactivate.json().message).toMatch(/own account/);
    const move = await s.call('PUT', `/api/users/user-update/${admin.user_id}`, { body: { user_group: managers } });
    expect(move.statusCode).toBe(409);
    expect(move.json().message).toMatch(/last active Super Admin/);

    // An administrator of every branch who is no Super Admin may not touch a Super Admin at all
    // (server/auth/no-escalation.ts), so the last one is safe from them too.
    const deputy = await w.user('deputy', 0, managers);
    const token = await w.login('deputy');
    const del = await s.call('DELETE', `/api/users/user-delete/${admin.user_id}`, { token });
    expect(del.statusCode).toBe(403);
    expect(del.json().message).toMatch(/^You may not manage a user who holds permissions you do not: "/);
    expect((await s.call('PUT', `/api/users/user-update/${admin.user_id}`, { token, body: { user_status: 0 } })).statusCode).toBe(403);

    // With a second active Super Admin, the first may leave the group.
    const second = await w.user('second-sa', 0, superAdmin);
    const ok = await s.call('PUT', `/api/users/user-update/${second}`, { body: { user_group: managers } });
    expect(ok.statusCode).toBe(200);
    expect((await s.call('GET', `/api/users/get-user/${admin.user_id}`)).json().data.user_status).toBe(1);
    await s.call('DELETE', `/api/users/user-delete/${deputy}`);
  });

  it('scopes a branch manager to their own branch', async () => {
    await w.user('manager-a', w.branchA, managers);
    const inA = await w.user('staff-a', w.branchA, managers);
    const inB = await w.user('staff-b', w.branchB, managers);
    const token = await w.login('manager-a');
    const list = (await s.call('GET', '/api/users/user-list', { token })).json().data as { user_branch: { branch_id: number } }[];
    expect(list.length).toBeGreaterThan(1);
    expect(new Set(list.map((u) => u.user_branch.branch_id))).toEqual(new Set([w.branchA]));
    expect((await s.call('GET', `/api/users/user-list?branch=${w.branchA}`, { token })).statusCode).toBe(200);
    expect((await s.call('GET', '/api/users/user-list?branch=all', { token })).statusCode).toBe(403);
    expect((await s.call('GET', `/api/users/user-list?branch=${w.branchB}`, { token })).statusCode).toBe(403);
    expect((await s.call('GET', `/api/users/get-user/${inA}`, { token })).statusCode).toBe(200);
    expect((await s.call('GET', `/api/users/get-user/${inB}`, { token })).statusCode).toBe(404);
    expect((await s.call('PUT', `/api/users/user-update/${inB}`, { token, body: { user_name: 'x' } })).statusCode).toBe(404);
    expect((await s.call('DELETE', `/api/users/user-delete/${inB}`, { token })).statusCode).toBe(404);
    expect((await s.call('GET', `/api/users/get-user/${inB}`)).json().data.user_name).toBe('User staff-b');
    expect(
      (await s.call('POST', '/api/users/user-create', { token, body: body({ username: 'into-b', user_branch: w.branchB }) })).statusCode,
    ).toBe(403);
    expect((await s.call('POST', '/api/users/user-create', { token, body: body({ username: 'into-0', user_branch: 0 }) })).statusCode).toBe(
      403,
    );
    expect((await s.call('PUT', `/api/users/user-update/${inA}`, { token, body: { user_branch: w.branchB } })).statusCode).toBe(403);
    const mine = await s.call('POST', '/api/users/user-create', { token, body: body({ username: 'into-a' }) });
    expect(mine.statusCode).toBe(201);
    // The admin (branch 0) sees every branch, and branch=all.
    const all = (await s.call('GET', '/api/users/user-list?branch=all')).json().data as { user_branch: { branch_id: number } }[];
    expect(new Set(all.map((u) => u.user_branch.branch_id))).toEqual(new Set([0, w.branchA, w.branchB]));
  });

  describe('ends sessions at once', () => {
    const answers = async (token: string) => (await s.call('GET', '/api/users/get-auth-user', { token })).statusCode;

    it('on deactivate: the very next request answers 401 and sign-in is refused', async () => {
      const id = await w.user('leaver', w.branchA, managers);
      const token = await w.login('leaver');
      expect(await answers(token)).toBe(200);
      expect((await s.call('PUT', `/api/users/user-update/${id}`, { body: { user_status: 0 } })).statusCode).toBe(200);
      expect(await answers(token)).toBe(401);
      expect(
        (await s.call('POST', '/api/users/user-login/', { body: { username: 'leaver', password: PASSWORD }, token: null })).statusCode,
      ).toBe(403);
    });

    it('on delete', async () => {
      const id = await w.user('deleted', w.branchA, managers);
      const token = await w.login('deleted');
      expect(await answers(token)).toBe(200);
      await s.call('DELETE', `/api/users/user-delete/${id}`);
      expect(await answers(token)).toBe(401);
    });

    it('on a new password, which then signs in instead of the old one', async () => {
      const id = await w.user('rotated', w.branchA, managers);
      const token = await w.login('rotated');
      expect(await answers(token)).toBe(200);
      const next = 'a-brand-new-passphrase';
      expect((await s.call('PUT', `/api/users/user-update/${id}`, { body: { password: next, c_password: next } })).statusCode).toBe(200);
      expect(await answers(token)).toBe(401);
      await expect(w.login('rotated')).rejects.toThrow(/401/);
      await w.login('rotated', next);
    });

    it('on a group change, and tells the console to reload permissions', async () => {
      const id = await w.user('mover', w.branchA, managers);
      const token = await w.login('mover');
      const other = await w.group('OTHER', []);
      const seen: unknown[] = [];
      const listener = (e: unknown) => seen.push(e);
      s.app.ctx.events.on('permissions-changed', listener);
      expect((await s.call('PUT', `/api/users/user-update/${id}`, { body: { user_group: other } })).statusCode).toBe(200);
      s.app.ctx.events.off('permissions-changed', listener);
      expect(await answers(token)).toBe(401);
      expect(seen).toEqual([{ userIds: [id] }]);
    });

    it('but not on an ordinary edit', async () => {
      const id = await w.user('stayer', w.branchA, managers);
      const token = await w.login('stayer');
      expect((await s.call('PUT', `/api/users/user-update/${id}`, { body: { user_phone: '+880 1811 111111' } })).statusCode).toBe(200);
      expect(await answers(token)).toBe(200);
    });
  });
});
