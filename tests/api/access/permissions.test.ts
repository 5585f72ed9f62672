import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../harness';
import { insertUser } from '../../fixtures/users';

interface Entry {
  menu_id: number;
  menu_name: string;
  menu_icon: string;
  menu_slug: string;
  permission_status: number;
  group_permission_status?: number;
  permission_source?: string;
  menus: Entry[];
}
const flat = (list: Entry[]): Entry[] => list.flatMap((e) => [e, ...flat(e.menus)]);

describe.each(DATABASES)('group and per-user permissions on %s', (kind) => {
  let s: TestServer;
  let group: number;
  let userId: number;
  let userToken: string;
  const menuIds = new Map<string, number>();
  const id = (slug: string) => menuIds.get(slug)!;

  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
    group = (await s.call('POST', '/api/group/group-create', { body: { group_code: 'CLERK', group_name: 'Clerks' } })).json().data.group_id;
    await insertUser(s.app.ctx, { username: 'clerk', password: 'pw-123456', group, slugs: [] });
    userId = (await s.app.ctx.conn.db.selectFrom('users').select('user_id').where('username', '=', 'clerk').executeTakeFirstOrThrow())
      .user_id;
    userToken = (await s.call('POST', '/api/users/user-login/', { body: { username: 'clerk', password: 'pw-123456' }, token: null })).json()
      .data.token;
    for (const m of await s.app.ctx.conn.db.selectFrom('menu').select(['menu_id', 'menu_slug']).execute())
      menuIds.set(m.menu_slug, m.menu_id);
  });
  afterAll(() => s.close());

  const groupTree = async (g: number) => (await s.call('GET', `/api/permission/permission-list/?group=${g}&menu=all&status=1`)).json();
  const userTree = async () =>
    (await s.call('GET', `/api/permission/permission-list-user/?user=${userId}&group=${group}&menu=all&status=1`)).json();
  const saveGroup = (g: number, data: unknown) =>
    s.call('POST', '/api/permission/permission-create', { body: { permission_data: data, group_id: g } });
  const saveUser = (data: unknown) =>
    s.call('POST', '/api/permission/permission-create-user', {
      body: { permission_data: data, user: { user_id: userId, user_group: group } },
    });

  it('loads the permission tree of a new group: every active menu, nothing granted', async () => {
    const res = await groupTree(group);
    expect(res.status).toBe(1);
    const branch = (res.data as Entry[]).find((e) => e.menu_slug === 'branch')!;
    // The spec's fields, and the names per language the console labels the tree with.
    expect(Object.keys(branch).sort()).toEqual([
      'menu_icon',
      'menu_id',
      'menu_name',
      'menu_name_bn',
      'menu_name_es',
      'menu_name_my',
      'menu_name_shipped',
      'menu_slug',
      'menus',
      'permission_status',
    ]);
    expect(branch.menus.map((e) => e.menu_slug)).toContain('branch/branch-create');
    expect(flat(res.data).every((e) => e.permission_status === 0)).toBe(true);
    const sub = (await s.call('GET', `/api/permission/permission-list/?group=${group}&menu=${id('branch')}`)).json().data as Entry[];
    expect(sub.map((e) => e.menu_slug)).toEqual(['branch']);
    expect(sub[0]!.menus).toHaveLength(5);
  });

  it('saves group permissions (nested entries too) and loads them back; the user gets them on the next request', async () => {
    expect((await s.call('GET', '/api/branch/branch-list', { token: userToken })).statusCode).toBe(403);
    const res = await saveGroup(group, [
      {
        menu_id: id('branch'),
        permission_status: 1,
        menus: ['branch/branch-list', 'branch/get-branch', 'branch/branch-create'].map((slug) => ({
          menu_id: id(slug),
          permission_status: 1,
        })),
      },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 1 });
    const on = flat((await groupTree(group)).data)
      .filter((e) => e.permission_status === 1)
      .map((e) => e.menu_slug);
    expect(on.sort()).toEqual(['branch', 'branch/branch-create', 'branch/branch-list', 'branch/get-branch']);
    expect((await s.call('GET', '/api/branch/branch-list', { token: userToken })).statusCode).toBe(200);
    const created = await s.call('POST', '/api/branch/branch-create', {
      token: userToken,
      body: { branch_code: 'C1', branch_name: 'One' },
    });
    expect(created.statusCode).toBe(201);
  });

  it('a group losing branch/branch-create refuses its user on the very next request; a per-user grant gives it back', async () => {
    expect((await saveGroup(group, [{ menu_id: id('branch/branch-create'), permission_status: 0 }])).statusCode).toBe(200);
    const refused = await s.call('POST', '/api/branch/branch-create', {
      token: userToken,
      body: { branch_code: 'C2', branch_name: 'Two' },
    });
    expect(refused.statusCode).toBe(403);
    const perms = (await s.call('GET', '/api/menu/menu-list-permission', { token: userToken })).json().data.map((m: Entry) => m.menu_slug);
    expect(perms).not.toContain('branch/branch-create');

    expect((await saveUser([{ menu_id: id('branch/branch-create'), permission_status: 1 }])).statusCode).toBe(200);
    const again = await s.call('POST', '/api/branch/branch-create', { token: userToken, body: { branch_code: 'C2', branch_name: 'Two' } });
    expect(again.statusCode).toBe(201);
    const entry = flat((await userTree()).data).find((e) => e.menu_slug === 'branch/branch-create')!;
    expect(entry).toMatchObject({ permission_status: 1, group_permission_status: 0, permission_source: 'granted' });
  });

  it('denies a slug to one user over the group, and reset goes back to the group', async () => {
    expect((await saveUser([{ menu_id: id('branch/branch-list'), permission_status: 0 }])).statusCode).toBe(200);
    expect((await s.call('GET', '/api/branch/branch-list', { token: userToken })).statusCode).toBe(403);
    const denied = flat((await userTree()).data).find((e) => e.menu_slug === 'branch/branch-list')!;
    expect(denied).toMatchObject({ permission_status: 0, group_permission_status: 1, permission_source: 'denied' });
    expect(flat((await userTree()).data).find((e) => e.menu_slug === 'branch/get-branch')).toMatchObject({ permission_source: 'group' });

    const reset = await saveUser([
      { menu_id: id('branch/branch-list'), reset: true },
      { menu_id: id('branch/branch-create'), reset: true },
    ]);
    expect(reset.statusCode).toBe(200);
    expect((await s.call('GET', '/api/branch/branch-list', { token: userToken })).statusCode).toBe(200);
    expect(
      (await s.call('POST', '/api/branch/branch-create', { token: userToken, body: { branch_code: 'C3', branch_name: 'T' } })).statusCode,
    ).toBe(403);
    const own = await s.app.ctx.conn.db.selectFrom('user_permission').selectAll().where('user_id', '=', userId).execute();
    expect(own).toEqual([]);
    // Saving the group's own value stores no override either.
    await saveUser([{ menu_id: id('branch/branch-list'), permission_status: 1 }]);
    expect(await s.app.ctx.conn.db.selectFrom('user_permission').selectAll().where('user_id', '=', userId).execute()).toEqual([]);
  });

  it("answers the user's navigation tree: visible permitted screens, parents only with a visible child, in order", async () => {
    const nav = (await s.call('GET', '/api/menu/menu-list-user', { token: userToken })).json();
    expect(nav.status).toBe(1);
    expect(nav.data.map((m: Entry) => m.menu_slug)).toEqual(['branch']);
    expect(nav.data[0].menus.map((m: Entry) => m.menu_slug)).toEqual(['branch/branch-list']);
    expect(Object.keys(nav.data[0])).toEqual(
      expect.arrayContaining([
        'menu_id',
        'menu_name',
        'menu_slug',
        'menu_icon',
        'menu_position',
        'main_menu',
        'sub_menu',
        'menu_api_method',
        'menus',
      ]),
    );
    const admin = (await s.call('GET', '/api/menu/menu-list-user')).json().data as Entry[];
    const settings = admin.find((m) => m.menu_slug === 'settings')!;
    // The menu setup and the screens of the field and row rules.
    const shown = settings.menus.map((m) => m.menu_slug);
    expect(shown).toEqual(expect.arrayContaining(['settings/menu-setup']));
    const flatNav = flat(admin).map((m) => m.menu_slug);
    expect(flatNav).not.toContain('branch/branch-create');
    // Hiding every visible child of a parent hides the parent too; a renamed menu shows renamed.
    for (const slug of shown) await s.call('PUT', `/api/menu/menu-update/${id(slug)}`, { body: { menu_visible_status: 0 } });
    await s.call('PUT', `/api/menu/menu-update/${id('branch/branch-list')}`, { body: { menu_name: 'Our branches' } });
    const after = (await s.call('GET', '/api/menu/menu-list-user')).json().data as Entry[];
    expect(after.map((m) => m.menu_slug)).not.toContain('settings');
    expect(flat(after).find((m) => m.menu_slug === 'branch/branch-list')!.menu_name).toBe('Our branches');
    for (const slug of shown) await s.call('PUT', `/api/menu/menu-update/${id(slug)}`, { body: { menu_visible_status: 1 } });
  });

  it('answers shortcut menus the user may access', async () => {
    await s.call('PUT', `/api/menu/menu-update/${id('branch/branch-list')}`, { body: { menu_shortcut_status: 1 } });
    await s.call('PUT', `/api/menu/menu-update/${id('designation/designation-list')}`, { body: { menu_shortcut_status: 1 } });
    const mine = (await s.call('GET', '/api/menu/menu-list-shortcut', { token: userToken })).json();
    expect(mine.data.map((m: Entry) => m.menu_slug)).toEqual(['branch/branch-list']);
    const admin = (await s.call('GET', '/api/menu/menu-list-shortcut')).json();
    expect(admin.data.map((m: Entry) => m.menu_slug).sort()).toEqual(['branch/branch-list', 'designation/designation-list']);
  });

  it('refuses to remove the access-administering slugs from the Super Admin group or deny them to its users', async () => {
    const admin = (await s.call('GET', '/api/users/get-auth-user')).json().data;
    const superAdmin = admin.user_group.group_id as number;
    const r = await saveGroup(superAdmin, [{ menu_id: id('permission/permission-create'), permission_status: 0 }]);
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toMatch(/Super Admin group must keep "permission\/permission-create"/);
    const denied = await s.call('POST', '/api/permission/permission-create-user', {
      body: { permission_data: [{ menu_id: id('menu/menu-update'), permission_status: 0 }], user: { user_id: admin.user_id } },
    });
    expect(denied.statusCode).toBe(409);
    expect(flat((await groupTree(superAdmin)).data).find((e) => e.menu_slug === 'permission/permission-create')!.permission_status).toBe(1);
    // Other Super Admin permissions may be removed.
    expect((await saveGroup(superAdmin, [{ menu_id: id('branch/branch-delete'), permission_status: 0 }])).statusCode).toBe(200);
    await saveGroup(superAdmin, [{ menu_id: id('branch/branch-delete'), permission_status: 1 }]);
  });

  it('refuses bad input with 422 per field and writes nothing', async () => {
    const db = s.app.ctx.conn.db;
    const snapshot = async () => [
      (await db.selectFrom('permission').selectAll().orderBy('permission_id').execute()).length,
      (await db.selectFrom('user_permission').selectAll().execute()).length,
    ];
    const before = await snapshot();
    const cases: [string, unknown, string][] = [
      [
        '/api/permission/permission-create',
        { permission_data: [{ menu_id: 999999, permission_status: 1 }], group_id: group },
        'permission_data',
      ],
      [
        '/api/permission/permission-create',
        {
          permission_data: [{ menu_id: id('branch'), permission_status: 1, menus: [{ menu_id: 888888, permission_status: 1 }] }],
          group_id: group,
        },
        'permission_data',
      ],
      [
        '/api/permission/permission-create',
        { permission_data: [{ menu_id: id('branch'), permission_status: 1 }], group_id: 999999 },
        'group_id',
      ],
      [
        '/api/permission/permission-create',
        { permission_data: [{ menu_id: id('branch'), permission_status: 7 }], group_id: group },
        'permission_data',
      ],
      ['/api/permission/permission-create', { group_id: group }, 'permission_data'],
      ['/api/permission/permission-create', { permission_data: 'all', group_id: group }, 'permission_data'],
      [
        '/api/permission/permission-create-user',
        { permission_data: [{ menu_id: 999999, permission_status: 1 }], user: { user_id: userId } },
        'permission_data',
      ],
      [
        '/api/permission/permission-create-user',
        { permission_data: [{ menu_id: id('branch') }], user: { user_id: userId } },
        'permission_data',
      ],
      ['/api/permission/permission-create-user', { permission_data: [] }, 'user'],
    ];
    for (const [url, body, field] of cases) {
      const r = await s.call('POST', url, { body });
      expect(r.statusCode, JSON.stringify(body)).toBe(422);
      expect(r.json()).toMatchObject({ status: 0, data: null });
      expect(Object.keys(r.json().errors), JSON.stringify(body)).toContain(field);
    }
    expect((await s.call('GET', '/api/permission/permission-list/?group=999999')).statusCode).toBe(422);
    // An unknown user is not found, as another branch's user is for a branch-scoped viewer (no probing).
    expect((await s.call('GET', '/api/permission/permission-list-user/?user=999999')).statusCode).toBe(404);
    const unknownUser = await s.call('POST', '/api/permission/permission-create-user', {
      body: { permission_data: [{ menu_id: id('branch'), permission_status: 1 }], user: { user_id: 999999 } },
    });
    expect(unknownUser.statusCode).toBe(404);
    expect(unknownUser.json()).toMatchObject({ status: 0, data: null });
    expect((await s.call('GET', '/api/permission/permission-list-user/')).statusCode).toBe(422);
    expect(await snapshot()).toEqual(before);
  });

  it('checks the permission slugs', async () => {
    expect((await s.call('GET', `/api/permission/permission-list/?group=${group}`, { token: userToken })).statusCode).toBe(403);
    expect((await s.call('GET', `/api/permission/permission-list-user/?user=${userId}`, { token: userToken })).statusCode).toBe(403);
    expect((await saveGroupAs(userToken)).statusCode).toBe(403);
    expect((await s.call('GET', '/api/menu/menu-list', { token: userToken })).statusCode).toBe(403);
    await saveGroup(group, [{ menu_id: id('permission/permission-create'), permission_status: 1 }]);
    expect((await s.call('GET', `/api/permission/permission-list/?group=${group}`, { token: userToken })).statusCode).toBe(200);
    await saveGroup(group, [{ menu_id: id('permission/permission-create'), permission_status: 0 }]);
  });
  const saveGroupAs = (token: string) =>
    s.call('POST', '/api/permission/permission-create', {
      token,
      body: { permission_data: [{ menu_id: id('branch'), permission_status: 1 }], group_id: group },
    });

  it('emits permissions-changed for the affected group and user', async () => {
    const seen: unknown[] = [];
    const listener = (e: unknown) => seen.push(e);
    s.app.ctx.events.on('permissions-changed', listener);
    await saveGroup(group, [{ menu_id: id('branch/get-branch'), permission_status: 1 }]);
    await saveUser([{ menu_id: id('branch/get-branch'), permission_status: 0 }]);
    s.app.ctx.events.off('permissions-changed', listener);
    expect(seen).toEqual([{ groupIds: [group] }, { userIds: [userId] }]);
  });
});
