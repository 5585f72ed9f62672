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

/**
 * One more failure, counted in a single statement: simultaneous wrong passwords each count (read
 * and then written, a burst of them counted fewer and could outrun the lock).
 */
export async function recordFailure(db: Db, username: string, now = Date.now()): Promise<void> {
  const nowIso = new Date(now).toISOString();
  const windowOpened = new Date(now - minutes(LOCKOUT.windowMinutes)).toISOString();
  const lockedUntil = new Date(now + minutes(LOCKOUT.lockMinutes)).toISOString();
  await db
    .insertInto('login_throttle')
    .values({
      username_key: usernameKey(username),
      failures: 1,
      window_start: nowIso,
      locked_until: LOCKOUT.failures <= 1 ? lockedUntil : '',
    })
    .onConflict((oc) =>
      oc.column('username_key').doUpdateSet((eb) => {
        // Every expression reads the row as it was: a window older than 15 minutes starts afresh.
        const lapsed = eb('login_throttle.window_start', '<=', windowOpened);
        const failures = eb
          .case()
          .when(lapsed)
          .then(1)
          .else(eb('login_throttle.failures', '+', 1))
          .end();
        return {
          failures,
          window_start: eb.case().when(lapsed).then(nowIso).else(eb.ref('login_throttle.window_start')).end(),
          locked_until: eb.case().when(failures, '>=', LOCKOUT.failures).then(lockedUntil).else('').end(),
        };
      }),
    )
    .execute();
}

/** A successful sign-in (or a password reset) starts the count afresh. */
export async function clearFailures(db: Db, username: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('username_key', '=', usernameKey(username)).execute();
}
