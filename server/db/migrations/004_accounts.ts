import type { Kysely, Migration } from 'kysely';

/**
 * Frozen: what the accounts feature keeps beside the tables of 001. Sessions learn when they
 * were last used (idle expiry), sign-in history learns success or failure, and three tables hold
 * the sign-in throttle, the forgot-password codes and the reset tokens (hashes only).
 */
export function accounts004(): Migration {
  return {
    // Migrations see the schema as it was then, so they are typed loosely on purpose.
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('sessions')
        .addColumn('last_used_at', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('login_history')
        .addColumn('user_login_status', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .createIndex('login_history_user_date_idx')
        .on('login_history')
        .columns(['user_login_user', 'user_login_date'])
        .execute();
      await db.schema
        .createTable('login_throttle')
        .addColumn('username_key', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('window_start', 'text', (c) => c.notNull())
        .addColumn('locked_until', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createTable('password_reset_code')
        .addColumn('email_key', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('code_hash', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('expires_at', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('requests', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('window_start', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('password_reset_token')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
