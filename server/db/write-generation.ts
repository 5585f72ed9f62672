import { sql, type RawBuilder } from 'kysely';
import type { Connection } from './connect';

/**
 * A token that changes whenever a table may have changed, by this process or any other, so that
 * answers worked out from the table (a list's total, a search's matches) can be kept until then.
 *
 * - SQLite: `total_changes()` counts every row this connection wrote (triggers included) and
 *   `PRAGMA data_version` changes when another connection commits; together they cover the whole
 *   file. While this connection is inside a transaction the answer is `undefined` (do not cache):
 *   what it reads may still be rolled back.
 * - PostgreSQL: a statement trigger on each table bumps its row in `table_generation` in the
 *   writer's own transaction, so every instance sees the new value once the write is visible.
 */
export interface WriteGeneration {
  (table: string): Promise<string | undefined>;
  /**
   * PostgreSQL: the same token as a column of any statement, read in that statement's snapshot.
   * A kept answer is then checked by the statement that reads its page, in one round trip instead
   * of two.
   */
  column?: (table: string) => RawBuilder<string | number>;
}

const GENERATION_TABLE = 'table_generation';

/** PostgreSQL: the generation table, its function, and a trigger on each of `tables`. */
export async function syncWriteGenerations(conn: Connection, tables: readonly string[]): Promise<void> {
  if (conn.dialect !== 'postgres') return;
  await sql`CREATE TABLE IF NOT EXISTS ${sql.table(GENERATION_TABLE)} (table_name text PRIMARY KEY, generation bigint NOT NULL DEFAULT 0)`.execute(
    conn.db,
  );
  // Once per table and transaction: the token only has to differ once the transaction commits, and
  // bumping the same row at every statement of a long transaction (an import's 100,000 rows) left
  // a chain of versions that each next bump walked again. The mark is a transaction-local setting,
  // so a savepoint rolled back takes its bump and its mark back together.
  await sql`CREATE OR REPLACE FUNCTION bump_table_generation() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      mark text := 'console_generation.' || TG_TABLE_NAME;
    BEGIN
      IF current_setting(mark, true) = txid_current()::text THEN
        RETURN NULL;
      END IF;
      PERFORM set_config(mark, txid_current()::text, true);
      INSERT INTO table_generation (table_name, generation) VALUES (TG_TABLE_NAME, 1)
        ON CONFLICT (table_name) DO UPDATE SET generation = table_generation.generation + 1;
      RETURN NULL;
    END $$`.execute(conn.db);
  for (const table of tables) {
    const trigger = `${table}_generation`;
    const found = await sql`SELECT 1 FROM pg_trigger WHERE tgname = ${trigger}`.execute(conn.db);
    if (found.rows.length) continue;
    await sql`CREATE TRIGGER ${sql.id(trigger)} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION bump_table_generation()`.execute(conn.db);
  }
}

export function writeGeneration(conn: Connection): WriteGeneration {
  const sqlite = conn.sqlite;
  if (sqlite) {
    const changes = sqlite.prepare('SELECT total_changes()').pluck();
    const version = sqlite.prepare('PRAGMA data_version').pluck();
    return async () => (sqlite.inTransaction ? undefined : `${String(version.get())}.${String(changes.get())}`);
  }
  // No row yet (0): the table has not been written since its trigger was made.
  const column = (table: string) =>
    sql<number>`coalesce((SELECT generation FROM ${sql.table(GENERATION_TABLE)} WHERE table_name = ${table}), 0)`;
  const read = async (table: string) => {
    const row = await sql<{ generation: number }>`SELECT ${column(table)} AS generation`.execute(conn.db);
    return String(row.rows[0]?.generation);
  };
  return Object.assign(read, { column });
}
