import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from './harness';
import { world, type World } from './users/helpers';

/**
 * A list screen's reference filters read their choices as a form's select does: whoever may list
 * a resource may look up the records it filters by (the users' group and branch, the doctors'
 * department, the optics' category), and only as a select shows them.
 */
describe.each(DATABASES)('lookups for list filters on %s', (kind) => {
  let s: TestServer;
  let w: World;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
    w = await world(s, `fl-${kind}`);
    for (const [name, slugs] of [
      ['fl-users', ['users/user-list']],
      ['fl-doctors', ['doctors/doctors-list']],
      ['fl-optics', ['optics/optics-list']],
      ['fl-none', ['medicine/medicine-list']],
    ] as const) {
      await w.user(name, w.branchA, await w.group(name.toUpperCase(), [...slugs]));
      tokens[name] = await w.login(name);
    }
    for (const [url, body] of [
      ['/api/department/department-create', { department_code: 'CARD', department_name: 'Cardiology' }],
      ['/api/optics-category/optics-category-create', { optics_category_code: 'FR', optics_category_name: 'Frames' }],
    ] as const)
      expect((await s.call('POST', url, { body })).statusCode).toBe(201);
  });
  afterAll(() => s.close());

  const get = (url: string, who: string) => s.call('GET', url, { token: tokens[who] });

  it.each([
    ['fl-users', '/api/group/group-list/?status=1', 'group_name'],
    ['fl-users', '/api/branch/branch-list/?status=1', 'branch_name'],
    ['fl-doctors', '/api/department/department-list/?status=1', 'department_name'],
    ['fl-optics', '/api/optics-category/optics-category-list/?status=1', 'optics_category_name'],
  ])('%s reads %s for its filter, as a select shows it', async (who, url, title) => {
    const res = await get(url, who);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Object.keys(row)).toContain(title);
    // A lookup only: a search still needs the list permission.
    expect((await get(`${url}&search=a`, who)).statusCode).toBe(403);
  });

  it('a screen that does not filter by a resource gives no lookup of it', async () => {
    expect((await get('/api/department/department-list/?status=1', 'fl-none')).statusCode).toBe(403);
    expect((await get('/api/group/group-list/?status=1', 'fl-doctors')).statusCode).toBe(403);
    expect((await get('/api/optics-category/optics-category-list/?status=1', 'fl-users')).statusCode).toBe(403);
  });
});
