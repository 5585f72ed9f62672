import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../../harness';

const ROUNDS = 10;

/**
 * Two updates of one menu at once, each with its own name and groups: both answer 200, and the
 * menu ends with the name and the groups of one and the same request (never a mix, never a 500).
 */
describe.each(DATABASES)('simultaneous updates of one menu and its groups on %s', (kind) => {
  let s: TestServer;
  let groupA: number;
  let groupB: number;
  let groupC: number;
  let menu: number;
  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
    groupA = (await s.call('POST', '/api/group/group-create', { body: { group_code: 'RGA', group_name: 'Race A' } })).json().data.group_id;
    groupB = (await s.call('POST', '/api/group/group-create', { body: { group_code: 'RGB', group_name: 'Race B' } })).json().data.group_id;
    groupC = (await s.call('POST', '/api/group/group-create', { body: { group_code: 'RGC', group_name: 'Race C' } })).json().data.group_id;
    menu = (await s.call('POST', '/api/menu/menu-create', { body: { menu_name: 'Race', menu_slug: 'race-groups' } })).json().data.menu_id;
  });
  afterAll(() => s.close());

  const update = (body: object) => s.call('PUT', `/api/menu/menu-update/${menu}`, { body });

  it('answers 200 to both and leaves the row and its groups from the same request', async () => {
    const db = s.app.ctx.conn.db;
    const problems: string[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      // Start each round with no groups, so both requests insert the same (group B, menu) pair.
      expect((await update({ permission_group: [] })).statusCode).toBe(200);
      const a = { menu_name: `A${i}`, permission_group: [groupA, groupB] };
      const b = { menu_name: `B${i}`, permission_group: [groupB, groupC] };
      const answers = await Promise.all([update(a), update(b)]);
      const codes = answers.map((r) => r.statusCode);
      if (codes.some((c) => c !== 200)) problems.push(`round ${i}: answered ${codes.join('/')}`);
      const row = await db.selectFrom('menu').select('menu_name').where('menu_id', '=', menu).executeTakeFirstOrThrow();
      const groups = (await db.selectFrom('permission').select('permission_group').where('menu_id', '=', menu).execute())
        .map((r) => r.permission_group)
        .sort((x, y) => x - y);
      const wanted = [a, b].find((req) => req.menu_name === row.menu_name);
      if (!wanted) problems.push(`round ${i}: unexpected name ${row.menu_name}`);
      else if (JSON.stringify(groups) !== JSON.stringify([...wanted.permission_group].sort((x, y) => x - y)))
        problems.push(`round ${i}: name ${row.menu_name} but groups ${groups.join(',')}`);
    }
    expect(problems).toEqual([]);
  });
});
