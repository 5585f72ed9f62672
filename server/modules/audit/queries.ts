import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import { MAX_INT } from '../../../resources';
import { ApiError } from '../../http/envelope';
import { branchOf, reaches } from '../../auth/scope';
import { parseBound } from '../accounts/history';
import { auditDb, type AuditLogTable, type AuditTables } from './chain';
import type { Handle } from './trail';
import { openEntries } from './sealed-values';

/** Who reads the trail: a viewer of branch 0 sees every entry, any other their branch's and hospital-wide records'. */
export interface Reader {
  user_branch: number;
}

export interface LogFilters {
  page: number;
  limit: number;
  actor?: number;
  resource?: string;
  record?: number;
  action?: string;
  from?: string;
  to?: string;
  branch?: number;
}

export interface EntryView extends Omit<AuditLogTable, 'audit_changes' | 'audit_snapshot' | 'audit_prev_hash' | 'audit_hash'> {
  audit_changes: unknown;
  audit_snapshot?: unknown;
}

type Query = SelectQueryBuilder<AuditTables, 'audit_log', object>;

const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

/** An entry as the API answers it: JSON parsed, hashes left to `npm run audit:verify`. */
export function viewOf(row: AuditLogTable, withSnapshot: boolean): EntryView {
  const { audit_changes, audit_snapshot, audit_prev_hash: _p, audit_hash: _h, ...rest } = row;
  return { ...rest, audit_changes: parse(audit_changes), ...(withSnapshot && { audit_snapshot: parse(audit_snapshot) }) };
}

/** A branch viewer's entries: their branch's, and those of records that belong to no branch. */
function scoped(q: Query, reader: Reader): Query {
  const branch = branchOf(reader);
  if (branch === undefined) return q;
  return q.where((eb: ExpressionBuilder<AuditTables, 'audit_log'>) =>
    eb.or([eb('audit_branch', '=', branch), eb('audit_branch', 'is', null)]),
  );
}

/** How an entry is shown to its reader beyond the branch (values hidden from them: ./hidden.ts). */
export type EntryMask = (reader: Reader, row: AuditLogTable, view: EntryView) => EntryView | Promise<EntryView>;

export function auditQueries(db: Handle, mask?: EntryMask) {
  const adb = auditDb(db);

  async function page(q: Query, p: { page: number; limit: number }, withSnapshot: boolean, reader?: Reader) {
    const [rows, count] = await Promise.all([
      q
        .selectAll()
        .orderBy('audit_id', 'desc')
        .limit(p.limit)
        .offset((p.page - 1) * p.limit)
        .execute(),
      q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const shown: EntryView[] = [];
    // People's personal values are sealed in the stored entries (./sealed-values.ts): opened here, or shown erased.
    for (const r of await openEntries(db, rows)) {
      const view = viewOf(r, withSnapshot);
      shown.push(mask && reader ? await mask(reader, r, view) : view);
    }
    return { data: shown, total: Number(count.n), page: p.page, limit: p.limit };
  }

  const at = (id: number) => adb.selectFrom('audit_log').select('audit_at').where('audit_id', '=', id).executeTakeFirst();

  /**
   * The first entry at or after `time` (`strictly`: after it), by bisecting ids: time never goes
   * back along the chain (trail.ts) and ids have no gaps, so a time bound is an id bound, found in
   * about twenty look-ups by primary key, with no index on the time. Undefined when none is.
   */
  async function firstAtOrAfter(time: string, strictly: boolean): Promise<number | undefined> {
    // One end a statement: SQLite answers a lone min() or max() from the key's ends, but both in
    // one statement by reading every entry of its smallest index.
    const lowest = await adb
      .selectFrom('audit_log')
      .select((eb) => eb.fn.min<number | null>('audit_id').as('id'))
      .executeTakeFirst();
    const highest = await adb
      .selectFrom('audit_log')
      .select((eb) => eb.fn.max<number | null>('audit_id').as('id'))
      .executeTakeFirst();
    const ends = { lo: lowest?.id, hi: highest?.id };
    if (ends.lo == null || ends.hi == null) return undefined;
    const after = (t: string) => (strictly ? t > time : t >= time);
    let lo = ends.lo;
    let hi = ends.hi + 1; // the answer is in [lo, hi]; hi: none
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      const row = await at(mid);
      // A gap (never made by the trail) is read as "before": the bound stays an upper one.
      if (row && after(row.audit_at)) hi = mid;
      else lo = mid + 1;
    }
    return lo > ends.hi ? undefined : lo;
  }

  return {
    /** The log page: newest first, every filter optional. */
    async list(reader: Reader, f: LogFilters) {
      if (f.branch !== undefined && !reaches(reader, f.branch)) throw new ApiError(403, 'You may only see entries of your own branch');
      let q: Query = adb.selectFrom('audit_log');
      if (f.actor !== undefined) q = q.where('audit_actor', '=', f.actor);
      if (f.resource !== undefined) q = q.where('audit_resource', '=', f.resource);
      if (f.record !== undefined) q = q.where('audit_record', '=', f.record);
      if (f.action !== undefined) q = q.where('audit_action', '=', f.action);
      if (f.branch !== undefined) q = q.where('audit_branch', '=', f.branch);
      const from = parseBound(f.from, false);
      const to = parseBound(f.to, true);
      if (from === null) throw new ApiError(422, 'from is not a date', { from: 'must be YYYY-MM-DD or a date-time' });
      if (to === null) throw new ApiError(422, 'to is not a date', { to: 'must be YYYY-MM-DD or a date-time' });
      // Time never goes back along the chain (trail.ts), so a date range is a range of ids: the page
      // and its count then walk the primary key within it instead of every entry of the range's dates.
      if (from) q = q.where('audit_id', '>=', (await firstAtOrAfter(from, false)) ?? MAX_INT);
      if (to && f.to) {
        // A bare date is the whole day: up to the next midnight, not including it.
        const last = await firstAtOrAfter(to, !/^\d{4}-\d{2}-\d{2}$/.test(f.to));
        q = q.where('audit_id', '<=', (last ?? MAX_INT) - 1);
      }
      return page(scoped(q, reader), f, false, reader);
    },

    /** One record's versions, newest first. */
    history(reader: Reader, resource: string, record: number, p: { page: number; limit: number }) {
      const q = adb.selectFrom('audit_log').where('audit_resource', '=', resource).where('audit_record', '=', record);
      return page(scoped(q, reader), p, true, reader);
    },

    /** Delete entries with no later entry for their record: the records still deleted, newest first. */
    deleted(reader: Reader, resource: string, p: { page: number; limit: number }) {
      const q = adb
        .selectFrom('audit_log as a')
        .where('a.audit_resource', '=', resource)
        .where('a.audit_action', '=', 'delete')
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('audit_log as b')
                .select('b.audit_id')
                .whereRef('b.audit_resource', '=', 'a.audit_resource')
                .whereRef('b.audit_record', '=', 'a.audit_record')
                .whereRef('b.audit_id', '>', 'a.audit_id'),
            ),
          ),
        ) as unknown as Query;
      return page(scoped(q, reader), p, true, reader);
    },

    /** One entry, if the reader may see it. */
    async entry(reader: Reader, id: number): Promise<AuditLogTable | undefined> {
      const row = await scoped(adb.selectFrom('audit_log').where('audit_id', '=', id), reader)
        .selectAll()
        .executeTakeFirst();
      return row && (await openEntries(db, [row]))[0];
    },

    /** The newest entry of a record (whoever may see it): what a restore compares `latest` with. */
    async newestOf(on: Handle, resource: string, record: number): Promise<AuditLogTable | undefined> {
      const row = await auditDb(on)
        .selectFrom('audit_log')
        .selectAll()
        .where('audit_resource', '=', resource)
        .where('audit_record', '=', record)
        .orderBy('audit_id', 'desc')
        .limit(1)
        .executeTakeFirst();
      // Its actor's name is shown (a stale save's refusal): opened from its seal, on the same
      // connection or transaction (SQLite's one connection is the transaction's while it runs).
      return row && (await openEntries(db, [row], on))[0];
    },
  };
}
