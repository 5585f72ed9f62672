import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database';

/**
 * What a serialised access write waits for: the whole menu tree (every menu write, so a parent
 * change is checked for cycles against the tree as the previous write left it), or the
 * permissions of one group or one user.
 */
const SPACES = { menus: 730_320_261, groupPermissions: 730_320_262, userPermissions: 730_320_263 } as const;
export type LockSpace = keyof typeof SPACES;

/**
 * Runs `work` in one transaction that no other write of the same `space` and `key` runs
 * alongside. PostgreSQL: a transaction-level advisory lock taken first, released at commit or
 * rollback; every read in `work` starts after it, so it sees what the previous holder committed.
 * SQLite: the one connection is held by the transaction until it ends (Kysely queues every other
 * query behind it), so a transaction is already exclusive.
 *
 * Everything inside `work` must go through `trx`: on SQLite a query on the outer `db` would wait
 * for the very connection this transaction holds.
 */
export function serialisedWrite<T>(db: Db, dialect: Dialect, space: LockSpace, key: number, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(${SPACES[space]}::integer, ${key}::integer)`.execute(trx);
    return work(trx);
  });
}
