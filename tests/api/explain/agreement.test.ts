import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../harness';
import { world, type World } from '../users/helpers';

/**
 * The explanation agrees with what the server does. For users set up to meet each kind of chain
 * (group grant, parent node, user grant, user deny, inactive group, inactive user, Super Admin,
 * branch scope), every screen or action that a plain GET route of the OpenAPI document guards is
 * explained, then asked of the server with that user's session: allowed must be let through,
 * denied must be refused (403, or 401 for an account that can no longer act). A disagreement fails.
 */
interface Operation {
  'x-access'?: string;
  'x-permissions'?: string[];
  parameters?: { in: string; name: string; required?: boolean }[];
}
interface LinkOut {
  kind: string;
  effect: 'allow' | 'deny' | 'none';
  decisive: boolean;
  menu_slug?: string;
  set_by_id: number | null;
  set_by_name: string | null;
  set_at: string | null;
}
interface Item {
  menu_slug: string;
  allowed: boolean;
  chain: LinkOut[];
}

const GROUP_SLUGS = ['doctors/doctors-list', 'users/user-list', 'users/get-user', 'medicine/medicine-list'];
const decisive = (item: Item) => item.chain.find((l) => l.decisive)!.kind;

describe.each(DATABASES)('the explanation agrees with the server on %s', (kind) => {
  let s: TestServer;
  let w: World;
  /** One GET route (no path or required parameters) per slug it alone guards. */
  const probes = new Map<string, string>();
  const principals = new Map<string, { id: number; token: string }>();
  let adminId: number;
  let otherBranchUser: number;
  let sameBranchUser: number;

  const menuId = async (slug: string) =>
    (await s.app.ctx.conn.db.selectFrom('menu').select('menu_id').where('menu_slug', '=', slug).executeTakeFirstOrThrow()).menu_id;
  const ok = async (method: string, url: string, body?: object) => {
    const res = await s.call(method, url, { ...(body && { body }) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json<{ data: Record<string, unknown> }>().data;
  };
  const grantToGroup = (group: number, slugs: string[]) =>
    Promise.all(slugs.map(menuId)).then((ids) =>
      ok('POST', '/api/permission/permission-create', {
        group_id: group,
        permission_data: ids.map((menu_id) => ({ menu_id, permission_status: 1 })),
      }),
    );
  const setForUser = async (user: number, group: number, slug: string, status: 0 | 1) =>
    ok('POST', '/api/permission/permission-create-user', {
      user: { user_id: user, user_group: group },
      permission_data: [{ menu_id: await menuId(slug), permission_status: status }],
    });
  const explain = async (user: number, query = '') => {
    const res = await s.call('GET', `/api/explain/check-access?user=${user}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { items: Item[]; user: Record<string, unknown> } }>().data;
  };

  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
    w = await world(s, `explain-${kind}`);
    const doc = (await s.call('GET', '/api/docs/json')).json<{ paths: Record<string, Record<string, Operation>> }>();
    for (const [path, ops] of Object.entries(doc.paths)) {
      const op = ops.get;
      if (op?.['x-access'] !== 'slugs' || op['x-permissions']?.length !== 1) continue;
      if ((op.parameters ?? []).some((p) => p.in === 'path' || p.required)) continue;
      const slug = op['x-permissions'][0]!;
      if (!probes.has(slug)) probes.set(slug, `/api${path}`);
    }
    adminId = (await s.call('GET', '/api/users/get-auth-user')).json<{ data: { user_id: number } }>().data.user_id;

    const base = await w.group('EXPLAIN-BASE', []);
    await grantToGroup(base, GROUP_SLUGS);
    const parentOnly = await w.group('EXPLAIN-PARENT', []);
    await grantToGroup(parentOnly, ['doctors']);
    const dormant = await w.group('EXPLAIN-DORMANT', []);
    await grantToGroup(dormant, GROUP_SLUGS);

    const member = async (name: string, group: number, branch = w.branchA) => {
      const id = await w.user(name, branch, group);
      principals.set(name, { id, token: await w.login(name) });
      return id;
    };
    await member('group-grant', base);
    await member('parent-node', parentOnly);
    const granted = await member('user-grant', base);
    await setForUser(granted, base, 'branch/branch-list', 1);
    const denied = await member('user-deny', base);
    await setForUser(denied, base, 'doctors/doctors-list', 0);
    const sleeper = await member('inactive-group', dormant);
    await setForUser(sleeper, dormant, 'branch/branch-list', 1);
    await ok('PUT', `/api/group/group-update/${dormant}`, { group_status: 0 });
    const leaver = await member('inactive-user', base);
    await ok('PUT', `/api/users/user-update/${leaver}`, { user_status: 0 });
    principals.set('super-admin', { id: adminId, token: s.token });
    otherBranchUser = await w.user('elsewhere', w.branchB, base);
    sameBranchUser = await w.user('nearby', w.branchA, base);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('finds routes to ask for every probed slug', () => {
    expect(probes.size).toBeGreaterThan(20);
    expect([...probes.keys()]).toEqual(expect.arrayContaining(['doctors/doctors-list', 'branch/branch-list', 'medicine/medicine-list']));
  });

  it.each(['group-grant', 'parent-node', 'user-grant', 'user-deny', 'inactive-group', 'inactive-user', 'super-admin'])(
    "explains every probed slug for the %s user exactly as the server then answers that user's requests",
    async (name) => {
      const who = principals.get(name)!;
      const { items } = await explain(who.id);
      const bySlug = new Map(items.map((i) => [i.menu_slug, i]));
      const disagreements: string[] = [];
      let allowed = 0;
      for (const [slug, url] of probes) {
        const item = bySlug.get(slug);
        if (!item) {
          disagreements.push(`${slug}: no explanation`);
          continue;
        }
        expect(
          item.chain.filter((l) => l.decisive),
          slug,
        ).toHaveLength(1);
        const res = await s.call('GET', url, { token: who.token });
        const refused = res.statusCode === 401 || res.statusCode === 403;
        if (item.allowed) allowed++;
        if (item.allowed === refused)
          disagreements.push(`${slug}: explained ${item.allowed ? 'allowed' : 'denied'}, server ${res.statusCode}`);
      }
      expect(disagreements).toEqual([]);
      // Each user is allowed something but the inactive one and the one holding a heading only.
      if (name === 'inactive-user' || name === 'parent-node') expect(allowed).toBe(0);
      else expect(allowed).toBeGreaterThan(0);
    },
  );

  it('names the link that decided, for each kind of chain', async () => {
    const one = async (name: string, slug: string) => {
      const { items } = await explain(principals.get(name)!.id, `&slug=${encodeURIComponent(slug)}`);
      expect(items).toHaveLength(1);
      return items[0]!;
    };
    const grant = await one('group-grant', 'doctors/doctors-list');
    expect([grant.allowed, decisive(grant)]).toEqual([true, 'group-grant']);
    // Who granted it and when, from the trail: the admin's permission save.
    const link = grant.chain.find((l) => l.kind === 'group-grant')!;
    expect(link.set_by_id).toBe(adminId);
    expect(link.set_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(grant.chain.find((l) => l.kind === 'parent-grant')?.menu_slug).toBe('doctors');

    const parent = await one('parent-node', 'doctors/doctors-list');
    expect([parent.allowed, decisive(parent)]).toEqual([false, 'group-grant']);
    const parentLink = parent.chain.find((l) => l.kind === 'parent-grant')!;
    expect(parentLink.menu_slug).toBe('doctors');
    expect(parentLink.set_by_id).toBe(adminId);

    const userGrant = await one('user-grant', 'branch/branch-list');
    expect([userGrant.allowed, decisive(userGrant)]).toEqual([true, 'user-grant']);
    expect(userGrant.chain.find((l) => l.kind === 'user-grant')?.set_by_id).toBe(adminId);

    const userDeny = await one('user-deny', 'doctors/doctors-list');
    expect([userDeny.allowed, decisive(userDeny)]).toEqual([false, 'user-deny']);
    expect(userDeny.chain.find((l) => l.kind === 'group-grant')?.effect).toBe('allow');

    const dormant = await one('inactive-group', 'doctors/doctors-list');
    expect([dormant.allowed, decisive(dormant)]).toEqual([false, 'group-status']);
    expect(dormant.chain.find((l) => l.kind === 'group-status')?.set_by_id).toBe(adminId);
    const stillGranted = await one('inactive-group', 'branch/branch-list');
    expect([stillGranted.allowed, decisive(stillGranted)]).toEqual([true, 'user-grant']);

    const leaver = await one('inactive-user', 'doctors/doctors-list');
    expect([leaver.allowed, decisive(leaver)]).toEqual([false, 'user-status']);
    expect(leaver.chain.find((l) => l.kind === 'user-status')?.set_by_id).toBe(adminId);

    const admin = await one('super-admin', 'explain/check-access');
    expect(admin.allowed).toBe(true);
    expect(admin.chain.map((l) => l.kind)).toContain('super-admin');

    const unknown = await one('group-grant', 'no/such-slug');
    expect([unknown.allowed, decisive(unknown)]).toEqual([false, 'unknown-menu']);
  });

  it("explains the branch scope of a record as the server answers it: another branch's user is not found", async () => {
    const who = principals.get('group-grant')!;
    const check = async (record: number) => {
      const { items } = await explain(who.id, `&slug=users/get-user&record=${record}`);
      const res = await s.call('GET', `/api/users/get-user/${record}`, { token: who.token });
      return { item: items[0]!, status: res.statusCode };
    };
    const far = await check(otherBranchUser);
    expect([far.item.allowed, decisive(far.item), far.status]).toEqual([false, 'branch-scope', 404]);
    const near = await check(sameBranchUser);
    expect([near.item.allowed, decisive(near.item), near.status]).toEqual([true, 'group-grant', 200]);
    expect(near.item.chain.find((l) => l.kind === 'branch-scope')?.effect).toBe('none');
  });

  it('agrees again after a change: a grant the explanation called missing opens the screen', async () => {
    const who = principals.get('parent-node')!;
    const before = (await explain(who.id, '&slug=doctors/doctors-list')).items[0]!;
    expect(before.allowed).toBe(false);
    expect((await s.call('GET', probes.get('doctors/doctors-list')!, { token: who.token })).statusCode).toBe(403);
    const group = (await explain(who.id)).user.group_id as number;
    await grantToGroup(group, ['doctors/doctors-list']);
    const after = (await explain(who.id, '&slug=doctors/doctors-list')).items[0]!;
    expect([after.allowed, decisive(after)]).toEqual([true, 'group-grant']);
    expect((await s.call('GET', probes.get('doctors/doctors-list')!, { token: who.token })).statusCode).toBe(200);
  });

  it('refuses bad input with a clear message and no explanation', async () => {
    const res = await s.call('GET', '/api/explain/check-access?user=abc');
    expect(res.statusCode).toBe(422);
    expect(res.json<{ message: string }>().message).toMatch(/user/);
    const missing = await s.call('GET', '/api/explain/check-access?user=99999');
    expect(missing.statusCode).toBe(404);
    const notRecords = await s.call('GET', `/api/explain/check-access?user=${adminId}&slug=settings&record=1`);
    expect([notRecords.statusCode, notRecords.json<{ message: string }>().message]).toEqual([
      422,
      '"settings" is not an action on records',
    ]);
  });

  it('answers a user of another branch as not found to a branch-scoped viewer', async () => {
    const viewerGroup = await w.group('EXPLAIN-VIEWER', ['explain/check-access']);
    await w.user('explainer-a', w.branchA, viewerGroup);
    const token = await w.login('explainer-a');
    expect((await s.call('GET', `/api/explain/check-access?user=${otherBranchUser}`, { token })).statusCode).toBe(404);
    expect((await s.call('GET', `/api/explain/check-access?user=${sameBranchUser}`, { token })).statusCode).toBe(200);
  });
});
