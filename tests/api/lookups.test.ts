import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from './harness';
import { USER_SLUGS, world, type World } from './users/helpers';

/**
 * A form's select reads its choices through the list route. Whoever may write a record that
 * references a resource (or holds one of its `lookupBy` slugs) may make that read without the
 * resource's list permission, and gets only what a select shows (server/crud/lookups.ts).
 */
describe.each(DATABASES)('lookups for form selects on %s', (kind) => {
  let s: TestServer;
  let w: World;
  let manager: string;
  let sender: string;
  let reader: string;
  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
    w = await world(s, `lk-${kind}`);
    await w.user('lk-manager', w.branchA, await w.group('LKM', USER_SLUGS));
    await w.user('lk-sender', w.branchA, await w.group('LKS', ['notification/notification-list', 'notification/notification-create']));
    await w.user('lk-reader', w.branchA, await w.group('LKR', ['medicine/medicine-list']));
    manager = await w.login('lk-manager');
    sender = await w.login('lk-sender');
    reader = await w.login('lk-reader');
  });
  afterAll(async () => {
    await s.close();
  });

  const get = (url: string, token: string) => s.call('GET', url, { token });

  it('a users manager reads the active branches, designations, departments and groups, each as a select shows it', async () => {
    for (const [resource, code] of [
      ['branch', 'branch_code'],
      ['designation', 'designation_code'],
      ['department', 'department_code'],
      ['group', 'group_code'],
    ] as const) {
      const res = await get(`/api/${resource}/${resource}-list/?status=1`, manager);
      expect(res.statusCode, resource).toBe(200);
      const rows = res.json().data as Record<string, unknown>[];
      expect(rows.length, resource).toBeGreaterThan(0);
      for (const row of rows) {
        expect(Object.keys(row).sort(), resource).toEqual([code, `${resource}_id`, `${resource}_name`, `${resource}_status`].sort());
        expect(row[`${resource}_status`]).toBe(1);
      }
    }
    // A form's current values, named by id, whatever their status.
    const byId = await get(`/api/branch/branch-list/?ids=${w.branchB}&status=all`, manager);
    expect(byId.statusCode).toBe(200);
    expect(byId.json().data).toEqual([
      { branch_id: w.branchB, branch_code: `B-lk-${kind}`, branch_name: `Branch B lk-${kind}`, branch_status: 1 },
    ]);
  });

  it('a lookup is only that: every status, a search or inactive records need the list permission', async () => {
    for (const query of ['', '?status=all', '?status=0', '?status=1&search=Branch', '?status=1&q=Branch']) {
      const res = await get(`/api/branch/branch-list/${query}`, manager);
      expect(res.statusCode, query).toBe(403);
      expect(res.json().message).toBe('You do not have the permission "branch/branch-list"');
    }
  });

  it('no lookup for someone who writes nothing that references the resource', async () => {
    expect((await get('/api/branch/branch-list/?status=1', reader)).statusCode).toBe(403);
    expect((await get('/api/group/group-list/?status=1', reader)).statusCode).toBe(403);
    expect((await get('/api/users/user-list?status=1', reader)).statusCode).toBe(403);
  });

  it("a notification sender reads groups and users (lookupBy), without a user's phone or e-mail", async () => {
    const groups = await get('/api/group/group-list/?status=1', sender);
    expect(groups.statusCode).toBe(200);
    const users = await get(`/api/users/user-list?status=1&branch=${w.branchA}`, sender);
    expect(users.statusCode).toBe(200);
    const rows = users.json().data as Record<string, unknown>[];
    expect(rows.map((r) => r.user_name)).toContain('User lk-manager');
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(['user_id', 'user_name', 'user_status']);
    // The sender still may not list branches: the notification form chooses none.
    expect((await get('/api/branch/branch-list/?status=1', sender)).statusCode).toBe(403);
  });

  it('the list permission still answers whole rows', async () => {
    const res = await get('/api/branch/branch-list/?status=1', s.token);
    expect(res.statusCode).toBe(200);
    expect(Object.keys((res.json().data as Record<string, unknown>[])[0]!)).toContain('branch_address');
  });
});
