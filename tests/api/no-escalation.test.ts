import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from './harness';
import { PASSWORD, USER_SLUGS, world, type World } from './users/helpers';

/**
 * Nobody gives away a permission they do not hold (server/auth/no-escalation.ts): a branch
 * manager cannot make a Super Admin, take over a more powerful account, or grant a screen they
 * cannot open; Super Admins can. Every refusal changes nothing.
 */
describe.each(DATABASES)('no escalation of permissions on %s', (kind) => {
  let s: TestServer;
  let w: World;
  let superAdmin: number;
  let managers: number;
  let manager: string;
  let managerId: number;
  let chief: number;
  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
    w = await world(s, `esc-${kind}`);
    superAdmin = (await s.call('GET', '/api/users/get-auth-user')).json().data.user_group.group_id as number;
    managers = await w.group('ESC', [...USER_SLUGS, 'permission/permission-create-user', 'permission/permission-create']);
    managerId = await w.user('esc-manager', w.branchA, managers);
    manager = await w.login('esc-manager');
    chief = await w.user('esc-chief', w.branchA, superAdmin);
  });
  afterAll(async () => {
    await s.close();
  });

  const db = () => s.app.ctx.conn.db;
  const menuId = async (slug: string) =>
    (await db().selectFrom('menu').select('menu_id').where('menu_slug', '=', slug).executeTakeFirstOrThrow()).menu_id;
  const newUser = (username: string, group: number) => ({
    user_name: `User ${username}`,
    username,
    password: PASSWORD,
    c_password: PASSWORD,
    user_branch: w.branchA,
    user_group: group,
    user_designation: w.designation,
    user_department: w.department,
  });
  const userCount = async () =>
    Number(
      (
        await db()
          .selectFrom('users')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('a manager may not create a user in a group that can do more than they can; in their own group they may', async () => {
    const before = await userCount();
    const refused = await s.call('POST', '/api/users/user-create', { token: manager, body: newUser('esc-sa', superAdmin) });
    expect(refused.statusCode).toBe(403);
    // A Super Admin's group grants every slug: the message names three, the field error all of them.
    expect(refused.json().message).toMatch(/^This group would give permissions you do not hold: "[^"]+", "[^"]+", "[^"]+" and \d+ more$/);
    expect(refused.json().errors.permissions.split(', ').length).toBeGreaterThan(3);
    expect(await userCount()).toBe(before);
    const allowed = await s.call('POST', '/api/users/user-create', { token: manager, body: newUser('esc-peer', managers) });
    expect(allowed.statusCode, allowed.body).toBe(201);
  });

  it('a manager may not take over, demote or delete a more powerful user of their branch', async () => {
    const takeOver = await s.call('PUT', `/api/users/user-update/${chief}`, {
      token: manager,
      body: { password: 'a-new-password-of-mine-1', c_password: 'a-new-password-of-mine-1' },
    });
    expect(takeOver.statusCode).toBe(403);
    expect(takeOver.json().message).toMatch(/^You may not manage a user who holds permissions you do not: "/);
    expect(await w.login('esc-chief')).toEqual(expect.any(String));
    expect((await s.call('PUT', `/api/users/user-update/${chief}`, { token: manager, body: { user_group: managers } })).statusCode).toBe(
      403,
    );
    expect((await s.call('DELETE', `/api/users/user-delete/${chief}`, { token: manager })).statusCode).toBe(403);
    const stored = await db()
      .selectFrom('users')
      .select(['user_group', 'user_status'])
      .where('user_id', '=', chief)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ user_group: superAdmin, user_status: 1 });
  });

  it('a manager may not move a peer into a more powerful group', async () => {
    const peer = await w.user('esc-peer-2', w.branchA, managers);
    const res = await s.call('PUT', `/api/users/user-update/${peer}`, { token: manager, body: { user_group: superAdmin } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/^You may not manage a user who holds permissions you do not: "/);
    expect((await db().selectFrom('users').select('user_group').where('user_id', '=', peer).executeTakeFirstOrThrow()).user_group).toBe(
      managers,
    );
  });

  it('permissions: a manager grants a user or a group only what they hold themselves', async () => {
    const peer = await w.user('esc-peer-3', w.branchA, managers);
    const scratch = await w.group('ESC-SCRATCH', []);
    const foreign = await menuId('branch/branch-create');
    const own = await menuId('users/user-list');
    const toUser = (menu_id: number) => ({
      permission_data: [{ menu_id, permission_status: 1 }],
      user: { user_id: peer, user_group: managers },
    });
    const toGroup = (menu_id: number) => ({ permission_data: [{ menu_id, permission_status: 1 }], group_id: scratch });
    const grants = async () => ({
      user: await db().selectFrom('user_permission').select('menu_id').where('user_id', '=', peer).execute(),
      group: await db().selectFrom('permission').select('menu_id').where('permission_group', '=', scratch).execute(),
    });

    const userRefused = await s.call('POST', '/api/permission/permission-create-user', { token: manager, body: toUser(foreign) });
    expect(userRefused.statusCode).toBe(403);
    expect(userRefused.json().message).toBe('These permissions would give permissions you do not hold: "branch/branch-create"');
    const groupRefused = await s.call('POST', '/api/permission/permission-create', { token: manager, body: toGroup(foreign) });
    expect(groupRefused.statusCode).toBe(403);
    // A reset gives back what the group grants: here nothing (the group lacks it), so it grants nothing and is no escalation.
    const reset = { permission_data: [{ menu_id: foreign, reset: true }], user: { user_id: peer, user_group: managers } };
    expect((await s.call('POST', '/api/permission/permission-create-user', { token: manager, body: reset })).statusCode).toBe(200);
    expect(await grants()).toEqual({ user: [], group: [] });

    expect((await s.call('POST', '/api/permission/permission-create', { token: manager, body: toGroup(own) })).statusCode).toBe(200);
    expect((await grants()).group).toEqual([{ menu_id: own }]);
    // The user's own permissions of a more powerful user are not the manager's to change.
    const chiefDenied = { permission_data: [{ menu_id: own, permission_status: 0 }], user: { user_id: chief, user_group: superAdmin } };
    expect((await s.call('POST', '/api/permission/permission-create-user', { token: manager, body: chiefDenied })).statusCode).toBe(403);
  });

  it('the groups a viewer may put a user in: none granting more than they hold', async () => {
    const lesser = await w.group('ESC-LESSER', ['users/user-list']);
    const assignable = async (token?: string) => (await s.call('GET', '/api/users/assignable-groups', { token })).json().data as number[];
    const mine = await assignable(manager);
    expect(mine).toEqual(expect.arrayContaining([managers, lesser]));
    expect(mine).not.toContain(superAdmin);
    expect(await assignable()).toEqual(expect.arrayContaining([managers, lesser, superAdmin]));
    await w.user('esc-reader', w.branchA, lesser);
    const reader = await s.call('GET', '/api/users/assignable-groups', { token: await w.login('esc-reader') });
    expect(reader.statusCode).toBe(403);
  });

  it('the users a viewer may manage: those of their scope holding nothing more than they do', async () => {
    const peer = await w.user('esc-peer-5', w.branchA, managers);
    const elsewhere = await w.user('esc-far', w.branchB, managers);
    const extra = await w.user('esc-extra', w.branchA, managers);
    await db()
      .insertInto('user_permission')
      .values({ user_id: extra, menu_id: await menuId('branch/branch-create'), permission_status: 1 })
      .execute();
    s.app.ctx.permissions.invalidate();
    const ids = [chief, peer, elsewhere, extra, managerId, 999_999].join(',');
    const manageable = async (token?: string, query = `?ids=${ids}`) => s.call('GET', `/api/users/manageable${query}`, { token });

    const mine = await manageable(manager);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toEqual([managerId, peer].sort((a, b) => a - b));
    expect((await manageable()).json().data).toEqual([chief, peer, elsewhere, extra, managerId].sort((a, b) => a - b));
    expect((await manageable(manager, '')).json()).toMatchObject({ message: 'Data Not Found', data: [] });

    const bad = await manageable(manager, '?ids=1,x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('ids must be a whole number from 1 to 2147483647');
    const tooMany = await manageable(manager, `?ids=${Array.from({ length: 1001 }, (_, i) => i + 1).join(',')}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('ids may name at most 1000 users');
    await w.user('esc-lister', w.branchA, await w.group('ESC-LISTER', ['users/user-list']));
    expect((await manageable(await w.login('esc-lister'))).statusCode).toBe(403);
  });

  it('a Super Admin may do all of it', async () => {
    expect((await s.call('POST', '/api/users/user-create', { body: newUser('esc-sa-2', superAdmin) })).statusCode).toBe(201);
    const foreign = await menuId('branch/branch-create');
    const peer = await w.user('esc-peer-4', w.branchA, managers);
    const grant = { permission_data: [{ menu_id: foreign, permission_status: 1 }], user: { user_id: peer, user_group: managers } };
    expect((await s.call('POST', '/api/permission/permission-create-user', { body: grant })).statusCode).toBe(200);
  });
});
