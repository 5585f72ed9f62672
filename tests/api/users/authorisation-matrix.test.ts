import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../../server/auth/sessions';
import { DATABASES, startServer, type TestServer } from '../harness';
import { PASSWORD, world, type World } from './helpers';

/**
 * Every users and permission endpoint against every kind of principal. Only a principal holding the endpoint's
 * slug (by group or by a user grant) may get past the guard; everyone else gets 401 or 403, and
 * no request of theirs changes anything.
 */
const ENDPOINTS = [
  { slug: 'users/user-list', method: 'GET', url: () => '/api/users/user-list' },
  { slug: 'users/get-user', method: 'GET', url: (id: number) => `/api/users/get-user/${id}` },
  { slug: 'users/user-create', method: 'POST', url: () => '/api/users/user-create' },
  { slug: 'users/user-update', method: 'PUT', url: (id: number) => `/api/users/user-update/${id}` },
  { slug: 'users/user-delete', method: 'DELETE', url: (id: number) => `/api/users/user-delete/${id}` },
  { slug: 'permission/permission-create', method: 'GET', url: () => '/api/permission/permission-list/?menu=all&status=1&group=1' },
  { slug: 'permission/permission-create', method: 'POST', url: () => '/api/permission/permission-create' },
  {
    slug: 'permission/permission-create-user',
    method: 'GET',
    url: (id: number) => `/api/permission/permission-list-user/?user=${id}&menu=all&status=1`,
  },
  { slug: 'permission/permission-create-user', method: 'POST', url: () => '/api/permission/permission-create-user' },
] as const;
type Endpoint = (typeof ENDPOINTS)[number];

type Principal = 'anonymous' | 'expired' | 'signed-out' | 'no-slug' | 'slug-by-group' | 'slug-by-user-grant' | 'slug-just-revoked';
const DENIED: Record<Exclude<Principal, 'slug-by-group' | 'slug-by-user-grant'>, number> = {
  anonymous: 401,
  expired: 401,
  'signed-out': 401,
  'no-slug': 403,
  'slug-just-revoked': 403,
};

describe.each(DATABASES)('users authorisation matrix on %s', (kind) => {
  let s: TestServer;
  let w: World;
  let target: number;
  let emptyGroup: number;
  let scratchGroup: number;
  /** A menu every principal who may save permissions holds: nobody grants what they do not hold. */
  let grantedMenu: Record<string, number>;
  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
    w = await world(s, kind);
    emptyGroup = await w.group('NONE', []);
    target = await w.user('target', w.branchA, emptyGroup);
    // Permission writes grant a screen that none of the tested slugs depends on, to a group nobody uses.
    scratchGroup = await w.group('SCRATCH', []);
    grantedMenu = {
      'permission/permission-create': await menuId('permission/permission-create'),
      'permission/permission-create-user': await menuId('permission/permission-create-user'),
    };
  });
  afterAll(async () => {
    await s.close();
  });

  const db = () => s.app.ctx.conn.db;
  async function menuId(slug: string) {
    return (await db().selectFrom('menu').select('menu_id').where('menu_slug', '=', slug).executeTakeFirstOrThrow()).menu_id;
  }
  async function grantUser(userId: number, slug: string, status: 0 | 1) {
    const menu_id = await menuId(slug);
    await db().deleteFrom('user_permission').where('user_id', '=', userId).where('menu_id', '=', menu_id).execute();
    await db().insertInto('user_permission').values({ user_id: userId, menu_id, permission_status: status }).execute();
    s.app.ctx.permissions.invalidate();
  }

  /** What a refused request must leave alone: the users and every group and per-user grant. */
  const snapshot = async () => ({
    users: await db().selectFrom('users').selectAll().orderBy('user_id').execute(),
    permission: await db().selectFrom('permission').selectAll().orderBy('permission_id').execute(),
    user_permission: await db().selectFrom('user_permission').selectAll().orderBy('user_permission_id').execute(),
  });

  let serial = 0;
  /** A token for the principal, against the endpoint with this slug (branch 0: scope is not what is tested). */
  async function tokenFor(principal: Principal, slug: string): Promise<string | null> {
    if (principal === 'anonymous') return null;
    const username = `${principal}-${slug.replace(/\W/g, '-')}-${++serial}`;
    const group = principal === 'slug-by-group' || principal === 'slug-just-revoked' ? await w.group(`G${serial}`, [slug]) : emptyGroup;
    const id = await w.user(username, 0, group);
    if (principal === 'slug-by-user-grant') await grantUser(id, slug, 1);
    const token = await w.login(username, PASSWORD);
    if (principal === 'slug-just-revoked') {
      // The group grants it; a user-level denial takes it away from the next request on.
      expect((await s.call(ENDPOINTS[0].method, '/api/users/get-auth-user', { token })).statusCode).toBe(200);
      await grantUser(id, slug, 0);
    }
    if (principal === 'expired') {
      await db()
        .updateTable('sessions')
        .set({ expires_at: '2000-01-01T00:00:00.000Z' })
        .where('token_hash', '=', hashToken(token))
        .execute();
      s.app.ctx.sessions.invalidate();
    }
    if (principal === 'signed-out') expect((await s.call('GET', '/api/users/user-logout/', { token })).statusCode).toBe(200);
    return token;
  }

  const bodyFor = (endpoint: Endpoint) => {
    if (endpoint.slug === 'permission/permission-create' && endpoint.method === 'POST')
      return { permission_data: [{ menu_id: grantedMenu[endpoint.slug], permission_status: 1 }], group_id: scratchGroup };
    if (endpoint.slug === 'permission/permission-create-user' && endpoint.method === 'POST')
      return {
        permission_data: [{ menu_id: grantedMenu[endpoint.slug], permission_status: 1 }],
        user: { user_id: target, user_group: emptyGroup },
      };
    return byMethod(endpoint.method);
  };
  const byMethod = (method: string) =>
    method === 'POST'
      ? {
          user_name: 'Matrix',
          username: `matrix-${++serial}`,
          password: PASSWORD,
          c_password: PASSWORD,
          user_branch: w.branchA,
          user_group: emptyGroup,
          user_designation: w.designation,
          user_department: w.department,
        }
      : method === 'PUT'
        ? { user_phone: `+880 ${++serial}` }
        : undefined;

  for (const endpoint of ENDPOINTS) {
    for (const principal of Object.keys(DENIED) as (keyof typeof DENIED)[]) {
      it(`${endpoint.method} ${endpoint.url(0).split('?')[0]} (${endpoint.slug}) refuses ${principal} with ${DENIED[principal]} and changes nothing`, async () => {
        const token = await tokenFor(principal, endpoint.slug);
        const before = await snapshot();
        const res = await s.call(endpoint.method, endpoint.url(target), { token, body: bodyFor(endpoint) });
        expect(res.statusCode).toBe(DENIED[principal]);
        expect(res.json()).toMatchObject({ status: 0 });
        expect(await snapshot()).toEqual(before);
      });
    }
    for (const principal of ['slug-by-group', 'slug-by-user-grant'] as const) {
      it(`${endpoint.method} ${endpoint.url(0).split('?')[0]} (${endpoint.slug}) lets ${principal} through`, async () => {
        const token = await tokenFor(principal, endpoint.slug);
        const id = endpoint.method === 'DELETE' ? await w.user(`victim-${++serial}`, w.branchA, emptyGroup) : target;
        const res = await s.call(endpoint.method, endpoint.url(id), { token, body: bodyFor(endpoint) });
        const created = endpoint.method === 'POST' && endpoint.slug === 'users/user-create';
        expect(res.statusCode, res.body).toBe(created ? 201 : 200);
      });
    }
  }
});
