import { sql } from 'kysely';
import type { Connection } from './connect';

/**
 * Named locks for work that must not run twice at once: a check and the write it allows, when two
 * requests checking the same rows before either writes would both pass (two admins each removing
 * the other, the last Super Admins). One holder at a time in this process (a queue per name) and,
 * on PostgreSQL, in every instance sharing the database: a session-level advisory lock held on one
 * pooled connection while the work runs on the others. SQLite has one server per file.
 */
const LOCKS = {
  startup: 7_303_202_611,
  superAdmins: 7_303_202_612,
} as const; // fixed bigints shared by every instance of this app

export type LockName = keyof typeof LOCKS;

/** The work queued under each name, per database connection (tests run several servers in one process). */
const queues = new WeakMap<Connection, Map<LockName, Promise<unknown>>>();

/** Runs `work` after the work queued before it under the same name (whatever became of it). */
function inTurn<T>(conn: Connection, name: LockName, work: () => Promise<T>): Promise<T> {
  let named = queues.get(conn);
  if (!named) queues.set(conn, (named = new Map<LockName, Promise<unknown>>()));
  const turn = (named.get(name) ?? Promise.resolve()).then(work, work);
  const settled = turn.catch(() => undefined);
  named.set(name, settled);
  void settled.then(() => {
    if (named.get(name) === settled) named.delete(name);
  });
  return turn;
}

export function withDatabaseLock<T>(conn: Connection, name: LockName, work: () => Promise<T>): Promise<T> {
  return inTurn(conn, name, () => {
    if (conn.dialect !== 'postgres') return work();
    return conn.db.connection().execute(async (locked) => {
      await sql`SELECT pg_advisory_lock(${LOCKS[name]})`.execute(locked);
      try {
        return await work();
      } finally {
        await sql`SELECT pg_advisory_unlock(${LOCKS[name]})`.execute(locked);
      }
    });
  });
}
