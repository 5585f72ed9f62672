import { ApiError, notFound } from '../../http/envelope';
import { normaliseFields } from '../../crud/normalise';
import type { AppContext, AuthUser } from '../../context';
import type { Trail } from '../audit/trail';
import type { ResourceDescriptor } from '../../../resources';
import {
  importColumns,
  importSlug,
  type ImportAnswer,
  type ImportMode,
  type ImportRow,
  type ImportRowState,
  type UndoAnswer,
} from '../../../resources/spreadsheets';
import type { Kysely, Selectable } from 'kysely';
import { dynamic, type Db, type Row } from '../../db/database';
import type { OuterTransaction } from '../../crud/service';
import type { SaveItem } from '../../crud/save-many';
import { importDb, type ImportItemTable, type ImportTables } from './batches';
import { serverText, type Language } from './labels';
import { planImport, type PlannedRow } from './plan';
import type { Sheet } from './read-file';

/** Rows listed in an answer; the counts always cover the whole file. */
const MAX_ANSWER_ROWS = 2_000;
const ITEM_CHUNK = 200;
/** Rows handed to the write path's batch form at a time. */
const WRITE_CHUNK = 500;

type NewItem = Omit<ImportItemTable, 'item_id' | 'item_undone'>;
type StoredItem = Selectable<ImportItemTable>;

const countsOf = (rows: readonly PlannedRow[]) => {
  const counts: Record<ImportRowState, number> = { new: 0, update: 0, unchanged: 0, error: 0 };
  for (const r of rows) counts[r.state]++;
  return counts;
};

const answerRows = (rows: readonly PlannedRow[]): ImportRow[] =>
  rows.slice(0, MAX_ANSWER_ROWS).map((r) => ({ line: r.line, key: r.key, state: r.state, ...(r.errors && { errors: r.errors }) }));

/** Thrown to roll a transaction back on purpose (a dry run, an `all` commit with a refused row). */
class RolledBack extends Error {}

/** The version a write left: what undo expects to find. */
const versionOf = (record: Row) => (typeof record.updated_at === 'string' ? record.updated_at : '');

export function importer(ctx: AppContext, trail: Trail) {
  const idb = importDb(ctx.conn.db);

  async function storeItems(on: Kysely<ImportTables>, items: NewItem[]) {
    for (let i = 0; i < items.length; i += ITEM_CHUNK)
      await on
        .insertInto('import_item')
        .values(items.slice(i, i + ITEM_CHUNK))
        .execute();
  }

  /** The imported fields of a record as stored, to put back on undo. */
  const beforeOf = (d: ResourceDescriptor, row: Row) =>
    JSON.stringify(Object.fromEntries(importColumns(d).map((f) => [f.name, row[f.name] ?? null])));

  /**
   * Puts each record back as it was before the import, newest first, through the write path with
   * the version the import left: a record changed since is refused (and left as it is).
   */
  async function putBack(d: ResourceDescriptor, items: readonly StoredItem[], actor: AuthUser, lang: Language) {
    const refused: UndoAnswer['refused'] = [];
    const done: number[] = [];
    for (const item of [...items].reverse()) {
      try {
        if (item.item_action === 'create') {
          await ctx.crud.remove(d, item.item_record, { actor, expectedVersion: item.item_version });
        } else {
          const before = JSON.parse(item.item_before ?? '{}') as Row;
          await ctx.crud.update(
            d,
            item.item_record,
            { fields: normaliseFields(d, before), files: [] },
            { actor, expectedVersion: item.item_version, storedValues: true },
          );
        }
        done.push(item.item_id);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        const message =
          err.statusCode === 412
            ? 'changed since the import: left as it is'
            : err.statusCode === 404
              ? 'deleted since the import'
              : err.message;
        refused.push({ record: item.item_record, key: item.item_key, message: serverText(lang, d, message) });
      }
    }
    for (let i = 0; i < done.length; i += ITEM_CHUNK)
      await idb
        .updateTable('import_item')
        .set({ item_undone: 1 })
        .where('item_id', 'in', done.slice(i, i + ITEM_CHUNK))
        .execute();
    return { undone: done.length, refused };
  }

  /** A write refused as it was written, as the row's field messages. */
  function refusedRow(d: ResourceDescriptor, row: PlannedRow, err: ApiError, lang: Language) {
    const message = serverText(lang, d, err.statusCode === 412 ? 'changed by someone else while the import ran' : err.message);
    row.state = 'error';
    row.errors = err.errors
      ? Object.fromEntries(Object.entries(err.errors).map(([k, m]) => [k, serverText(lang, d, m, k)]))
      : { [d.idField]: message };
  }

  /** The item undo needs of a row the write path stored as `record`. */
  const itemOf = (d: ResourceDescriptor, row: PlannedRow, batchId: number, id: number, record: Row): NewItem =>
    row.state === 'new'
      ? {
          item_batch: batchId,
          item_record: id,
          item_action: 'create',
          item_key: row.key,
          item_before: null,
          item_version: versionOf(record),
        }
      : {
          item_batch: batchId,
          item_record: id,
          item_action: 'update',
          item_key: row.key,
          item_before: beforeOf(d, row.existing ?? {}),
          item_version: versionOf(record),
        };

  /** One row's write through the write path; the item undo needs. */
  async function writeRow(d: ResourceDescriptor, row: PlannedRow, batchId: number, actor: AuthUser, within?: OuterTransaction) {
    if (row.state === 'new') {
      const record = await ctx.crud.create(d, { fields: row.fields ?? {}, files: [] }, { actor, within });
      return {
        item_batch: batchId,
        item_record: Number(record[d.idField]),
        item_action: 'create',
        item_key: row.key,
        item_before: null,
        item_version: versionOf(record),
      } satisfies NewItem;
    }
    const existing = row.existing ?? {};
    const id = Number(existing[d.idField]);
    const record = await ctx.crud.update(
      d,
      id,
      { fields: row.fields ?? {}, files: [] },
      { actor, expectedVersion: versionOf(existing), within },
    );
    return {
      item_batch: batchId,
      item_record: id,
      item_action: 'update',
      item_key: row.key,
      item_before: beforeOf(d, existing),
      item_version: versionOf(record),
    } satisfies NewItem;
  }

  /** A planned new or changed row as the write path's batch form takes it. */
  const saveItemOf = (d: ResourceDescriptor, row: PlannedRow): SaveItem =>
    row.state === 'new'
      ? { body: { fields: row.fields ?? {}, files: [] } }
      : { body: { fields: row.fields ?? {}, files: [] }, existing: row.existing ?? {}, expectedVersion: versionOf(row.existing ?? {}) };

  /**
   * The planned rows written in one transaction through the write path's batch form, a chunk at
   * a time: each row is judged after the ones before it, and a row refused as it is written
   * leaves the others standing; but the first refusal ends the whole transaction when
   * `stopAtError`. `keep` decides at the end whether the transaction commits; the after-commit
   * steps run only then.
   */
  async function inOneTransaction(
    d: ResourceDescriptor,
    rows: PlannedRow[],
    actor: AuthUser,
    lang: Language,
    options: { stopAtError: boolean; store: (trx: Db, items: NewItem[]) => Promise<number>; keep: () => boolean; dryRun?: boolean },
  ) {
    const steps: (() => Promise<void>)[] = [];
    const items: NewItem[] = [];
    let batchId = 0;
    try {
      await ctx.conn.db.transaction().execute(async (trx) => {
        const within: OuterTransaction = { db: dynamic(trx), afterCommit: (step) => steps.push(step) };
        batchId = await options.store(trx, []);
        const writable = rows.filter((row) => row.state === 'new' || row.state === 'update');
        for (let i = 0; i < writable.length; i += WRITE_CHUNK) {
          const chunk = writable.slice(i, i + WRITE_CHUNK);
          const results = await ctx.crud.saveMany(
            d,
            chunk.map((row) => saveItemOf(d, row)),
            { actor, within, rolledBack: options.dryRun },
          );
          for (const [k, result] of results.entries()) {
            const row = chunk[k];
            if (!row) continue;
            if (result.ok) {
              items.push(itemOf(d, row, batchId, result.id, result.record));
              continue;
            }
            refusedRow(d, row, result.error, lang);
            // The rows after it were judged too, but the whole transaction is rolled back: the
            // answer names the first refusal, as writing them one by one would have.
            if (options.stopAtError) throw new RolledBack();
          }
        }
        if (!options.keep()) throw new RolledBack();
        await options.store(trx, items);
      });
    } catch (err) {
      if (err instanceof RolledBack) return { committed: false, items };
      throw err;
    }
    for (const step of steps) await step();
    return { committed: true, items, batchId };
  }

  const answerOf = (mode: ImportMode, rows: readonly PlannedRow[]): ImportAnswer => ({
    mode,
    counts: countsOf(rows),
    rows: answerRows(rows),
    truncated: rows.length > MAX_ANSWER_ROWS,
  });

  return {
    /**
     * The dry run: what each row would become. Where the write path can join a transaction, every
     * row is really written in one that is then rolled back, so that what depends on the rows
     * before it (a key or a unique value taken twice in the file) is judged as the commit would;
     * otherwise the rows are checked as the form's save checks them, writing nothing.
     */
    async dryRun(d: ResourceDescriptor, sheet: Sheet, lang: Language, actor: AuthUser): Promise<ImportAnswer> {
      const rows = await planImport(ctx, d, sheet, lang, await ctx.crud.rulesFor(d, actor));
      if (ctx.crud.joinable(d))
        await inOneTransaction(d, rows, actor, lang, { stopAtError: false, store: async () => 0, keep: () => false, dryRun: true });
      return answerOf('dry-run', rows);
    },

    /** The rows with their messages, for the error file. */
    plan: async (d: ResourceDescriptor, sheet: Sheet, lang: Language, actor: AuthUser) =>
      planImport(ctx, d, sheet, lang, await ctx.crud.rulesFor(d, actor)),

    /**
     * Writes the file's new and changed rows through the write path, each as its own save (audit
     * entry, version, policies), as one batch. `all`: nothing is written when any row has an
     * error, or is refused as it is written: the rows are written in one transaction, committed
     * only when every row passed. `valid`: the rows without errors are written (in one
     * transaction too, where the write path can join one); a row refused while writing is
     * reported as an error.
     */
    async commit(d: ResourceDescriptor, sheet: Sheet, mode: Exclude<ImportMode, 'dry-run'>, file: string, actor: AuthUser, lang: Language) {
      const rows = await planImport(ctx, d, sheet, lang, await ctx.crud.rulesFor(d, actor));
      const errors = rows.filter((r) => r.state === 'error').length;
      if (mode === 'all' && errors)
        throw new ApiError(422, `Nothing was imported: ${errors} rows have errors`, undefined, answerOf(mode, rows));
      const newBatch = (on: Kysely<ImportTables>, status: string) =>
        on
          .insertInto('import_batch')
          .values({
            batch_resource: d.name,
            batch_actor: actor.user_id,
            batch_file: file.slice(0, 200),
            batch_mode: mode,
            batch_created: 0,
            batch_updated: 0,
            batch_status: status,
            batch_at: new Date().toISOString(),
          })
          .returning('batch_id')
          .executeTakeFirstOrThrow();
      const created = () => rows.filter((r) => r.state === 'new').length;
      const updated = () => rows.filter((r) => r.state === 'update').length;
      /** The batch's counts, items and trail entry, in the batch's own transaction. */
      const finish = async (on: Kysely<ImportTables>, batchId: number, items: NewItem[]) => {
        await storeItems(on, items);
        await on
          .updateTable('import_batch')
          .set({ batch_created: created(), batch_updated: updated(), batch_status: 'done' })
          .where('batch_id', '=', batchId)
          .execute();
        const counts = countsOf(rows);
        await trail.record(on, {
          action: 'import',
          resource: d.name,
          actor,
          changes: {
            batch: batchId,
            file,
            mode,
            created: created(),
            updated: updated(),
            unchanged: counts.unchanged,
            refused: counts.error,
          },
        });
      };

      if (ctx.crud.joinable(d)) {
        let batchId = 0;
        const done = await inOneTransaction(d, rows, actor, lang, {
          stopAtError: mode === 'all',
          store: async (trx, items) => {
            const on = importDb(trx);
            if (!batchId) batchId = (await newBatch(on, 'writing')).batch_id;
            else await finish(on, batchId, items);
            return batchId;
          },
          keep: () => true,
        });
        if (!done.committed) {
          const line = rows.find((r) => r.state === 'error')?.line ?? 0;
          throw new ApiError(409, `Nothing was imported: line ${line} was refused as it was written`, undefined, answerOf(mode, rows));
        }
        return { ...answerOf(mode, rows), batch: batchId, written: created() + updated() };
      }

      // Resources with module policies: each row commits on its own; `all` puts the rows written
      // before a refused one back.
      const batchId = (await newBatch(idb, 'writing')).batch_id;
      const items: NewItem[] = [];
      for (const row of rows) {
        if (row.state !== 'new' && row.state !== 'update') continue;
        try {
          items.push(await writeRow(d, row, batchId, actor));
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          refusedRow(d, row, err, lang);
          if (mode === 'all') {
            await storeItems(idb, items);
            const stored = await idb.selectFrom('import_item').selectAll().where('item_batch', '=', batchId).orderBy('item_id').execute();
            await putBack(d, stored, actor, lang);
            await idb.deleteFrom('import_batch').where('batch_id', '=', batchId).execute();
            throw new ApiError(
              409,
              `Nothing was imported: line ${row.line} was refused as it was written`,
              undefined,
              answerOf(mode, rows),
            );
          }
        }
      }
      await ctx.conn.db.transaction().execute((trx) => finish(importDb(trx), batchId, items));
      return { ...answerOf(mode, rows), batch: batchId, written: created() + updated() };
    },

    /** Undo this import: every record it wrote back to how it was before, but those changed since. */
    async undo(batchId: number, actor: AuthUser, lang: Language): Promise<UndoAnswer> {
      const batch = await idb.selectFrom('import_batch').selectAll().where('batch_id', '=', batchId).executeTakeFirst();
      const d = batch && ctx.registry.find(batch.batch_resource);
      if (!batch || !d) throw notFound(`import ${batchId}`);
      if (!(await ctx.permissions.slugsFor(actor)).has(importSlug(d)))
        throw new ApiError(403, `You do not have the permission "${importSlug(d)}"`);
      if (batch.batch_status === 'undone') throw new ApiError(409, 'This import has been undone already');
      const items = await idb
        .selectFrom('import_item')
        .selectAll()
        .where('item_batch', '=', batchId)
        .where('item_undone', '=', 0)
        .orderBy('item_id')
        .execute();
      const { undone, refused } = await putBack(d, items, actor, lang);
      await idb
        .updateTable('import_batch')
        .set({ batch_status: refused.length ? 'partly-undone' : 'undone' })
        .where('batch_id', '=', batchId)
        .execute();
      await trail.record(ctx.conn.db, {
        action: 'import-undo',
        resource: d.name,
        actor,
        changes: { batch: batchId, undone, refused: refused.length },
      });
      return { batch: batchId, undone, refused };
    },
  };
}
