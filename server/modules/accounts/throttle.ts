import type { Db } from '../../db/database';

/**
 * The sign-in lock-out: 5 failures for one username within 15 minutes lock that username for 15
 * minutes, whatever the address they come from. Usernames that do not exist are counted the
 * same way, so the answers never tell which usernames exist. Kept in the database so every
 * instance of the server sees the same counts.
 */
export const LOCKOUT = { failures: 5, windowMinutes: 15, lockMinutes: 15 };

export const usernameKey = (username: string) => username.trim().toLowerCase();

const minutes = (n: number) => n * 60_000;

/** Minutes left on the lock, or 0 when the username may try. */
export async function lockedMinutes(db: Db, username: string, now = Date.now()): Promise<number> {
  const row = await db
    .selectFrom('login_throttle')
    .select('locked_until')
    .where('username_key', '=', usernameKey(username))
    .executeTakeFirst();
  const until = row?.locked_until ? Date.parse(row.locked_until) : 0;
  return until > now ? Math.ceil((until - now) / 60_000) : 0;
}

export async function recordFailure(db: Db, username: string, now = Date.now()): Promise<void> {
  const key = usernameKey(username);
  const nowIso = new Date(now).toISOString();
  const row = await db.selectFrom('login_throttle').selectAll().where('username_key', '=', key).executeTakeFirst();
  const fresh = !row || Date.parse(row.window_start) <= now - minutes(LOCKOUT.windowMinutes);
  const failures = fresh ? 1 : row.failures + 1;
  const locked_until = failures >= LOCKOUT.failures ? new Date(now + minutes(LOCKOUT.lockMinutes)).toISOString() : '';
  const values = { failures, window_start: fresh ? nowIso : row.window_start, locked_until };
  await db
    .insertInto('login_throttle')
    .values({ username_key: key, ...values })
    .onConflict((oc) => oc.column('username_key').doUpdateSet(values))
    .execute();
}

/** A successful sign-in (or a password reset) starts the count afresh. */
export async function clearFailures(db: Db, username: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('username_key', '=', usernameKey(username)).execute();
}
