import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * Frozen: the second factor. A TOTP secret per user (pending until a first code confirms it, with
 * the last time step accepted so a code is never taken twice), ten recovery codes per user (argon2
 * hashes, each used once), passkeys (WebAuthn credentials), the short-lived tickets that carry a
 * sign-in from its password to its second step (SHA-256 only), and when a member of a group that
 * requires a second factor must have one.
 */
export function secondFactor010(dialect: Dialect): Migration {
  return {
    // Migrations see the schema as it was then, so they are typed loosely on purpose.
    async up(db: Kysely<unknown>) {
      const userRef = 'users.user_id';
      await db.schema
        .createTable('user_totp')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references(userRef).onDelete('cascade'))
        .addColumn('totp_secret', 'text', (c) => c.notNull())
        .addColumn('confirmed_at', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('last_step', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('user_recovery_code')
        .addColumn('user_id', 'integer', (c) => c.notNull().references(userRef).onDelete('cascade'))
        .addColumn('slot', 'integer', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text', (c) => c.notNull().defaultTo(''))
        .addPrimaryKeyConstraint('user_recovery_code_pk', ['user_id', 'slot'])
        .execute();
      await db.schema
        .createTable('user_passkey')
        .addColumn('passkey_id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('user_id', 'integer', (c) => c.notNull().references(userRef).onDelete('cascade'))
        .addColumn('credential_id', 'text', (c) => c.notNull().unique())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('sign_count', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('transports', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('rp_id', 'text', (c) => c.notNull())
        .addColumn('passkey_name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('user_passkey_user_idx').on('user_passkey').column('user_id').execute();
      await db.schema
        .createTable('second_factor_ticket')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('password_hash', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('remember', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('challenge', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('second_factor_due')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references(userRef).onDelete('cascade'))
        .addColumn('due_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
