import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../../server/auth/sessions';
import { dynamic } from '../../../server/db/database';
import { viewAs } from '../../../server/modules/explain/view-as';
import { DATABASES, startServer, type TestServer } from '../harness';
import { world, type World } from '../users/helpers';

/**
 * View as: refused for a user holding more than the actor, of another branch, oneself or an
 * inactive account; while it lasts the session sees what the user sees and every write route of
 * the OpenAPI document is refused (403, a clear message) with nothing written; it ends on demand
 * or when its 15 minutes are up; start and end are in the audit trail under the one who viewed.
 */
interface Operation {
  'x-access'?: string;
  parameters?: { in: string; name: string; schema?: { pattern?: string } }[];
}
/** A value a path parameter's schema accepts: a session id is 24 hex digits, any other an id. */
const sample = (p: { schema?: { pattern?: string } }) => (p.schema?.pattern?.includes('a-f') ? 'f'.repeat(24) : '1');
const READ_ONLY = 'Viewing as another user is read only: this change was refused';
const MANAGER_SLUGS = ['users/user-list', 'users/get-user', 'explain/view-as', 'doctors/doctors-list', 'medicine/medicine-list'];
const LOW_SLUGS = ['doctors/doctors-list', 'users/user-list'];

describe.each(DATABASES)('view as on %s', (kind) => {
  let s: TestServer;
  let w: World;
  let adminId: number;
  let manager: { id: number; token: string };
  let low: number;
  let high: number;
  let elsewhere: number;
  let writes: { method: string; path: string; url: string }[];
  const db = () => s.app.ctx.conn.db;
  const entries = async (action: string, record: number) =>
    (
      await sql<{
        audit_actor: number;
        audit_record: number;
      }>`SELECT audit_actor, audit_record FROM audit_log WHERE audit_action = ${action} AND audit_record = ${record} ORDER BY audit_id`.execute(
        dynamic(db()),
      )
    ).rows;
  const newest = async () =>
    Number((await sql<{ n: unknown }>`SELECT max(audit_id) AS n FROM audit_log`.execute(dynamic(db()))).rows[0]?.n ?? 0);
  const viewSessions = async () =>
    Number(
      (
        await db()
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('view_as_by', 'is not', null)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const start = (user: number, token?: string) =>
    s.call('POST', '/api/explain/view-as-start', { body: { user_id: user }, ...(token && { token }) });
  const slugsOf = async (token: string) =>
    (await s.call('GET', '/api/menu/menu-list-permission', { token }))
      .json<{ data: { menu_slug: string }[] }>()
      .data.map((m) => m.menu_slug)
      .sort();

  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
    w = await world(s, `viewas-${kind}`);
    adminId = (await s.call('GET', '/api/users/get-auth-user')).json<{ data: { user_id: number } }>().data.user_id;
    const managers = await w.group('VA-MANAGER', MANAGER_SLUGS);
    const lows = await w.group('VA-LOW', LOW_SLUGS);
    const highs = await w.group('VA-HIGH', [...LOW_SLUGS, 'medicine/medicine-update']);
    const id = await w.user('va-manager', w.branchA, managers);
    manager = { id, token: await w.login('va-manager') };
    low = await w.user('va-low', w.branchA, lows);
    high = await w.user('va-high', w.branchA, highs);
    elsewhere = await w.user('va-elsewhere', w.branchB, lows);
    const doc = (await s.call('GET', '/api/docs/json')).json<{ paths: Record<string, Record<string, Operation>> }>();
    writes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method, op]) => ['post', 'put', 'patch', 'delete'].includes(method) && op['x-access'] !== 'public')
        .map(([method, op]) => ({
          method: method.toUpperCase(),
          path,
          url: (op.parameters ?? []).filter((p) => p.in === 'path').reduce((u, p) => u.replace(`{${p.name}}`, sample(p)), `/api${path}`),
        })),
    );
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('refuses a user holding more than the actor, of another branch, oneself and an inactive account, opening no session', async () => {
    const more = await start(high, manager.token);
    expect(more.statusCode).toBe(403);
    expect(more.json<{ message: string }>().message).toMatch(
      /^You may not manage a user who holds permissions you do not: "medicine\/medicine-update"/,
    );
    const far = await start(elsewhere, manager.token);
    expect(far.statusCode).toBe(404);
    const self = await start(manager.id, manager.token);
    expect([self.statusCode, self.json<{ message: string }>().message]).toEqual([422, 'You cannot view the console as yourself']);
    const sleeper = await w.user(
      'va-sleeper',
      w.branchA,
      (await db().selectFrom('users').select('user_group').where('user_id', '=', low).executeTakeFirstOrThrow()).user_group,
    );
    expect((await s.call('PUT', `/api/users/user-update/${sleeper}`, { body: { user_status: 0 } })).statusCode).toBe(200);
    expect((await start(sleeper)).statusCode).toBe(409);
    const bad = await s.call('POST', '/api/explain/view-as-start', { body: { user_id: 'x' } });
    expect(bad.statusCode).toBe(422);
    expect(await viewSessions()).toBe(0);
    expect(await entries('view-as-start', high)).toEqual([]);
  });

  it("lets a manager view a user of their branch holding less: the user's own permissions, read only", async () => {
    const res = await start(low, manager.token);
    expect(res.statusCode, res.body).toBe(200);
    const { token, user_name, ends_at } = res.json<{ data: { token: string; user_name: string; ends_at: string } }>().data;
    expect(user_name).toBe('User va-low');
    expect(Date.parse(ends_at) - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(await slugsOf(token)).toEqual([...LOW_SLUGS].sort());
    const status = (await s.call('GET', '/api/explain/view-as', { token })).json<{ data: { user_id: number; by_id: number } }>().data;
    expect([status.user_id, status.by_id]).toEqual([low, manager.id]);
    expect((await s.call('GET', '/api/explain/view-as', { token: manager.token })).json<{ data: unknown }>().data).toBeNull();
    expect((await s.call('POST', '/api/explain/view-as-end', { token })).statusCode).toBe(200);
    expect(await entries('view-as-start', low)).toEqual([{ audit_actor: manager.id, audit_record: low }]);
    expect(await entries('view-as-end', low)).toEqual([{ audit_actor: manager.id, audit_record: low }]);
  });

  it('refuses every write route of the OpenAPI document during a view, with a clear message, writing nothing; ends on demand', async () => {
    const token = (await start(low)).json<{ data: { token: string } }>().data.token;
    const before = await newest();
    const wrong: string[] = [];
    for (const route of writes) {
      if (route.path === '/explain/view-as-end') continue;
      const res = await s.call(route.method, route.url, { token, ...(route.method !== 'DELETE' && { body: {} }) });
      const message = res.json<{ message?: string }>().message;
      if (res.statusCode !== 403 || message !== READ_ONLY)
        wrong.push(`${route.method} ${route.path} -> ${res.statusCode} ${message ?? ''}`);
    }
    expect(writes.length).toBeGreaterThan(50);
    expect(wrong).toEqual([]);
    // Nothing was written: no entry in the trail (every write route records one) and the session still there.
    expect(await newest()).toBe(before);
    expect((await s.call('GET', '/api/doctors/doctors-list', { token })).statusCode).toBe(200);
    const end = await s.call('POST', '/api/explain/view-as-end', { token });
    expect(end.statusCode, end.body).toBe(200);
    expect((await s.call('GET', '/api/doctors/doctors-list', { token })).statusCode).toBe(401);
    const ends = await entries('view-as-end', low);
    expect(ends.at(-1)).toEqual({ audit_actor: adminId, audit_record: low });
  });

  it('ends by itself once its time is up', async () => {
    const token = (await start(low)).json<{ data: { token: string } }>().data.token;
    expect((await s.call('GET', '/api/doctors/doctors-list', { token })).statusCode).toBe(200);
    const stored = await db()
      .selectFrom('sessions')
      .select('expires_at')
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    expect(Date.parse(stored.expires_at) - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    await db()
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    s.app.ctx.sessions.invalidate();
    expect((await s.call('GET', '/api/doctors/doctors-list', { token })).statusCode).toBe(401);
  });

  it('records the end of a view that ran out, under the one who viewed, once', async () => {
    const views = viewAs(s.app.ctx);
    // The view the test before let run out is ended first.
    await views.endExpired();
    const token = (await start(low)).json<{ data: { token: string } }>().data.token;
    const endsBefore = (await entries('view-as-end', low)).length;
    // Still running: nothing to end.
    expect(await views.endExpired()).toBe(0);
    expect(await entries('view-as-end', low)).toHaveLength(endsBefore);
    const expiresAt = new Date(Date.now() - 1000).toISOString();
    await db().updateTable('sessions').set({ expires_at: expiresAt }).where('token_hash', '=', hashToken(token)).execute();
    // Sweeping twice (as two instances would) records it once; the session is gone.
    await Promise.all([views.endExpired(), views.endExpired()]);
    const ends = await entries('view-as-end', low);
    expect(ends).toHaveLength(endsBefore + 1);
    expect(ends.at(-1)).toEqual({ audit_actor: adminId, audit_record: low });
    const [changes] = (
      await sql<{
        audit_changes: unknown;
      }>`SELECT audit_changes FROM audit_log WHERE audit_action = 'view-as-end' ORDER BY audit_id DESC`.execute(dynamic(db()))
    ).rows;
    const parsed: unknown = typeof changes?.audit_changes === 'string' ? JSON.parse(changes.audit_changes) : changes?.audit_changes;
    expect(parsed).toEqual({ ends_at: { before: expiresAt } });
    expect(await db().selectFrom('sessions').select('token_hash').where('token_hash', '=', hashToken(token)).execute()).toEqual([]);
  });

  it('answers an ordinary session asking to end a view with a clear refusal', async () => {
    const res = await s.call('POST', '/api/explain/view-as-end', { token: manager.token });
    expect([res.statusCode, res.json<{ message: string }>().message]).toEqual([409, 'This session is not viewing as anyone']);
  });
});
