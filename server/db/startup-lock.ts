import type { Connection } from './connect';
import { withDatabaseLock } from './database-lock';

/**
 * Runs the start-up's work on the database (migrations, table sync, first records) one instance
 * at a time. Instances of one deployment often start together; on PostgreSQL two of them creating
 * the same table or index at once fail on the catalog's unique keys
 * (tests/api/foundations/concurrent-start.test.ts): the later ones wait, then find everything in
 * place.
 */
export function withStartupLock<T>(conn: Connection, work: () => Promise<T>): Promise<T> {
  return withDatabaseLock(conn, 'startup', work);
}
