import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../../harness';
import { insertUser } from '../../../fixtures/users';

const ROUNDS = 10;
const SLUGS = ['branch/branch-list', 'branch/get-branch', 'branch/branch-create', 'branch/branch-update', 'branch/branch-delete'];

/**
 * Two saves of one group's (or one user's) permissions at once: both answer 200 and what is
 * stored is exactly what one of the two asked for.
 */
describe.each(DATABASES)('simultaneous permission saves on %s', (kind) => {
  let s: TestServer;
  let group: number;
  let userId: number;
  let menus: number[];
  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
    group = (await s.call('POST', '/api/group/group-create', { body: { group_code: 'RACE', group_name: 'Race' } })).json().data.group_id;
    await insertUser(s.app.ctx, { username: 'racer', password: 'pw-123456', group, slugs: [] });
    const db = s.app.ctx.conn.db;
    userId = (await db.selectFrom('users').select('user_id').where('username', '=', 'racer').executeTakeFirstOrThrow()).user_id;
    const rows = await db.selectFrom('menu').select(['menu_id', 'menu_slug']).where('menu_slug', 'in', SLUGS).execute();
    menus = SLUGS.map((slug) => rows.find((r) => r.menu_slug === slug)!.menu_id);
    expect(menus).toHaveLength(SLUGS.length);
  });
  afterAll(() => s.close());

  /** The first three on and the rest off, or the last three on and the rest off: they share the middle one. */
  const all = () => menus.map((menu_id, i) => ({ menu_id, permission_status: i < 3 ? 1 : 0 }));
  const some = () => menus.map((menu_id, i) => ({ menu_id, permission_status: i >= 2 ? 1 : 0 }));
  const ids = (list: { menu_id: number; permission_status: number }[]) =>
    list
      .filter((c) => c.permission_status === 1)
      .map((c) => c.menu_id)
      .sort((a, b) => a - b)
      .join(',');

  it("group: both answer 200 and the group's grants are one request's", async () => {
    const db = s.app.ctx.conn.db;
    const save = (data: unknown) =>
      s.call('POST', '/api/permission/permission-create', { body: { permission_data: data, group_id: group } });
    const problems: string[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      expect((await save(menus.map((menu_id) => ({ menu_id, permission_status: 0 })))).statusCode).toBe(200);
      const codes = (await Promise.all([save(all()), save(some())])).map((r) => r.statusCode);
      if (codes.some((c) => c !== 200)) problems.push(`round ${i}: answered ${codes.join('/')}`);
      const stored = (
        await db.selectFrom('permission').select('menu_id').where('permission_group', '=', group).where('menu_id', 'in', menus).execute()
      )
        .map((r) => r.menu_id)
        .sort((a, b) => a - b)
        .join(',');
      if (stored !== ids(all()) && stored !== ids(some())) problems.push(`round ${i}: stored ${stored}`);
    }
    expect(problems).toEqual([]);
  });

  it("user: both answer 200 and the user's own entries are one request's", async () => {
    const db = s.app.ctx.conn.db;
    const save = (data: unknown) =>
      s.call('POST', '/api/permission/permission-create-user', {
        body: { permission_data: data, user: { user_id: userId, user_group: group } },
      });
    const problems: string[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      // The group grants none of them; a 1 is stored as the user's own grant, a 0 needs no entry.
      expect(
        (
          await s.call('POST', '/api/permission/permission-create', {
            body: { permission_data: menus.map((menu_id) => ({ menu_id, permission_status: 0 })), group_id: group },
          })
        ).statusCode,
      ).toBe(200);
      expect((await save(menus.map((menu_id) => ({ menu_id, reset: true })))).statusCode).toBe(200);
      const codes = (await Promise.all([save(all()), save(some())])).map((r) => r.statusCode);
      if (codes.some((c) => c !== 200)) problems.push(`round ${i}: answered ${codes.join('/')}`);
      const rows = await db.selectFrom('user_permission').select(['menu_id', 'permission_status']).where('user_id', '=', userId).execute();
      const stored = ids(rows);
      if (rows.some((r) => r.permission_status !== 1)) problems.push(`round ${i}: a stored denial`);
      if (stored !== ids(all()) && stored !== ids(some())) problems.push(`round ${i}: stored ${stored}`);
    }
    expect(problems).toEqual([]);
  });
});
