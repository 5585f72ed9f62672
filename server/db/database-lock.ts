import { sql } from 'kysely';
import type { Connection } from './connect';

/**
 * The app's locks, in one place, for a check and the write it allows when two requests checking
 * the same rows before either writes would both pass (two admins each removing the other).
 *
 * `withDatabaseLock`, for work that is not one transaction (it calls services that write on their
 * own): one holder at a time in this process (a queue per name) and, on PostgreSQL, in every
 * instance sharing the database: a session-level advisory lock held on one pooled connection
 * while the work runs on the others. SQLite has one server per file.
 */
const LOCKS = {
  startup: 7_303_202_611,
  superAdmins: 7_303_202_612,
  menus: 7_303_202_613,
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

/**
 * Waits for a PostgreSQL advisory lock by trying it again and again (each try answers at once)
 * rather than with one statement that blocks: every query is bounded by the pool's
 * `query_timeout` (so an unreachable database answers 503 within seconds), and a lock held for
 * longer than that by another instance (its start-up migrations, a burst of writes) is no fault.
 * `lock`: the try statement, answering `{ok: boolean}`.
 */
export async function waitForLock(lock: () => Promise<{ rows: { ok: boolean }[] }>): Promise<void> {
  for (let pause = 2; ; pause = Math.min(pause * 2, 50)) {
    if ((await lock()).rows[0]?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

export function withDatabaseLock<T>(conn: Connection, name: LockName, work: () => Promise<T>): Promise<T> {
  return inTurn(conn, name, () => {
    if (conn.dialect !== 'postgres') return work();
    return conn.db.connection().execute(async (locked) => {
      await waitForLock(() => sql<{ ok: boolean }>`SELECT pg_try_advisory_lock(${LOCKS[name]}) AS ok`.execute(locked));
      try {
        return await work();
      } finally {
        await sql`SELECT pg_advisory_unlock(${LOCKS[name]})`.execute(locked);
      }
    });
  });
}
