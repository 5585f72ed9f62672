import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../harness';
import { insertUser } from '../../fixtures/users';

describe.each(DATABASES)('group integrity on %s', (kind) => {
  let s: TestServer;
  let superAdmin: number;
  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
    superAdmin = (await s.call('GET', '/api/users/get-auth-user')).json().data.user_group.group_id;
  });
  afterAll(() => s.close());

  const newGroup = async (code: string) =>
    (await s.call('POST', '/api/group/group-create', { body: { group_code: code, group_name: `Group ${code}` } })).json().data
      .group_id as number;

  it('never deletes or deactivates Super Admin (409), but lets it be renamed', async () => {
    const del = await s.call('DELETE', `/api/group/group-delete/${superAdmin}`);
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ status: 0, message: 'The Super Admin group cannot be deleted' });
    const off = await s.call('PUT', `/api/group/group-update/${superAdmin}`, {
      body: { group_code: 'SUPER_ADMIN', group_name: 'Super Admin', group_status: 0 },
    });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toMatch(/cannot be deactivated/);
    expect((await s.call('GET', `/api/group/get-group/${superAdmin}`)).json().data.group_status).toBe(1);
    const renamed = await s.call('PUT', `/api/group/group-update/${superAdmin}`, {
      body: { group_code: 'SUPER_ADMIN', group_name: 'Super Administrators', group_status: 1 },
    });
    expect(renamed.statusCode).toBe(200);
  });

  it('refuses to delete a group its users belong to (409, clear message); an unused one goes with its grants', async () => {
    const used = await newGroup('USED');
    await insertUser(s.app.ctx, { username: 'member', password: 'pw-123456', group: used, slugs: ['branch/branch-list'] });
    const r = await s.call('DELETE', `/api/group/group-delete/${used}`);
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(
      '"Group USED" is the group of 1 user(s) and cannot be deleted; move them to another group or set it Inactive instead',
    );
    const unused = await newGroup('FREE');
    await s.call('POST', '/api/permission/permission-create', {
      body: { permission_data: [{ menu_id: await menuId('branch/branch-list'), permission_status: 1 }], group_id: unused },
    });
    expect((await s.call('DELETE', `/api/group/group-delete/${unused}`)).statusCode).toBe(200);
    expect(await s.app.ctx.conn.db.selectFrom('permission').selectAll().where('permission_group', '=', unused).execute()).toEqual([]);
  });
  const menuId = async (slug: string) =>
    (await s.app.ctx.conn.db.selectFrom('menu').select('menu_id').where('menu_slug', '=', slug).executeTakeFirstOrThrow()).menu_id;

  it('an inactive group grants nothing, from the very next request; reactivated it grants again; own grants stay', async () => {
    const g = await newGroup('TEMP');
    await insertUser(s.app.ctx, {
      username: 'temp',
      password: 'pw-123456',
      group: g,
      slugs: ['branch/branch-list', 'designation/designation-list'],
    });
    const token = (
      await s.call('POST', '/api/users/user-login/', { body: { username: 'temp', password: 'pw-123456' }, token: null })
    ).json().data.token as string;
    const userId = (await s.call('GET', '/api/users/get-auth-user', { token })).json().data.user_id as number;
    await s.call('POST', '/api/permission/permission-create-user', {
      body: { permission_data: [{ menu_id: await menuId('department/department-list'), permission_status: 1 }], user: { user_id: userId } },
    });
    expect((await s.call('GET', '/api/branch/branch-list', { token })).statusCode).toBe(200);
    const off = await s.call('PUT', `/api/group/group-update/${g}`, {
      body: { group_code: 'TEMP', group_name: 'Group TEMP', group_status: 0 },
    });
    expect(off.statusCode).toBe(200);
    expect((await s.call('GET', '/api/branch/branch-list', { token })).statusCode).toBe(403);
    const slugs = (await s.call('GET', '/api/menu/menu-list-permission', { token }))
      .json()
      .data.map((m: { menu_slug: string }) => m.menu_slug);
    expect(slugs).toEqual(['department/department-list']);
    await s.call('PUT', `/api/group/group-update/${g}`, { body: { group_code: 'TEMP', group_name: 'Group TEMP', group_status: 1 } });
    expect((await s.call('GET', '/api/branch/branch-list', { token })).statusCode).toBe(200);
  });
});
