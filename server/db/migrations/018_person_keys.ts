import type { Kysely, Migration } from 'kysely';

/**
 * Frozen: one data key per person (issue 49 point 3), under which the audit trail seals the
 * personal values of the entries about them (server/modules/audit/sealed-values.ts). Each key is
 * kept wrapped by a master key (`key_master` names which, by its fingerprint); erasing the person
 * deletes the row, and the values it sealed can no longer be read.
 */
export const personKeys018: Migration = {
  // Migrations see the schema as it was then, so they are typed loosely on purpose.
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('person_key')
      .addColumn('key_resource', 'text', (c) => c.notNull())
      .addColumn('key_record', 'integer', (c) => c.notNull())
      .addColumn('key_wrapped', 'text', (c) => c.notNull())
      .addColumn('key_master', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('person_key_pk', ['key_resource', 'key_record'])
      .execute();
  },
};
