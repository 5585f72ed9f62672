import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../harness';
import { world, type World } from '../users/helpers';

/** Two groups' permissions side by side: every menu once, in tree order, the differences marked. */
interface Row {
  menu_slug: string;
  depth: number;
  left: 0 | 1;
  right: 0 | 1;
  differs: boolean;
}

describe.each(DATABASES)('compare groups on %s', (kind) => {
  let s: TestServer;
  let w: World;
  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
    w = await world(s, `compare-${kind}`);
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  it('marks exactly the menus one group holds and the other does not', async () => {
    const left = await w.group('CMP-L', ['doctors/doctors-list', 'users/user-list']);
    const right = await w.group('CMP-R', ['users/user-list', 'medicine/medicine-list']);
    const res = await s.call('GET', `/api/explain/compare-groups?left=${left}&right=${right}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: { rows: Row[]; differences: number; left: { group_name: string } } }>().data;
    expect(data.left.group_name).toBe('CMP-L');
    const differing = data.rows.filter((r) => r.differs).map((r) => `${r.menu_slug} ${r.left}/${r.right}`);
    expect(differing.sort()).toEqual(['doctors/doctors-list 1/0', 'medicine/medicine-list 0/1']);
    expect(data.differences).toBe(2);
    expect(data.rows.find((r) => r.menu_slug === 'users/user-list')).toMatchObject({ left: 1, right: 1, differs: false, depth: 1 });
    const menus = await s.app.ctx.conn.db.selectFrom('menu').select('menu_slug').execute();
    expect(data.rows.map((r) => r.menu_slug).sort()).toEqual(menus.map((m) => m.menu_slug).sort());
  });

  it('refuses a missing or unknown group with a clear message', async () => {
    const missing = await s.call('GET', '/api/explain/compare-groups?left=1');
    expect([missing.statusCode, missing.json<{ message: string }>().message]).toEqual([422, 'Choose two groups to compare']);
    const unknown = await s.call('GET', '/api/explain/compare-groups?left=1&right=99999');
    expect([unknown.statusCode, unknown.json<{ message: string }>().message]).toEqual([422, 'Unknown group (id 99999)']);
  });
});
