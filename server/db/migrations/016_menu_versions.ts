import type { Kysely, Migration } from 'kysely';

/**
 * Frozen: menus are written through the generic write path (resources/menu.ts), whose version is
 * the record's `updated_at` and whose creates stamp `created_at`. Menus made before carry the
 * epoch: their first write gives them a real time.
 */
export const EPOCH = '1970-01-01T00:00:00.000Z';

export const menuVersions016: Migration = {
  // Migrations see the schema as it was then, so they are typed loosely on purpose.
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('menu')
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(EPOCH))
      .execute();
    await db.schema
      .alterTable('menu')
      .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(EPOCH))
      .execute();
  },
};
