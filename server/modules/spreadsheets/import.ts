import { ApiError, notFound } from '../../http/envelope';
import { normaliseFields } from '../../crud/normalise';
import type { Row } from '../../db/database';
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
import type { Selectable } from 'kysely';
import { importDb, type ImportItemTable } from './batches';
import { serverText, type Language } from './labels';
import { planImport, type PlannedRow } from './plan';
import type { Sheet } from './read-file';

/** Rows listed in an answer; the counts always cover the whole file. */
const MAX_ANSWER_ROWS = 2_000;
const ITEM_CHUNK = 200;

type NewItem = Omit<ImportItemTable, 'item_id' | 'item_undone'>;
type StoredItem = Selectable<ImportItemTable>;

const countsOf = (rows: readonly PlannedRow[]) => {
  const counts: Record<ImportRowState, number> = { new: 0, update: 0, unchanged: 0, error: 0 };
  for (const r of rows) counts[r.state]++;
  return counts;
};

const answerRows = (rows: readonly PlannedRow[]): ImportRow[] =>
  rows.slice(0, MAX_ANSWER_ROWS).map((r) => ({ line: r.line, key: r.key, state: r.state, ...(r.errors && { errors: r.errors }) }));

/** The version a write left: what undo expects to find. */
const versionOf = (record: Row) => (typeof record.updated_at === 'string' ? record.updated_at : '');

export function importer(ctx: AppContext, trail: Trail) {
  const idb = importDb(ctx.conn.db);

  async function storeItems(items: NewItem[]) {
    for (let i = 0; i < items.length; i += ITEM_CHUNK)
      await idb
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
            { actor, expectedVersion: item.item_version },
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

  return {
    /** The dry run: what each row would become; nothing is written. */
    async dryRun(d: ResourceDescriptor, sheet: Sheet, lang: Language): Promise<ImportAnswer> {
      const rows = await planImport(ctx, d, sheet, lang);
      return { mode: 'dry-run', counts: countsOf(rows), rows: answerRows(rows), truncated: rows.length > MAX_ANSWER_ROWS };
    },

    /** The rows with their messages, for the error file. */
    plan: (d: ResourceDescriptor, sheet: Sheet, lang: Language) => planImport(ctx, d, sheet, lang),

    /**
     * Writes the file's new and changed rows through the write path, each as its own save (audit
     * entry, version, policies), as one batch. `all`: nothing is written when any row has an
     * error, and a row refused while writing puts the batch's earlier rows back. `valid`: the
     * rows without errors are written; a row refused while writing is reported as an error.
     */
    async commit(d: ResourceDescriptor, sheet: Sheet, mode: Exclude<ImportMode, 'dry-run'>, file: string, actor: AuthUser, lang: Language) {
      const rows = await planImport(ctx, d, sheet, lang);
      const errors = rows.filter((r) => r.state === 'error').length;
      if (mode === 'all' && errors) {
        const answer: ImportAnswer = { mode, counts: countsOf(rows), rows: answerRows(rows), truncated: rows.length > MAX_ANSWER_ROWS };
        throw new ApiError(422, `Nothing was imported: ${errors} rows have errors`, undefined, answer);
      }
      const batch = await idb
        .insertInto('import_batch')
        .values({
          batch_resource: d.name,
          batch_actor: actor.user_id,
          batch_file: file.slice(0, 200),
          batch_mode: mode,
          batch_created: 0,
          batch_updated: 0,
          batch_status: 'writing',
          batch_at: new Date().toISOString(),
        })
        .returning('batch_id')
        .executeTakeFirstOrThrow();
      const batchId = batch.batch_id;
      const items: NewItem[] = [];
      let created = 0;
      let updated = 0;
      for (const row of rows) {
        if (row.state !== 'new' && row.state !== 'update') continue;
        try {
          if (row.state === 'new') {
            const record = await ctx.crud.create(d, { fields: row.fields ?? {}, files: [] }, { actor });
            items.push({
              item_batch: batchId,
              item_record: Number(record[d.idField]),
              item_action: 'create',
              item_key: row.key,
              item_before: null,
              item_version: versionOf(record),
            });
            created++;
          } else if (row.existing) {
            const id = Number(row.existing[d.idField]);
            const record = await ctx.crud.update(
              d,
              id,
              { fields: row.fields ?? {}, files: [] },
              { actor, expectedVersion: versionOf(row.existing) },
            );
            items.push({
              item_batch: batchId,
              item_record: id,
              item_action: 'update',
              item_key: row.key,
              item_before: beforeOf(d, row.existing),
              item_version: versionOf(record),
            });
            updated++;
          }
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          const message = serverText(lang, d, err.statusCode === 412 ? 'changed by someone else while the import ran' : err.message);
          row.state = 'error';
          row.errors = err.errors
            ? Object.fromEntries(Object.entries(err.errors).map(([k, m]) => [k, serverText(lang, d, m)]))
            : { [d.idField]: message };
          if (mode === 'all') {
            await storeItems(items);
            const stored = await idb.selectFrom('import_item').selectAll().where('item_batch', '=', batchId).orderBy('item_id').execute();
            await putBack(d, stored, actor, lang);
            await idb.deleteFrom('import_batch').where('batch_id', '=', batchId).execute();
            const answer: ImportAnswer = { mode, counts: countsOf(rows), rows: answerRows(rows), truncated: rows.length > MAX_ANSWER_ROWS };
            throw new ApiError(409, `Nothing was imported: line ${row.line} was refused as it was written`, undefined, answer);
          }
        }
      }
      await storeItems(items);
      await idb
        .updateTable('import_batch')
        .set({ batch_created: created, batch_updated: updated, batch_status: 'done' })
        .where('batch_id', '=', batchId)
        .execute();
      const counts = countsOf(rows);
      await trail.record(ctx.conn.db, {
        action: 'import',
        resource: d.name,
        actor,
        changes: { batch: batchId, file, mode, created, updated, unchanged: counts.unchanged, refused: counts.error },
      });
      const answer: ImportAnswer = {
        mode,
        counts,
        rows: answerRows(rows),
        truncated: rows.length > MAX_ANSWER_ROWS,
        batch: batchId,
        written: created + updated,
      };
      return answer;
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
