import type { CreateTableBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * Frozen: what a list screen keeps for its user on the server, so that it follows them to another
 * computer. `saved_filter`: named filters, the author's own or shared with a group (`group_id`,
 * the author's group when saved; null: private). `list_columns`: the columns a user hid and the
 * order they chose, per resource. Both go with their user.
 */
export function savedViews007(dialect: Dialect): Migration {
  const id = <T extends string>(t: CreateTableBuilder<T>, name: string) =>
    dialect === 'postgres'
      ? t.addColumn(name, 'serial', (c) => c.primaryKey())
      : t.addColumn(name, 'integer', (c) => c.primaryKey().autoIncrement());
  return {
    // Migrations see the schema as it was then, so they are typed loosely on purpose.
    async up(db: Kysely<unknown>) {
      await id(db.schema.createTable('saved_filter'), 'saved_filter_id')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
        // No foreign key: the groups table is a descriptor's, created after the migrations.
        .addColumn('group_id', 'integer')
        .addColumn('resource', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('filter', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('saved_filter_name_uq', ['user_id', 'resource', 'name'])
        .execute();
      await db.schema.createIndex('saved_filter_group_idx').on('saved_filter').columns(['group_id', 'resource']).execute();
      await db.schema
        .createTable('list_columns')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
        .addColumn('resource', 'text', (c) => c.notNull())
        .addColumn('hidden', 'text', (c) => c.notNull())
        .addColumn('ranks', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('list_columns_pk', ['user_id', 'resource'])
        .execute();
    },
  };
}
