import type { Kysely, Migration } from 'kysely';

/**
 * Frozen: a menu's name in Bengali, Spanish and Burmese beside its `menu_name` (the name given,
 * shown in English and wherever a language has none). Empty means "not translated".
 */
export function menuLabels006(): Migration {
  return {
    // Migrations see the schema as it was then, so they are typed loosely on purpose.
    async up(db: Kysely<unknown>) {
      for (const language of ['bn', 'es', 'my']) {
        await db.schema
          .alterTable('menu')
          .addColumn(`menu_name_${language}`, 'text', (c) => c.notNull().defaultTo(''))
          .execute();
      }
    },
  };
}
