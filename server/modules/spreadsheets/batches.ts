import type { Generated, Kysely } from 'kysely';
import type { Db } from '../../db/database';

/** The import tables of migration 009, as stored. */
export interface ImportBatchTable {
  batch_id: Generated<number>;
  batch_resource: string;
  batch_actor: number | null;
  batch_file: string;
  batch_mode: string;
  batch_created: number;
  batch_updated: number;
  /** `writing`, `done`, `undone` or `partly-undone`. */
  batch_status: string;
  batch_at: string;
}
export interface ImportItemTable {
  item_id: Generated<number>;
  item_batch: number;
  item_record: number;
  item_action: 'create' | 'update';
  item_key: string;
  /** JSON: the imported fields as they were before (updates). */
  item_before: string | null;
  /** The record's version (`updated_at`) just after the import wrote it. */
  item_version: string;
  item_undone: Generated<number>;
}
export interface ImportTables {
  import_batch: ImportBatchTable;
  import_item: ImportItemTable;
}

/** The app's connection, typed for the import tables (the app's `Db` does not list them). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a connection or transaction of any table map
export const importDb = (db: Db | Kysely<any>): Kysely<ImportTables> => db as unknown as Kysely<ImportTables>;
