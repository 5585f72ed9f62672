import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { DATABASES, startServer, type TestServer } from '../harness';
import { insertUser } from '../../fixtures/users';

/**
 * A group's and a user's permission sets carry versions: the tree's read answers one as its ETag,
 * a save with `If-Match` of an older one is refused with 412 and the set as it is now (who changed
 * it, when), and a save without `If-Match` keeps the spec's last-save-wins.
 */
interface Entry {
  menu_id: number;
  menu_slug: string;
  permission_status: number;
  menus: Entry[];
}
const flat = (list: Entry[]): Entry[] => list.flatMap((e) => [e, ...flat(e.menus)]);

describe.each(DATABASES)('version-checked permission saves on %s', (kind) => {
  let s: TestServer;
  let group: number;
  let userId: number;
  const menuIds = new Map<string, number>();
  const id = (slug: string) => menuIds.get(slug)!;
  /**
   * Menus of their own for each set's tests: a set's version is a digest of its rows, so a save
   * must really change them (turning on a menu the group already gives changes no user row).
   */
  let pool: number[] = [];
  const menusOf = (set: number, n: number) => pool.slice(set * 20, set * 20 + n);

  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
    group = (await s.call('POST', '/api/group/group-create', { body: { group_code: 'VERS', group_name: 'Versioned' } })).json().data
      .group_id;
    await insertUser(s.app.ctx, { username: 'versioned', password: 'pw-123456', group, slugs: [] });
    userId = (await s.app.ctx.conn.db.selectFrom('users').select('user_id').where('username', '=', 'versioned').executeTakeFirstOrThrow())
      .user_id;
    for (const m of await s.app.ctx.conn.db.selectFrom('menu').select(['menu_id', 'menu_slug']).execute())
      menuIds.set(m.menu_slug, m.menu_id);
    pool = [...menuIds]
      .filter(([slug]) => slug !== 'department' && slug !== 'branch')
      .map(([, menuId]) => menuId)
      .sort((a, b) => a - b);
    expect(pool.length).toBeGreaterThanOrEqual(40);
  });
  afterAll(() => s.close());

  const groupTree = () => s.call('GET', `/api/permission/permission-list/?group=${group}&menu=all&status=1`);
  const userTree = () => s.call('GET', `/api/permission/permission-list-user/?user=${userId}&group=${group}&menu=all&status=1`);
  const saveGroup = (data: unknown, etag?: string) =>
    s.call('POST', '/api/permission/permission-create', {
      body: { permission_data: data, group_id: group },
      headers: etag ? { 'if-match': etag } : {},
    });
  const saveUser = (data: unknown, etag?: string) =>
    s.call('POST', '/api/permission/permission-create-user', {
      body: { permission_data: data, user: { user_id: userId, user_group: group } },
      headers: etag ? { 'if-match': etag } : {},
    });
  const statusIn = (res: LightMyRequestResponse, menuId: number) =>
    flat((res.json().data as { record: Entry[] }).record).find((e) => e.menu_id === menuId)?.permission_status;

  describe.each([
    { label: 'a group', read: groupTree, save: saveGroup, set: 0 },
    { label: 'a user', read: userTree, save: saveUser, set: 1 },
  ])("$label's permission set", ({ read, save, set }) => {
    it('answers its version on the read and moves it with each save', async () => {
      const [menu] = menusOf(set, 1) as [number];
      const before = (await read()).headers.etag;
      expect(before).toMatch(/^".+"$/);
      const saved = await save([{ menu_id: menu, permission_status: 1 }], before);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.headers.etag).not.toBe(before);
      expect(saved.json().data.version).toBe(JSON.parse(saved.headers.etag!));
      expect((await read()).headers.etag).toBe(saved.headers.etag);
    });

    it('refuses a save over a change made since the read, with the set as it is now and who changed it', async () => {
      // The first test left its menu on.
      const [on, other] = menusOf(set, 2) as [number, number];
      const etag = (await read()).headers.etag!;
      // Someone else turns a menu on...
      expect((await save([{ menu_id: other, permission_status: 1 }], etag)).statusCode).toBe(200);
      // ...and this console, still holding the old version, turns another off.
      const stale = await save([{ menu_id: on, permission_status: 0 }], etag);
      expect(stale.statusCode, stale.body).toBe(412);
      const data = stale.json().data as { version: string; changed_by?: { user_name: string }; changed_at?: string };
      expect(statusIn(stale, other)).toBe(1);
      // Nothing of the refused save was written.
      expect(statusIn(stale, on)).toBe(1);
      expect(`"${data.version}"`).toBe((await read()).headers.etag);
      expect(data.changed_by?.user_name).toBeTruthy();
      expect(typeof data.changed_at).toBe('string');
      // Saved again with the version it answered, it goes through.
      expect((await save([{ menu_id: on, permission_status: 0 }], `"${data.version}"`)).statusCode).toBe(200);
    });

    it('lets exactly one of 10 simultaneous saves carrying the same version through', async () => {
      const etag = (await read()).headers.etag!;
      // Each turns on a menu of its own: every one would change the set.
      const menus = menusOf(set, 14).slice(2);
      const answers = await Promise.all(menus.map((menu) => save([{ menu_id: menu, permission_status: 1 }], etag)));
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.statusCode === 412)).toHaveLength(menus.length - 1);
      // The stored set holds the one that went through, and none of the refused.
      const winner = menus[answers.findIndex((a) => a.statusCode === 200)];
      const stored = flat((await read()).json().data as Entry[]).filter((e) => menus.includes(e.menu_id) && e.permission_status === 1);
      expect(stored.map((e) => e.menu_id)).toEqual([winner]);
    });

    it('keeps last-save-wins for a client that sends no version', async () => {
      const menu = menusOf(set, 15)[14]!;
      const etag = (await read()).headers.etag!;
      expect((await save([{ menu_id: menu, permission_status: 1 }], etag)).statusCode).toBe(200);
      // Sent with no If-Match, over the change this client never read: saved, as the spec's clients expect.
      const blind = await save([{ menu_id: menu, permission_status: 0 }]);
      expect(blind.statusCode, blind.body).toBe(200);
      const entry = flat((await read()).json().data as Entry[]).find((e) => e.menu_id === menu);
      expect(entry?.permission_status).toBe(0);
    });
  });

  it("makes a user's save stale when their group's grants change under it", async () => {
    const etag = (await userTree()).headers.etag!;
    expect((await saveGroup([{ menu_id: id('department'), permission_status: 1 }])).statusCode).toBe(200);
    const stale = await saveUser([{ menu_id: id('branch'), permission_status: 1 }], etag);
    expect(stale.statusCode, stale.body).toBe(412);
    expect(statusIn(stale, id('department'))).toBe(1);
  });
});
