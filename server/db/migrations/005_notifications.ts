import type { CreateTableBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * Frozen: notices and who has read them. A notice stores its sender's branch (the reach of an
 * `All` notice) and when it was pushed (`notification_delivered_at`, set by the instance that
 * claimed the delivery), so future-dated notices survive restarts and are pushed once.
 */
export function notifications005(dialect: Dialect): Migration {
  const id = <T extends string>(t: CreateTableBuilder<T>, name: string) =>
    dialect === 'postgres'
      ? t.addColumn(name, 'serial', (c) => c.primaryKey())
      : t.addColumn(name, 'integer', (c) => c.primaryKey().autoIncrement());
  return {
    // Migrations see the schema as it was then, so they are typed loosely on purpose.
    async up(db: Kysely<unknown>) {
      await id(db.schema.createTable('notification'), 'notification_id')
        .addColumn('notification_date', 'text', (c) => c.notNull())
        .addColumn('notification_title', 'text', (c) => c.notNull())
        .addColumn('notification_description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('notification_type', 'text', (c) => c.notNull())
        .addColumn('notification_user', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('notification_group', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('notification_status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('notification_branch', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('notification_sender', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('notification_delivered_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('notification_date_idx').on('notification').column('notification_date').execute();
      await db.schema
        .createIndex('notification_pending_idx')
        .on('notification')
        .columns(['notification_delivered_at', 'notification_date'])
        .execute();
      await db.schema
        .createTable('notification_read')
        .addColumn('notification_id', 'integer', (c) => c.notNull().references('notification.notification_id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
        .addColumn('read_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('notification_read_pk', ['notification_id', 'user_id'])
        .execute();
      await db.schema.createIndex('notification_read_user_idx').on('notification_read').column('user_id').execute();
    },
  };
}
