import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { dynamic } from '../../db/database';
import { auditDb } from '../audit/chain';
import { trailOf } from '../audit/trail';
import { retentionDaysFrom } from '../audit/retention';
import { userAccess } from '../../../resources';
import { legalHold } from '../../../resources/legal-hold';
import { retention } from '../../../resources/retention';

const DAY_MS = 86_400_000;

/** The retention page's values: days per kind of data, undefined keeps that kind for ever. */
export interface RetentionSettings {
  audit?: number;
  signIn?: number;
  deleted?: number;
}

/** A person a legal hold keeps: their resource (one that describes people) and id. */
export interface Held {
  resource: string;
  record: number;
}

const days = (value: unknown): number | undefined => {
  const n = Number(value);
  return value === null || value === undefined || value === '' || !Number.isInteger(n) || n < 1 ? undefined : n;
};

/** The retention setting (a singleton descriptor, written through the one service like any record). */
export async function retentionSettings(ctx: Pick<AppContext, 'conn'>): Promise<RetentionSettings> {
  const row = await dynamic(ctx.conn.db).selectFrom(retention.table).selectAll().limit(1).executeTakeFirst();
  if (!row) return {};
  return { audit: days(row.retention_audit_days), signIn: days(row.retention_sign_in_days), deleted: days(row.retention_deleted_days) };
}

/** The people an active legal hold keeps. */
export async function heldPeople(ctx: Pick<AppContext, 'conn'>): Promise<Held[]> {
  const rows = (await dynamic(ctx.conn.db)
    .selectFrom(legalHold.table)
    .select([sql.ref<string>('hold_resource').as('resource'), sql.ref<number>('hold_record').as('record')])
    .where(sql.ref('hold_status'), '=', 1)
    .execute()) as { resource: string; record: number }[];
  // PostgreSQL answers an integer column as a number, SQLite too; Number() holds if a driver answers text.
  return rows.map((r) => ({ resource: r.resource, record: Number(r.record as unknown) }));
}

/**
 * Applies retention once (at start-up and daily). The audit trail is pruned by its own prune (the
 * one AUDIT_RETENTION_DAYS drives; the setting wins when given): a prefix of the chain goes, so it
 * stays verifiable from the prune's anchor. A held person's oldest entry (about them, or made by
 * them) bounds that prefix: the hold keeps it and everything after it, because the chain cannot
 * lose an entry from its middle. Sign-in history goes row by row, but for held staff accounts.
 */
export async function applyRetention(ctx: AppContext, now = new Date()) {
  const settings = await retentionSettings(ctx);
  const held = await heldPeople(ctx);
  const result: { audit?: { pruned: number; keptFrom?: number }; signIn?: number } = {};

  const auditDays = settings.audit ?? retentionDaysFrom(process.env);
  if (auditDays !== undefined) {
    const keepFrom = await oldestHeldEntry(ctx, held);
    const anchor = await trailOf(ctx.conn).prune(ctx.conn.db, auditDays, now, keepFrom);
    result.audit = { pruned: anchor?.pruned ?? 0, ...(keepFrom !== undefined && { keptFrom: keepFrom }) };
  }

  if (settings.signIn !== undefined) {
    const before = new Date(now.getTime() - settings.signIn * DAY_MS).toISOString();
    const heldUsers = held.filter((h) => h.resource === userAccess.resource).map((h) => h.record);
    let q = ctx.conn.db.deleteFrom('login_history').where('user_login_date', '<', before);
    if (heldUsers.length) q = q.where('user_login_user', 'not in', heldUsers);
    const gone = await q.executeTakeFirst();
    result.signIn = Number(gone.numDeletedRows);
  }
  return result;
}

/** The id of the oldest audit entry about a held person or made by a held staff account; undefined when nobody is held. */
async function oldestHeldEntry(ctx: AppContext, held: readonly Held[]): Promise<number | undefined> {
  if (!held.length) return undefined;
  const adb = auditDb(ctx.conn.db);
  const row = await adb
    .selectFrom('audit_log')
    .select((eb) => eb.fn.min('audit_id').as('first'))
    .where((eb) =>
      eb.or(
        held.flatMap((h) => [
          eb.and([eb('audit_resource', '=', h.resource), eb('audit_record', '=', h.record)]),
          ...(h.resource === userAccess.resource ? [eb('audit_actor', '=', h.record)] : []),
        ]),
      ),
    )
    .executeTakeFirst();
  // A hold on someone the trail does not name yet keeps what comes from now on: nothing older.
  const first: unknown = row?.first;
  return first === null || first === undefined ? undefined : Number(first);
}

/** Whether a record deleted at `deletedAt` is still kept for undelete under the retention setting. */
export async function undeleteStillKept(ctx: Pick<AppContext, 'conn'>, deletedAt: string, now = Date.now()) {
  const { deleted } = await retentionSettings(ctx);
  return deleted === undefined || Date.parse(deletedAt) >= now - deleted * DAY_MS
    ? { kept: true as const }
    : { kept: false as const, days: deleted };
}
