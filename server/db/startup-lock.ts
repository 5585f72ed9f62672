import { sql } from 'kysely';
import type { Connection } from './connect';

/**
 * Runs the start-up's work on the database (migrations, table sync, first records) one instance
 * at a time. Instances of one deployment often start together; on PostgreSQL two of them creating
 * the same table or index at once fail on the catalog's unique keys
 * (tests/api/foundations/concurrent-start.test.ts). A session-level advisory lock, held on one
 * pooled connection while the work runs on the others, makes the later ones wait and then find
 * everything in place. SQLite has one server per file: nothing to wait for.
 */
const STARTUP_LOCK = 7_303_202_611; // any fixed bigint shared by every instance of this app

export async function withStartupLock<T>(conn: Connection, work: () => Promise<T>): Promise<T> {
  if (conn.dialect !== 'postgres') return work();
  return conn.db.connection().execute(async (locked) => {
    await sql`SELECT pg_advisory_lock(${STARTUP_LOCK})`.execute(locked);
    try {
      return await work();
    } finally {
      await sql`SELECT pg_advisory_unlock(${STARTUP_LOCK})`.execute(locked);
    }
  });
}
