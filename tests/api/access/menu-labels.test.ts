import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../harness';
import { ensureSuperAdminGroup } from '../../../server/startup';

interface Menu {
  menu_id: number;
  menu_name: string;
  menu_slug: string;
  menu_name_bn: string;
  menu_name_es: string;
  menu_name_my: string;
  menu_name_shipped?: number;
  menus: Menu[];
}

interface Answer<T> {
  status: number;
  message: string;
  data: T;
}

/**
 * A menu's name per language: an administrator's menu carries a name in Bengali, Spanish and
 * Burmese beside the spec's `menu_name` (which stays as given), and the navigation says which
 * entries still bear the catalogue's own name (those the console translates itself).
 */
describe.each(DATABASES)('menu names per language on %s', (kind) => {
  let s: TestServer;
  let admin: number;
  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
    admin = await ensureSuperAdminGroup(s.app.ctx.conn.db, s.app.ctx.registry);
  });
  afterAll(() => s.close());

  const getMenu = async (id: number) => (await s.call('GET', `/api/menu/get-menu/${id}`)).json<Answer<Menu>>().data;
  const navigation = async () => (await s.call('GET', '/api/menu/menu-list-user')).json<Answer<Menu[]>>().data;
  const find = (list: Menu[], slug: string): Menu | undefined => {
    for (const m of list) {
      if (m.menu_slug === slug) return m;
      const inner = find(m.menus, slug);
      if (inner) return inner;
    }
    return undefined;
  };

  it('creates a menu with a name per language, keeps menu_name as given, and answers them in the navigation', async () => {
    const res = await s.call('POST', '/api/menu/menu-create', {
      body: {
        menu_name: 'Ward rounds',
        menu_name_bn: 'ওয়ার্ড পরিদর্শন',
        menu_name_es: 'Rondas de sala',
        menu_name_my: 'ဆေးရုံခန်း လှည့်ပတ်စစ်ဆေးခြင်း',
        menu_slug: 'ward-rounds',
        permission_group: [admin],
      },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json<Answer<Menu>>().data;
    expect(created).toMatchObject({
      menu_name: 'Ward rounds',
      menu_name_bn: 'ওয়ার্ড পরিদর্শন',
      menu_name_es: 'Rondas de sala',
      menu_name_my: 'ဆေးရုံခန်း လှည့်ပတ်စစ်ဆေးခြင်း',
    });
    expect(await getMenu(created.menu_id)).toMatchObject({ menu_name: 'Ward rounds', menu_name_es: 'Rondas de sala' });
    expect(find(await navigation(), 'ward-rounds')).toMatchObject({
      menu_name: 'Ward rounds',
      menu_name_bn: 'ওয়ার্ড পরিদর্শন',
      menu_name_shipped: 0,
    });
  });

  it('leaves the other languages empty when a create names none, and an update changes only the names it sends', async () => {
    const res = await s.call('POST', '/api/menu/menu-create', { body: { menu_name: 'Night shift', menu_slug: 'night-shift' } });
    expect(res.statusCode).toBe(201);
    const id = res.json<Answer<Menu>>().data.menu_id;
    expect(await getMenu(id)).toMatchObject({ menu_name_bn: '', menu_name_es: '', menu_name_my: '' });

    expect((await s.call('PUT', `/api/menu/menu-update/${id}`, { body: { menu_name_es: 'Turno de noche' } })).statusCode).toBe(200);
    expect(await getMenu(id)).toMatchObject({
      menu_name: 'Night shift',
      menu_name_bn: '',
      menu_name_es: 'Turno de noche',
      menu_name_my: '',
    });

    // '' takes a translation away again; the name given stays.
    expect((await s.call('PUT', `/api/menu/menu-update/${id}`, { body: { menu_name_es: '' } })).statusCode).toBe(200);
    expect(await getMenu(id)).toMatchObject({ menu_name: 'Night shift', menu_name_es: '' });
  });

  it('finds a menu by its name in another language', async () => {
    const { data } = (await s.call('GET', `/api/menu/menu-list?search=${encodeURIComponent('rondas')}`)).json<Answer<Menu[]>>();
    expect(data.map((m) => m.menu_slug)).toEqual(['ward-rounds']);
  });

  it('refuses a name too long or not text with 422 naming the field, and changes nothing', async () => {
    const id = (await s.call('GET', '/api/menu/menu-list?menu_slug=night-shift')).json<Answer<Menu[]>>().data[0]!.menu_id;
    const long = await s.call('PUT', `/api/menu/menu-update/${id}`, { body: { menu_name_bn: 'ক'.repeat(151) } });
    expect(long.statusCode).toBe(422);
    expect(long.json()).toMatchObject({ status: 0, errors: { menu_name_bn: expect.any(String) } });
    const notText = await s.call('POST', '/api/menu/menu-create', {
      body: { menu_name: 'Odd', menu_slug: 'odd-one', menu_name_my: { text: 'x' } },
    });
    expect(notText.statusCode).toBe(422);
    expect(notText.json()).toMatchObject({ status: 0, errors: { menu_name_my: expect.any(String) } });
    expect(await getMenu(id)).toMatchObject({ menu_name_bn: '' });
    expect((await s.call('GET', '/api/menu/menu-list?menu_slug=odd-one')).json<Answer<Menu[]>>().data).toEqual([]);
  });

  it("marks the catalogue's own entries until an administrator renames one", async () => {
    const before = find(await navigation(), 'ot/ot-list')!;
    expect(before).toMatchObject({ menu_name: 'Ot List', menu_name_shipped: 1 });
    expect(find(await navigation(), 'users')).toMatchObject({ menu_name_shipped: 1 });
    const renamed = await s.call('PUT', `/api/menu/menu-update/${before.menu_id}`, { body: { menu_name: 'Theatre bookings' } });
    expect(renamed.statusCode).toBe(200);
    expect(find(await navigation(), 'ot/ot-list')).toMatchObject({ menu_name: 'Theatre bookings', menu_name_shipped: 0 });
  });

  it('names the permission trees’ entries as the navigation does (a group’s and a user’s)', async () => {
    const me = (await s.call('GET', '/api/users/get-auth-user')).json<Answer<{ user_id: number }>>().data.user_id;
    for (const url of [
      `/api/permission/permission-list/?group=${admin}&menu=all&status=1`,
      `/api/permission/permission-list-user/?user=${me}&group=${admin}&menu=all&status=1`,
    ]) {
      const res = await s.call('GET', url);
      expect(res.statusCode, url).toBe(200);
      const tree = res.json<Answer<Menu[]>>().data;
      expect(find(tree, 'ward-rounds'), url).toMatchObject({
        menu_name: 'Ward rounds',
        menu_name_bn: 'ওয়ার্ড পরিদর্শন',
        menu_name_shipped: 0,
      });
      expect(find(tree, 'users'), url).toMatchObject({ menu_name_shipped: 1 });
      expect(find(tree, 'ot/ot-list'), url).toMatchObject({ menu_name: 'Theatre bookings', menu_name_shipped: 0 });
    }
  });
});
