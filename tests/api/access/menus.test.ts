import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../harness';
import { PROTECTED_SLUGS } from '../../../server/modules/access/catalogue';
import { syncMenuCatalogue } from '../../../server/startup/menu-catalogue';
import { ensureSuperAdminGroup } from '../../../server/startup';

interface Menu {
  menu_id: number;
  menu_name: string;
  menu_slug: string;
  menu_position: number;
  main_menu: number;
  sub_menu: string;
  menu_api_method: string;
  menu_icon: string;
  menu_shortcut_status: number;
  menu_visible_status: number;
  menu_status: number;
  permission_group: number[];
  permissions: { permission_group: number; group: { group_id: number; group_code: string; group_name: string } }[];
  menus: Menu[];
}

describe.each(DATABASES)('menu catalogue and menu API on %s', (kind) => {
  let s: TestServer;
  let groupA: number;
  let groupB: number;
  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
    groupA = (await s.call('POST', '/api/group/group-create', { body: { group_code: 'GA', group_name: 'Group A' } })).json().data.group_id;
    groupB = (await s.call('POST', '/api/group/group-create', { body: { group_code: 'GB', group_name: 'Group B' } })).json().data.group_id;
  });
  afterAll(() => s.close());

  const tree = async (query = 'api_method=all&menu_slug=all&main_menu=0&sub_menu=all&group=all&visible_status=all&status=all&search=') =>
    (await s.call('GET', `/api/menu/menu-list?${query}`)).json<{ status: number; data: Menu[]; total: number }>();
  const find = (list: Menu[], slug: string): Menu | undefined => {
    for (const m of list) {
      if (m.menu_slug === slug) return m;
      const inner = find(m.menus, slug);
      if (inner) return inner;
    }
    return undefined;
  };

  it('writes the catalogue as a tree: a top-level menu per screen group, slugs beneath, module entries too', async () => {
    const { status, data } = await tree();
    expect(status).toBe(1);
    const branch = data.find((m) => m.menu_slug === 'branch')!;
    expect(branch).toMatchObject({ main_menu: 0, sub_menu: 'Yes', menu_visible_status: 1 });
    expect(branch.menus.map((m) => m.menu_slug)).toEqual([
      'branch/branch-list',
      'branch/get-branch',
      'branch/branch-create',
      'branch/branch-update',
      'branch/branch-delete',
    ]);
    expect(branch.menus.map((m) => m.menu_visible_status)).toEqual([1, 0, 0, 0, 0]);
    expect(branch.menus[2]).toMatchObject({ menu_api_method: 'post', main_menu: branch.menu_id });
    expect(find(data, 'settings/menu-setup')).toMatchObject({ menu_visible_status: 1 });
    expect(find(data, 'permission/permission-create')!.main_menu).toBe(data.find((m) => m.menu_slug === 'group')!.menu_id);
    for (const slug of PROTECTED_SLUGS) expect(find(data, slug), slug).toBeDefined();
    // Super Admin is granted every entry, and shown as a group object.
    expect(find(data, 'menu/menu-delete')!.permissions[0]!.group).toMatchObject({ group_code: 'SUPER_ADMIN', group_name: 'Super Admin' });
    // Siblings in menu_position order.
    const positions = data.map((m) => m.menu_position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('never overwrites an admin edit and adds only what is missing on the next start', async () => {
    const list = (await tree()).data;
    const create = find(list, 'branch/branch-create')!;
    const upd = await s.call('PUT', `/api/menu/menu-update/${create.menu_id}`, {
      body: { menu_name: 'New branch', menu_icon: 'Apartment' },
    });
    expect(upd.statusCode).toBe(200);
    const db = s.app.ctx.conn.db;
    await db.deleteFrom('menu').where('menu_slug', '=', 'designation/designation-delete').execute();
    const before = (await db.selectFrom('menu').select('menu_id').execute()).length;
    const admin = await ensureSuperAdminGroup(db, s.app.ctx.registry);
    await syncMenuCatalogue(db, s.app.ctx.registry, admin);
    expect((await db.selectFrom('menu').select('menu_id').execute()).length).toBe(before + 1);
    const again = (await tree()).data;
    expect(find(again, 'branch/branch-create')).toMatchObject({ menu_name: 'New branch', menu_icon: 'Apartment' });
    const readded = find(again, 'designation/designation-delete')!;
    expect(readded.main_menu).toBe(again.find((m) => m.menu_slug === 'designation')!.menu_id);
    expect(readded.permission_group).toEqual([admin]);
  });

  it('creates with the spec defaults, integers and a sorted permission_group; reads it back', async () => {
    const res = await s.call('POST', '/api/menu/menu-create', {
      body: { menu_name: 'Reports', menu_slug: 'reports', permission_group: [groupB, groupA] },
    });
    expect(res.statusCode).toBe(201);
    const m = res.json().data as Menu;
    expect(m).toMatchObject({
      menu_name: 'Reports',
      menu_slug: 'reports',
      menu_position: 1,
      main_menu: 0,
      sub_menu: 'No',
      menu_api_method: 'get',
      menu_icon: 'bx bx-border-all',
      menu_shortcut_status: 0,
      menu_visible_status: 1,
      menu_status: 1,
      permission_group: [groupA, groupB].sort((a, b) => a - b),
      menus: [],
    });
    expect(m.permissions.map((p) => p.group.group_code).sort()).toEqual(['GA', 'GB']);
    const child = await s.call('POST', '/api/menu/menu-create', {
      body: { menu_name: 'Daily', menu_slug: 'reports/daily', main_menu: m.menu_id, menu_position: '2', menu_api_method: 'post' },
    });
    expect(child.statusCode).toBe(201);
    expect(child.json().data).toMatchObject({ main_menu: m.menu_id, menu_position: 2, menu_api_method: 'post' });
    const got = (await s.call('GET', `/api/menu/get-menu/${m.menu_id}/`)).json();
    expect(got).toMatchObject({ status: 1, data: { menu_slug: 'reports', menus: [{ menu_slug: 'reports/daily' }] } });
    expect((await s.call('GET', '/api/menu/get-menu/999999')).statusCode).toBe(404);
  });

  it('filters: search, group, method, visibility, status, main_menu (tree or flat)', async () => {
    const searched = await tree('main_menu=0&search=daily');
    expect(searched.data.map((m) => m.menu_slug)).toEqual(['reports']);
    expect(searched.data[0]!.menus.map((m) => m.menu_slug)).toEqual(['reports/daily']);
    const ofA = await tree(`main_menu=all&group=${groupA}`);
    expect(ofA.data.map((m) => m.menu_slug)).toEqual(['reports']);
    const posts = await tree('main_menu=all&api_method=post&search=reports');
    expect(posts.data.map((m) => m.menu_slug)).toEqual(['reports/daily']);
    const hidden = await tree('main_menu=all&visible_status=0&search=branch');
    expect(hidden.data.map((m) => m.menu_slug)).not.toContain('branch/branch-list');
    expect(hidden.data.map((m) => m.menu_slug)).toContain('branch/branch-delete');
    const reports = (await tree('main_menu=all&menu_slug=reports')).data[0]!;
    const under = await tree(`main_menu=${reports.menu_id}`);
    expect(under.data.map((m) => m.menu_slug)).toEqual(['reports/daily']);
    await s.call('PUT', `/api/menu/menu-update/${under.data[0]!.menu_id}`, { body: { menu_status: 0 } });
    expect((await tree('main_menu=all&status=0')).data.map((m) => m.menu_slug)).toEqual(['reports/daily']);
    expect((await tree('main_menu=all&status=1&search=reports')).data.map((m) => m.menu_slug)).toEqual(['reports']);
    expect((await s.call('GET', '/api/menu/menu-list?group=abc')).statusCode).toBe(422);
  });

  it('refuses bad input with 422 per field, a used slug with 409, and writes nothing', async () => {
    const db = s.app.ctx.conn.db;
    const count = async () => (await db.selectFrom('menu').select('menu_id').execute()).length;
    const n = await count();
    const cases: [unknown, number, string][] = [
      [{ menu_slug: 'x-1' }, 422, 'menu_name'],
      [{ menu_name: 'X', menu_slug: 'x-1', menu_api_method: 'fetch' }, 422, 'menu_api_method'],
      [{ menu_name: 'X', menu_slug: 'x-1', main_menu: 999999 }, 422, 'main_menu'],
      [{ menu_name: 'X', menu_slug: 'x-1', permission_group: [999999] }, 422, 'permission_group'],
      [{ menu_name: 'X', menu_slug: 'x-1', menu_status: 5 }, 422, 'menu_status'],
      [{ menu_name: 'X', menu_slug: 'reports' }, 409, 'menu_slug'],
    ];
    for (const [body, code, field] of cases) {
      const r = await s.call('POST', '/api/menu/menu-create', { body });
      expect(r.statusCode, JSON.stringify(body)).toBe(code);
      expect(r.json()).toMatchObject({ status: 0, data: null });
      expect(Object.keys(r.json().errors ?? {})).toContain(field);
    }
    expect(await count()).toBe(n);
  });

  it('refuses a main_menu that would make a cycle', async () => {
    const list = (await tree('main_menu=all&search=reports')).data;
    const parent = list.find((m) => m.menu_slug === 'reports')!;
    const child = list.find((m) => m.menu_slug === 'reports/daily')!;
    const grandchild = (
      await s.call('POST', '/api/menu/menu-create', { body: { menu_name: 'G', menu_slug: 'reports/daily/g', main_menu: child.menu_id } })
    ).json().data as Menu;
    for (const target of [parent.menu_id, child.menu_id, grandchild.menu_id]) {
      const r = await s.call('PUT', `/api/menu/menu-update/${parent.menu_id}`, { body: { main_menu: target } });
      expect(r.statusCode).toBe(422);
      expect(r.json().errors.main_menu).toMatch(/under itself/);
    }
    expect((await s.call('GET', `/api/menu/get-menu/${parent.menu_id}`)).json().data.main_menu).toBe(0);
    await s.call('DELETE', `/api/menu/menu-delete/${grandchild.menu_id}`);
  });

  it('updates fields and groups; deletes only menus without children (409 says so)', async () => {
    const list = (await tree('main_menu=all&search=reports')).data;
    const parent = list.find((m) => m.menu_slug === 'reports')!;
    const child = list.find((m) => m.menu_slug === 'reports/daily')!;
    const upd = await s.call('PUT', `/api/menu/menu-update/${parent.menu_id}`, {
      body: { menu_name: 'All reports', menu_position: 7, menu_shortcut_status: 1, permission_group: [groupB] },
    });
    expect(upd.json().data).toMatchObject({
      menu_name: 'All reports',
      menu_position: 7,
      menu_shortcut_status: 1,
      permission_group: [groupB],
    });
    const refused = await s.call('DELETE', `/api/menu/menu-delete/${parent.menu_id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/sub-menu/);
    expect((await s.call('DELETE', `/api/menu/menu-delete/${child.menu_id}`)).statusCode).toBe(200);
    expect((await s.call('DELETE', `/api/menu/menu-delete/${parent.menu_id}`)).json()).toMatchObject({ status: 1 });
    expect((await s.call('GET', `/api/menu/get-menu/${parent.menu_id}`)).statusCode).toBe(404);
    expect(await s.app.ctx.conn.db.selectFrom('permission').selectAll().where('menu_id', '=', parent.menu_id).execute()).toEqual([]);
  });

  it('guards the menus that administer access: no slug change, deactivation, removal of Super Admin, or deletion', async () => {
    const menu = find((await tree()).data, 'permission/permission-create')!;
    const tries = [{ menu_slug: 'permission/other' }, { menu_status: 0 }, { permission_group: [groupA] }];
    for (const body of tries) {
      const r = await s.call('PUT', `/api/menu/menu-update/${menu.menu_id}`, { body });
      expect(r.statusCode, JSON.stringify(body)).toBe(409);
      expect(r.json().message).toMatch(/nobody could repair permissions/);
    }
    expect((await s.call('DELETE', `/api/menu/menu-delete/${menu.menu_id}`)).statusCode).toBe(409);
    const ok = await s.call('PUT', `/api/menu/menu-update/${menu.menu_id}`, {
      body: { menu_name: 'Group rights', permission_group: [...menu.permission_group, groupA] },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('checks the slug of every menu route', async () => {
    const admin = s.app.ctx.registry;
    expect(admin).toBeDefined();
    for (const [method, url] of [
      ['GET', '/api/menu/menu-list'],
      ['GET', '/api/menu/get-menu/1'],
      ['POST', '/api/menu/menu-create'],
      ['PUT', '/api/menu/menu-update/1'],
      ['DELETE', '/api/menu/menu-delete/1'],
      ['GET', '/api/menu/menu-list-user'],
    ] as const) {
      expect((await s.call(method, url, { token: null, body: method === 'POST' || method === 'PUT' ? {} : undefined })).statusCode).toBe(
        401,
      );
    }
  });
});
