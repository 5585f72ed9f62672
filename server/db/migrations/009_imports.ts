import type { CreateTableBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * Frozen: spreadsheet imports (server/modules/spreadsheets). `import_batch`: one row per committed
 * import, with its counts and whether it has been undone. `import_item`: each record the import
 * created or updated, with the record as it was before (JSON, updates only) and the version the
 * import left it at, so that undo can put it back, and refuse where it has changed since.
 * Every change is also in the audit trail, written by the generic write path.
 */
export function imports009(dialect: Dialect): Migration {
  const id = <T extends string>(t: CreateTableBuilder<T>, name: string) =>
    dialect === 'postgres'
      ? t.addColumn(name, 'serial', (c) => c.primaryKey())
      : t.addColumn(name, 'integer', (c) => c.primaryKey().autoIncrement());
  return {
    // Migrations see the schema as it was then, so they are typed loosely on purpose.
    async up(db: Kysely<unknown>) {
      await id(db.schema.createTable('import_batch'), 'batch_id')
        .addColumn('batch_resource', 'text', (c) => c.notNull())
        .addColumn('batch_actor', 'integer')
        .addColumn('batch_file', 'text', (c) => c.notNull())
        .addColumn('batch_mode', 'text', (c) => c.notNull())
        .addColumn('batch_created', 'integer', (c) => c.notNull())
        .addColumn('batch_updated', 'integer', (c) => c.notNull())
        .addColumn('batch_status', 'text', (c) => c.notNull())
        .addColumn('batch_at', 'text', (c) => c.notNull())
        .execute();
      await id(db.schema.createTable('import_item'), 'item_id')
        .addColumn('item_batch', 'integer', (c) => c.notNull().references('import_batch.batch_id').onDelete('cascade'))
        .addColumn('item_record', 'integer', (c) => c.notNull())
        .addColumn('item_action', 'text', (c) => c.notNull())
        .addColumn('item_key', 'text', (c) => c.notNull())
        .addColumn('item_before', 'text')
        .addColumn('item_version', 'text', (c) => c.notNull())
        .addColumn('item_undone', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('import_item_batch_idx').on('import_item').columns(['item_batch', 'item_id']).execute();
    },
  };
}
