import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionPath } from '../../../resources';
import { legalHold } from '../../../resources/legal-hold';
import { retention } from '../../../resources/retention';
import { auditDb, verifyChain } from '../../../server/modules/audit/chain';
import { applyRetention, undeleteStillKept } from '../../../server/modules/privacy/retention';
import { DATABASES, startServer, type TestServer } from '../harness';
import { created, world } from '../users/helpers';

/**
 * Issue 49 point 4, on both databases: retention set by an administrator (a singleton written
 * through the one service), applied by the trail's own prune. A legal hold on a person keeps the
 * audit entries about them (and what they did) and their sign-in history; the chain still
 * verifies from the prune's anchor; once the hold is lifted, the next run prunes them.
 */
describe.each(DATABASES)('retention and legal holds (%s)', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  const db = () => s.app.ctx.conn.db;
  const entriesOf = async (userId: number) =>
    (
      await auditDb(db())
        .selectFrom('audit_log')
        .select('audit_id')
        .where((eb) =>
          eb.or([eb.and([eb('audit_resource', '=', 'users'), eb('audit_record', '=', userId)]), eb('audit_actor', '=', userId)]),
        )
        .execute()
    ).length;
  const signIns = async (userId: number) =>
    (await db().selectFrom('login_history').select('user_login_id').where('user_login_user', '=', userId).execute()).length;
  const DAYS_AHEAD = (n: number) => new Date(Date.now() + n * 86_400_000);

  it('a legal hold blocks pruning of the held person’s audit entries and sign-ins; lifted, they go; the chain verifies', async () => {
    const w = await world(s, 'RT');
    const group = await w.group('RTG', ['users/user-list']);
    const held = await w.member('rt.held', w.branchA, group);
    const free = await w.member('rt.free', w.branchA, group);
    expect(await signIns(held.id)).toBe(1);
    expect(await signIns(free.id)).toBe(1);

    await created(s, `/api${actionPath(retention, 'create')}`, { retention_audit_days: 1, retention_sign_in_days: 1 });
    const hold = await created(s, `/api${actionPath(legalHold, 'create')}`, {
      hold_resource: 'users',
      hold_record: held.id,
      hold_reason: 'Litigation 2026-17',
    });
    const heldEntries = await entriesOf(held.id);
    expect(heldEntries).toBeGreaterThanOrEqual(2);

    // Seen from two days ahead everything is older than a day: only the hold keeps anything.
    const first = await applyRetention(s.app.ctx, DAYS_AHEAD(2));
    expect(first.audit?.pruned).toBeGreaterThan(0);
    expect(first.audit?.keptFrom).toBeDefined();
    expect(await entriesOf(held.id)).toBe(heldEntries);
    expect(await signIns(held.id)).toBe(1);
    expect(await signIns(free.id)).toBe(0);
    expect(await verifyChain(db())).toMatchObject({ ok: true });

    // Lifted: the next run takes what the hold kept.
    const lifted = await s.call('PUT', `/api${actionPath(legalHold, 'update')}/${String(hold.hold_id)}`, {
      body: { hold_resource: 'users', hold_record: held.id, hold_reason: 'Litigation 2026-17', hold_status: 0 },
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    const second = await applyRetention(s.app.ctx, DAYS_AHEAD(2));
    expect(second.audit?.keptFrom).toBeUndefined();
    expect(await entriesOf(held.id)).toBe(0);
    expect(await signIns(held.id)).toBe(0);
    expect(await verifyChain(db())).toMatchObject({ ok: true });
  });

  it('the setting is an administrator’s: others are refused; deleted records are kept for undelete only as long as set', async () => {
    const w = await world(s, 'RU');
    const clerk = await w.principal('RUC', 'ru.clerk', 0, ['users/user-list']);
    const refused = await s.call('PUT', `/api${actionPath(retention, 'update')}/1`, {
      body: { retention_deleted_days: 1 },
      token: clerk.token,
    });
    expect(refused.statusCode).toBe(403);
    const set = await s.call('PUT', `/api${actionPath(retention, 'update')}/1`, { body: { retention_deleted_days: 2 } });
    expect(set.statusCode, set.body).toBe(200);
    expect(await undeleteStillKept(s.app.ctx, DAYS_AHEAD(-1).toISOString())).toEqual({ kept: true });
    expect(await undeleteStillKept(s.app.ctx, DAYS_AHEAD(-3).toISOString())).toEqual({ kept: false, days: 2 });
  });
});
