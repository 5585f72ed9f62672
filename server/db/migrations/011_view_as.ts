import type { Kysely, Migration } from 'kysely';

/**
 * Frozen: a session may be a view-as session, read only, opened by another user (`view_as_by`,
 * who started it) for the session's user; null for an ordinary sign-in.
 */
export function viewAs011(): Migration {
  return {
    // Migrations see the schema as it was then, so they are typed loosely on purpose.
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('sessions').addColumn('view_as_by', 'integer').execute();
    },
  };
}
