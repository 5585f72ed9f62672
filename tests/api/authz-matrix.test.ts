import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionPath, actionsOf, registry, takesId } from '../../resources';
import { hashToken } from '../../server/auth/sessions';
import { dynamic } from '../../server/db/database';
import { createExamples } from '../fixtures/examples';
import { DATABASES, startServer, type TestServer } from './harness';
import { world, type World } from './users/helpers';

/**
 * The authorisation matrix, generated: every operation of `/api/docs/json` x every kind of
 * principal, with the expected answer derived from the rule the operation declares (`x-access`,
 * `x-permissions`). A route that declares no rule fails here, so a new route cannot slip in
 * unguarded by accident.
 */
interface Operation {
  'x-access'?: 'public' | 'signedIn' | 'slugs';
  'x-permissions'?: string[];
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean }[];
}
interface Route {
  method: string;
  path: string;
  op: Operation;
}

/** Signed-in principals, with the slugs they hold (undefined: Super Admin, who holds all). */
type SignedInKind = 'super-admin' | 'restricted' | 'per-user-grant' | 'other-branch';
type RefusedKind = 'deactivated' | 'signed-out' | 'expired' | 'garbage-token' | 'no-token';
const REFUSED: readonly RefusedKind[] = ['deactivated', 'signed-out', 'expired', 'garbage-token', 'no-token'];

/** A few screens, no deletes (so the refused principals' runs leave every record in place). */
const RESTRICTED_SLUGS = ['doctors/doctors-list', 'doctors/get-doctors', 'medicine/medicine-update', 'menu/menu-list', 'users/user-list'];
/** A slug the restricted group lacks, granted to one user by a per-user permission. */
const GRANTED_SLUG = 'branch/branch-list';
/** What a branch-B manager of users holds. */
const OTHER_BRANCH_SLUGS = ['users/user-list', 'users/get-user', 'users/user-update', 'permission/permission-create-user'];

const isAuthFailure = (status: number) => status === 401 || status === 403;

describe.each(DATABASES)('authorisation matrix from the OpenAPI document on %s', (kind) => {
  let s: TestServer;
  let w: World;
  let routes: Route[];
  /** A real record behind each `{id}` path. */
  const ids = new Map<string, number | string>();
  let targetA: number;
  let targetAGroup: number;
  const tokens = new Map<SignedInKind | RefusedKind, string | null>();
  const held = new Map<SignedInKind, ReadonlySet<string> | undefined>();

  beforeAll(async () => {
    s = await startServer(kind);
    const db = s.app.ctx.conn.db;
    // A record of each catalogue (the server starts without demo records): the newest row of each
    // table, read before the test's users, groups and menus exist.
    await createExamples(s.app);
    for (const d of registry.all) {
      const row = await dynamic(db)
        .selectFrom(d.table)
        .select(sql.ref(d.idField).as('id'))
        .orderBy(sql.ref(d.idField), 'desc')
        .limit(1)
        .executeTakeFirst();
      for (const action of actionsOf(d).filter(takesId)) if (row) ids.set(`${actionPath(d, action)}/{id}`, Number(row.id));
    }
    // The change requests' decide actions (issue 48): the example request (nobody's: approve and
    // reject answer past the rule), and one of the Super Admin's own for the author's rebase.
    const changeRequest = registry.get('change-request');
    const example = ids.get(`${actionPath(changeRequest, 'get')}/{id}`);
    ids.set('/change-request/change-request-approve/{id}', example!);
    ids.set('/change-request/change-request-reject/{id}', example!);
    const own = await s.app.ctx.crud.create(changeRequest, {
      fields: { change_request_resource: 'medicine', change_request_action: 'update', change_request_author: 1 },
      files: [],
    });
    ids.set('/change-request/change-request-rebase/{id}', Number(own.change_request_id));
    w = await world(s, kind);
    targetAGroup = await w.group('TARGET', []);
    targetA = await w.user('target-a', w.branchA, targetAGroup);
    for (const action of ['get', 'update', 'delete'] as const) ids.set(`${actionPath(registry.get('users'), action)}/{id}`, targetA);
    // The second factor's: a user to reset, and a passkey that is nobody's (its removal answers 404 past the rule).
    ids.set('/second-factor/reset/{id}', targetA);
    ids.set('/second-factor/passkey-delete/{id}', 999999);

    const now = new Date().toISOString();
    const menu = await db
      .insertInto('menu')
      .values({
        menu_name: 'Matrix scratch',
        menu_slug: 'matrix/scratch',
        menu_position: 999,
        main_menu: 0,
        sub_menu: '',
        menu_api_method: 'GET',
        menu_icon: '',
        menu_shortcut_status: 0,
        menu_visible_status: 0,
        menu_status: 1,
      })
      .returning('menu_id')
      .executeTakeFirstOrThrow();
    for (const p of ['/menu/get-menu/{id}', '/menu/menu-update/{id}', '/menu/menu-delete/{id}']) ids.set(p, menu.menu_id);
    const notice = await db
      .insertInto('notification')
      .values({
        notification_date: '2026-01-01 08:00:00',
        notification_title: 'Matrix',
        notification_description: 'A notice to everyone',
        notification_type: 'All',
        notification_user: 0,
        notification_group: 0,
        notification_status: 1,
        notification_branch: 0,
        notification_sender: 1,
        notification_delivered_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning('notification_id')
      .executeTakeFirstOrThrow();
    for (const p of [
      '/notification/get-notification/{id}',
      '/notification/notification-update/{id}',
      '/notification/notification-delete/{id}',
      '/notification/notification-read/{id}',
    ])
      ids.set(p, notice.notification_id);
    const saved = await s.call('POST', '/api/preferences/saved-filter-create', {
      body: { resource: 'medicine', name: 'Matrix', filter: {} },
    });
    ids.set('/preferences/saved-filter-delete/{id}', saved.json<{ data: { saved_filter_id: number } }>().data.saved_filter_id);
    // The audit routes: an entry id, a resource (one value a path: the history's resource and id both get it, which it refuses after the access rule).
    for (const p of ['/audit/restore/{entryId}', '/audit/undelete/{entryId}']) ids.set(p, 1);
    // An import batch that does not exist: the rule is checked before the batch is looked up (404 after).
    ids.set('/imports/import-undo/{batchId}', 1);
    // A SCIM token that does not exist: an allowed principal gets 404, which is not an authorisation answer.
    ids.set('/directory/scim-tokens/{id}', 1);
    for (const p of ['/audit/deleted/{resource}', '/audit/history/{resource}/{id}']) ids.set(p, 'medicine');
    // Subject access (issue 49): both parameters get 'medicine', which describes no person: refused (422) after the access rule.
    ids.set('/privacy/subject-access/{resource}/{id}', 'medicine');
    // Erasure likewise: a 'medicine' person is refused (422) after the access rule, so nothing is erased.
    ids.set('/privacy/erase/{resource}/{id}', 'medicine');
    // Another session of the Super Admin, so the route that ends one has a real one to name.
    const spare = await w.login('admin', 'admin-test-password');
    const sessions = (await s.call('GET', '/api/users/user-session-list', { token: spare })).json<{
      data: { session_id: string; session_current: boolean }[];
    }>().data;
    ids.set('/users/user-session-delete/{id}', sessions.find((x) => x.session_current)!.session_id);

    const restrictedGroup = await w.group('RESTRICTED', RESTRICTED_SLUGS);
    tokens.set('super-admin', s.token);
    held.set('super-admin', undefined);
    tokens.set('restricted', (await w.member('restricted', w.branchA, restrictedGroup)).token);
    held.set('restricted', new Set(RESTRICTED_SLUGS));
    const granted = await w.member('granted', w.branchA, restrictedGroup);
    await w.grantToUser(granted.id, GRANTED_SLUG);
    tokens.set('per-user-grant', granted.token);
    held.set('per-user-grant', new Set([...RESTRICTED_SLUGS, GRANTED_SLUG]));
    tokens.set('other-branch', (await w.principal('OTHER-BRANCH', 'other-branch', w.branchB, OTHER_BRANCH_SLUGS)).token);
    held.set('other-branch', new Set(OTHER_BRANCH_SLUGS));

    // Sessions that no longer count, each ended the way the console ends them.
    const deactivated = await w.member('deactivated', w.branchA, restrictedGroup);
    const off = await s.call('PUT', `/api/users/user-update/${deactivated.id}`, { body: { user_status: 0 } });
    expect(off.statusCode, off.body).toBe(200);
    tokens.set('deactivated', deactivated.token);
    const signedOut = await w.member('signed-out', w.branchA, restrictedGroup);
    expect((await s.call('GET', '/api/users/user-logout', { token: signedOut.token })).statusCode).toBe(200);
    tokens.set('signed-out', signedOut.token);
    const expired = await w.member('expired', w.branchA, restrictedGroup);
    await db
      .updateTable('sessions')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('token_hash', '=', hashToken(expired.token))
      .execute();
    s.app.ctx.sessions.invalidate();
    tokens.set('expired', expired.token);
    tokens.set('garbage-token', 'not-a-token-' + 'x'.repeat(40));
    tokens.set('no-token', null);

    const doc = (await s.call('GET', '/api/docs/json', { token: null })).json<{ paths: Record<string, Record<string, Operation>> }>();
    routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    );
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  /** The request for an operation: real ids in the path, required query values, `{}` as any body. */
  function request(route: Route): { method: string; url: string; body?: object } {
    let url = route.path;
    for (const p of route.op.parameters ?? []) {
      if (p.in !== 'path') continue;
      const value = ids.get(route.path);
      if (value === undefined) throw new Error(`no record known for ${route.method} ${route.path}: add one to the matrix`);
      url = url.replace(`{${p.name}}`, String(value));
    }
    const query = (route.op.parameters ?? []).filter((p) => p.in === 'query' && p.required);
    const values: Record<string, string> = { user: String(targetA) };
    for (const p of query) if (!(p.name in values)) throw new Error(`no value known for the query parameter ${p.name} of ${route.path}`);
    const search = query.map((p) => `${p.name}=${values[p.name]}`).join('&');
    return {
      method: route.method,
      url: `/api${url}${search ? `?${search}` : ''}`,
      ...(['POST', 'PUT'].includes(route.method) && { body: {} }),
    };
  }

  /** Destructive operations last: deletes, then the sign-out that ends the principal's session. */
  const ordered = () => {
    const rank = (r: Route) => (r.path.startsWith('/users/user-logout') ? 2 : r.method === 'DELETE' ? 1 : 0);
    return [...routes].sort((a, b) => rank(a) - rank(b));
  };

  async function answer(route: Route, token: string | null) {
    const r = request(route);
    return s.call(r.method, r.url, { token, ...(r.body && { body: r.body }) });
  }

  it('finds a rule on every route: every operation of the document, and every route the server answers', () => {
    expect(routes.length).toBeGreaterThan(100);
    const undeclared = routes.filter((r) => !r.op['x-access']).map((r) => `${r.method} ${r.path}`);
    expect(undeclared).toEqual([]);
    expect(s.app.routeCatalogue.filter((e) => !e.access).map((e) => `${e.method} ${e.url}`)).toEqual([]);
    for (const r of routes) {
      if (r.op['x-access'] === 'public') expect(r.op.security, r.path).toEqual([]);
      else expect(r.op.security, r.path).not.toEqual([]);
      if (r.op['x-access'] === 'slugs') expect(r.op['x-permissions']?.length, r.path).toBeGreaterThan(0);
    }
    expect(routes.filter((r) => r.op['x-access'] === 'public').map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['POST /users/user-login', 'GET /server-time']),
    );
  });

  it('answers 404 to a branch-B user asking for a user of branch A, their sign-ins or their permissions', async () => {
    const token = tokens.get('other-branch')!;
    const cases = [
      ['GET', `/api/users/get-user/${targetA}`],
      ['PUT', `/api/users/user-update/${targetA}`, { user_phone: '+880 1' }],
      ['GET', `/api/users/user-login-history?user=${targetA}`],
      ['GET', `/api/permission/permission-list-user?user=${targetA}&menu=all&status=1`],
      ['POST', '/api/permission/permission-create-user', { user: { user_id: targetA, user_group: targetAGroup }, permission_data: [] }],
    ] as const;
    const answers: string[] = [];
    for (const [method, url, body] of cases) {
      const res = await s.call(method, url, { token, ...(body && { body }) });
      answers.push(`${method} ${url.split('?')[0]} -> ${res.statusCode}`);
    }
    expect(answers).toEqual(cases.map(([method, url]) => `${method} ${url.split('?')[0]} -> 404`));
  });

  it('counts a per-user grant like a group grant: the granted list opens for that user, not for their group', async () => {
    const lists = routes.filter((r) => r.op['x-permissions']?.includes(GRANTED_SLUG));
    expect(lists.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /branch/branch-list/']);
    expect((await answer(lists[0]!, tokens.get('restricted')!)).statusCode).toBe(403);
    expect((await answer(lists[0]!, tokens.get('per-user-grant')!)).statusCode).toBe(200);
  });

  it.each(REFUSED)('answers 401 in the envelope to a %s principal on every route but the public ones', async (principal) => {
    const wrong: string[] = [];
    for (const route of ordered()) {
      const res = await answer(route, tokens.get(principal)!);
      const isPublic = route.op['x-access'] === 'public';
      if (isPublic ? isAuthFailure(res.statusCode) : res.statusCode !== 401)
        wrong.push(`${route.method} ${route.path} -> ${res.statusCode}`);
      else if (!isPublic) {
        const body = res.json<{ status: number; message: unknown; data: unknown }>();
        if (body.status !== 0 || typeof body.message !== 'string' || body.data !== null)
          wrong.push(`${route.method} ${route.path}: ${res.body}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each(['restricted', 'per-user-grant', 'other-branch', 'super-admin'] as const)(
    'lets a %s principal past exactly the routes whose rule they meet (403 on the others)',
    async (principal) => {
      const slugs = held.get(principal);
      const wrong: string[] = [];
      let allowed = 0;
      for (const route of ordered()) {
        const rule = route.op['x-access'];
        const may = rule !== 'slugs' || !slugs || (route.op['x-permissions'] ?? []).some((slug) => slugs.has(slug));
        const res = await answer(route, tokens.get(principal)!);
        if (may) allowed++;
        if (may ? isAuthFailure(res.statusCode) : res.statusCode !== 403)
          wrong.push(`${route.method} ${route.path} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      expect(wrong).toEqual([]);
      expect(allowed).toBeGreaterThan(0);
    },
  );
});
