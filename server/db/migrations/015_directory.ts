import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * Frozen: sign-in through the hospital's directory (server/modules/directory). Which directory
 * identity (OpenID Connect subject, LDAP entry) is which account; the OpenID sign-ins under way
 * (their state, nonce and PKCE verifier, each used once); which session came from which provider
 * sign-in (the ID token RP-initiated logout hands back); and the SCIM bearer tokens (SHA-256 only).
 */
export function directory015(dialect: Dialect): Migration {
  const serial = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    // Migrations see the schema as it was then, so they are typed loosely on purpose.
    async up(db: Kysely<unknown>) {
      const userRef = 'users.user_id';
      await db.schema
        .createTable('directory_identity')
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull().references(userRef).onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_sign_in_at', 'text', (c) => c.notNull().defaultTo(''))
        .addPrimaryKeyConstraint('directory_identity_pk', ['provider', 'subject'])
        .execute();
      await db.schema.createIndex('directory_identity_user_idx').on('directory_identity').column('user_id').execute();
      await db.schema
        .createTable('directory_pending')
        .addColumn('state', 'text', (c) => c.primaryKey())
        .addColumn('nonce', 'text', (c) => c.notNull())
        .addColumn('code_verifier', 'text', (c) => c.notNull())
        .addColumn('remember', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('directory_session')
        .addColumn('token_hash', 'text', (c) => c.primaryKey().references('sessions.token_hash').onDelete('cascade'))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('id_token', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createTable('scim_token')
        .addColumn('scim_token_id', serial, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('token_name', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.references(userRef).onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('last_used_at', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    },
  };
}
