import { sql } from 'kysely';
import type { DynamicDb, Row } from '../db/database';
import type { ResourceDescriptor } from '../../resources';
import { ApiError, notFound } from '../http/envelope';
import { planWrite, rebase } from './values';
import { nextVersion, versionOf } from './versions';
import type { WriteBody } from './body';
import type { AuthUser } from '../auth/auth-user';
import { createdByOf, hasCreatedBy } from '../db/created-by';
import { assertAdmitted, assertWritable, declaredDefault, type AppliedRules } from './record-rules';

/** Who is acting (the service's `Actor`). */
type Actor = AuthUser;

/**
 * The write path's batch form, for many rows written in a caller's transaction (an import's
 * chunk): each row meets the same checks as a single create or update, in the same order and
 * with the same answers (field rules, duplicates, branch, version, references), and is judged
 * after the rows before it, as if they had been written one by one. Only the database work is
 * batched: the records to update are read (and locked) together, unique values are looked up
 * together, new records are inserted by multi-row statements that answer the stored rows, and
 * the audit entries of the chunk are appended together, in the rows' order.
 */

/** One row to write: a create, or an update of the record as the caller read it. */
export interface SaveItem {
  body: WriteBody;
  /** The stored record to update (its id is what counts: it is read again, locked). Absent: a create. */
  existing?: Row;
  /** The version the caller read; a record written since is refused (412). */
  expectedVersion?: string;
}

/** A row's outcome: the record as stored, or the refusal a single write would have answered. */
export type SaveResult = { ok: true; action: 'create' | 'update'; id: number; record: Row; before?: Row } | { ok: false; error: ApiError };

/** A record the batch stored: as it was (update) and as it is now. */
export interface Written {
  id: number;
  action: 'create' | 'update';
  before?: Row;
  after: Row;
}

/** What the batch needs of the write path it belongs to (server/crud/service.ts). */
export interface SaveManyDeps {
  dialect: 'sqlite' | 'postgres';
  timeZone: string;
  now: () => string;
  /** Adds a message for every reference to a missing record, and holds the found ones (see service.ts). */
  checkReferences(d: ResourceDescriptor, merged: Row, errors: Record<string, string>, on: DynamicDb): Promise<void>;
  assertOwnBranch(d: ResourceDescriptor, actor: Actor | undefined, merged: Row): void;
  inBranchScope(d: ResourceDescriptor, actor: Actor | undefined, row: Row): boolean;
  duplicate(field: string, value: unknown): ApiError;
  /** Writes down the batch's stored changes (the audit trail), in order, in the transaction. */
  record(on: DynamicDb, d: ResourceDescriptor, actor: Actor | undefined, written: Written[]): Promise<void>;
}

/** Keys per `IN (...)` and rows per multi-row insert; parameters stay far below both databases' limits. */
const CHUNK = 500;
const MAX_PARAMETERS = 30_000;

const stale = () => new ApiError(412, 'This record was changed by someone else after you opened it; review their changes and save again');

const refusal = (errors: Record<string, string>, status = 422) => new ApiError(status, Object.values(errors).join('; '), errors);

/** A unique value as the key of its holder (the plan's values and the stored ones are of the same kind). */
const keyOf = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

const chunks = <T>(list: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

/** A planned row that passed every check: what to store. */
interface Accepted {
  index: number;
  id?: number;
  before?: Row;
  values: Row;
}

export function createSaveMany(deps: SaveManyDeps) {
  const { dialect } = deps;

  /** The records to update as they are now, locked until the caller's transaction ends (PostgreSQL `FOR UPDATE`). */
  async function currentRows(tdb: DynamicDb, d: ResourceDescriptor, ids: number[]) {
    const out = new Map<number, Row>();
    for (const part of chunks([...new Set(ids)], CHUNK)) {
      let q = tdb.selectFrom(d.table).selectAll().where(sql.ref(d.idField), 'in', part);
      if (dialect === 'postgres') q = q.forUpdate();
      for (const r of await q.execute()) out.set(Number(r[d.idField]), r);
    }
    return out;
  }

  /** Who holds each of these values of a unique field now: value (as text) -> record id. */
  async function holders(tdb: DynamicDb, d: ResourceDescriptor, field: string, values: unknown[]) {
    const out = new Map<string, number>();
    for (const part of chunks([...new Set(values)], CHUNK)) {
      const rows = await tdb
        .selectFrom(d.table)
        .select([sql.ref(d.idField).as('id'), sql.ref(field).as('v')])
        .where(sql.ref(field), 'in', part)
        .execute();
      for (const r of rows) out.set(keyOf(r.v), Number(r.id));
    }
    return out;
  }

  /** Multi-row inserts answering the stored rows, in the order given (ids are handed out in that order). */
  async function insertAll(tdb: DynamicDb, d: ResourceDescriptor, rows: Row[]): Promise<Row[]> {
    const stored: Row[] = [];
    let start = 0;
    while (start < rows.length) {
      // Rows of one statement name the same columns (a create's plan names every column, so this is one run).
      const columns = Object.keys(rows[start] ?? {})
        .sort()
        .join(',');
      const size = Math.max(1, Math.min(CHUNK, Math.floor(MAX_PARAMETERS / Math.max(1, columns.split(',').length))));
      let end = start + 1;
      while (
        end < rows.length &&
        end - start < size &&
        Object.keys(rows[end] ?? {})
          .sort()
          .join(',') === columns
      )
        end++;
      const part = rows.slice(start, end);
      const answered = await tdb.insertInto(d.table).values(part).returningAll().execute();
      // Neither database promises RETURNING's order; ids rise in the order of the VALUES.
      answered.sort((a, b) => Number(a[d.idField]) - Number(b[d.idField]));
      if (answered.length !== part.length) throw new Error(`${d.name}: a batch insert answered ${answered.length} of ${part.length} rows`);
      stored.push(...answered);
      start = end;
    }
    return stored;
  }

  /**
   * Writes the rows in the caller's transaction. Refusals are answers per row, nothing of a
   * refused row is written; a database error (not foreseen by the checks) is thrown, and the
   * caller then has the rows written one by one.
   */
  async function saveMany(
    d: ResourceDescriptor,
    items: readonly SaveItem[],
    actor: Actor | undefined,
    tdb: DynamicDb,
    record = true,
    /** The actor's field and row rules (record-rules.ts), as for a single write. */
    applied?: AppliedRules,
  ): Promise<SaveResult[]> {
    // A record updated twice is judged the second time on what the first update stored: the
    // items from the second on go in a batch of their own, which reads the record again.
    const seen = new Set<number>();
    const repeat = items.findIndex((item) => {
      if (!item.existing) return false;
      const id = Number(item.existing[d.idField]);
      return seen.has(id) || !seen.add(id);
    });
    if (repeat > 0)
      return [
        ...(await saveRun(d, items.slice(0, repeat), actor, tdb, record, applied)),
        ...(await saveMany(d, items.slice(repeat), actor, tdb, record, applied)),
      ];
    return saveRun(d, items, actor, tdb, record, applied);
  }

  /** A batch in which no record is updated twice. `record`: false when the caller rolls everything back (see service.ts). */
  async function saveRun(
    d: ResourceDescriptor,
    items: readonly SaveItem[],
    actor: Actor | undefined,
    tdb: DynamicDb,
    record: boolean,
    applied?: AppliedRules,
  ) {
    const results: SaveResult[] = new Array<SaveResult>(items.length);
    const refuse = (i: number, error: ApiError) => (results[i] = { ok: false, error });
    const idOf = (item: SaveItem) => (item.existing ? Number(item.existing[d.idField]) : undefined);
    const current = await currentRows(
      tdb,
      d,
      items.flatMap((item) => (item.existing ? [Number(item.existing[d.idField])] : [])),
    );

    const plans = items.map((item, i) => {
      const id = idOf(item);
      const before = id === undefined ? undefined : current.get(id);
      if (id !== undefined && (!before || !deps.inBranchScope(d, actor, before) || (applied?.where.length && !applied.admits(before)))) {
        refuse(i, notFound(`${d.name} ${id}`));
        return undefined;
      }
      const planned = planWrite(d, item.body.fields, item.body.files, before, deps.timeZone);
      // Pictures are stored outside the transaction, which the caller may still roll back.
      if (planned.uploads.length) throw new Error(`${d.name}: pictures cannot be written in the caller's transaction`);
      return { id, before, planned, expected: item.expectedVersion };
    });

    const uniques = d.fields.filter((f) => f.unique);
    const taken = new Map<string, Map<string, number>>();
    for (const f of uniques) {
      const wanted = plans.flatMap((p) => {
        const v = p?.planned.merged[f.name];
        return v == null || v === '' ? [] : [v];
      });
      taken.set(f.name, await holders(tdb, d, f.name, wanted));
    }

    const accepted: Accepted[] = [];
    const stamp = deps.now();
    for (const [i, plan] of plans.entries()) {
      if (!plan) continue;
      const { id, before, planned, expected } = plan;
      try {
        if (Object.keys(planned.errors).length) throw refusal(planned.errors);
        for (const f of uniques) {
          const v = planned.merged[f.name];
          if (v == null || v === '') continue;
          const holder = taken.get(f.name)?.get(keyOf(v));
          if (holder !== undefined && holder !== id) throw deps.duplicate(f.name, v);
        }
        deps.assertOwnBranch(d, actor, planned.merged);
        assertWritable(d, applied, items[i]?.body ?? { fields: {}, files: [] }, planned.merged, before, declaredDefault(d));
        assertAdmitted(applied, planned.merged);
        let values: Row = { ...planned.values, updated_at: stamp };
        if (before && id !== undefined) {
          if (expected !== undefined && expected !== versionOf(before)) throw stale();
          const rebased = rebase(d, values, before, before);
          rebased.values.updated_at = nextVersion(stamp, before.updated_at);
          if (Object.keys(rebased.errors).length) throw refusal(rebased.errors, 409);
          values = rebased.values;
        }
        const errors: Record<string, string> = {};
        await deps.checkReferences(d, { ...before, ...values }, errors, tdb);
        if (Object.keys(errors).length) throw refusal(errors);
        // Later rows see this one's unique values taken, and the ones it gave up free.
        const self = id ?? -1 - i;
        for (const f of uniques) {
          const held = taken.get(f.name);
          const old = before?.[f.name];
          if (held && old != null && held.get(keyOf(old)) === self) held.delete(keyOf(old));
          const v = planned.merged[f.name];
          if (held && v != null && v !== '') held.set(keyOf(v), self);
        }
        accepted.push({ index: i, id, before, values });
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        refuse(i, err);
      }
    }

    // Updates first, in order: a value an update gives up may be taken by a later new row.
    for (const a of accepted) {
      if (a.id === undefined) continue;
      const record = await tdb.updateTable(d.table).set(a.values).where(sql.ref(d.idField), '=', a.id).returningAll().executeTakeFirst();
      if (!record) throw new Error(`${d.name} ${a.id}: locked for the update, yet not updated`);
      results[a.index] = { ok: true, action: 'update', id: a.id, record, before: a.before };
    }
    const creates = accepted.filter((a) => a.id === undefined);
    const stored = await insertAll(
      tdb,
      d,
      creates.map((a) => ({ ...a.values, ...(hasCreatedBy(d) && createdByOf(actor?.user_id)), created_at: a.values.updated_at })),
    );
    const key = uniques[0];
    creates.forEach((a, k) => {
      const record = stored[k] ?? {};
      if (key && keyOf(record[key.name]) !== keyOf(a.values[key.name]))
        throw new Error(`${d.name}: a batch insert's rows came back in another order than written`);
      results[a.index] = { ok: true, action: 'create', id: Number(record[d.idField]), record };
    });

    const written: Written[] = [];
    for (const r of results) if (r.ok) written.push({ id: r.id, action: r.action, before: r.before, after: r.record });
    if (record && written.length) await deps.record(tdb, d, actor, written);
    return results;
  }

  return saveMany;
}
