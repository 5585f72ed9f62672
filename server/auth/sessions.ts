import { createHash, randomBytes } from 'node:crypto';
import type { CompiledQuery } from 'kysely';
import type { Db, Dialect } from '../db/database';
import type { CompiledRunner } from '../db/compiled';
import type { ServerEventBus } from '../events';
import { isActive } from './decision';

/**
 * Opaque random tokens; only their SHA-256 is stored, so a copy of the database cannot be used
 * to sign in. Remember-me sessions last 30 days, others 12 hours; either ends after 30 minutes
 * without a request. The last use is written at most once a minute, so the hot path stays a read.
 */
export const SESSION_HOURS = { short: 12, remembered: 24 * 30 };
export const IDLE_MINUTES = 30;
const TOUCH_MS = 60_000;

export interface SessionOptions {
  /** Time without a request after which a session ends (default IDLE_MINUTES; tests shorten it). */
  idleMs?: number;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A new session for the user, only while their stored password hash is still `passwordHash` and
 * the account is active: a sign-in whose password was changed (and every session ended) while it
 * was being verified gets no session (undefined), so it cannot outlive the change.
 */
export async function createSession(
  db: Db,
  userId: number,
  passwordHash: string,
  remember: boolean,
  ip: string,
  userAgent: string,
  dialect: Dialect = 'sqlite',
) {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const hours = remember ? SESSION_HOURS.remembered : SESSION_HOURS.short;
  const stamp = now.toISOString();
  const created = await db
    .insertInto('sessions')
    .columns(['token_hash', 'user_id', 'created_at', 'expires_at', 'ip', 'user_agent', 'last_used_at'])
    .expression((eb) => {
      const user = eb
        .selectFrom('users')
        .select([
          eb.val(hashToken(token)).as('token_hash'),
          'users.user_id',
          eb.val(stamp).as('created_at'),
          eb.val(new Date(now.getTime() + hours * 3600_000).toISOString()).as('expires_at'),
          eb.val(ip).as('ip'),
          eb.val(userAgent.slice(0, 300)).as('user_agent'),
          eb.val(stamp).as('last_used_at'),
        ])
        .where('users.user_id', '=', userId)
        .where('users.password_hash', '=', passwordHash)
        .where('users.user_status', '=', 1);
      // PostgreSQL: the user row is held until the sign-in commits, so a password change waits for
      // it (and its revocation then sees the new session), or, if the change came first, the
      // condition is checked again on the changed row and no session is made. SQLite has one writer.
      return dialect === 'postgres' ? user.forShare() : user;
    })
    .executeTakeFirst();
  return Number(created.numInsertedOrUpdatedRows ?? 0) === 1 ? token : undefined;
}

function sessionQuery(db: Db) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.user_id', 'sessions.user_id')
    .select([
      'sessions.token_hash',
      'sessions.expires_at',
      'sessions.created_at',
      'sessions.last_used_at',
      'sessions.view_as_by',
      'users.user_id',
      'users.user_group',
      'users.user_branch',
      'users.user_status',
    ])
    .where('sessions.token_hash', '=', '')
    .compile();
}

export type SessionUser = ReturnType<typeof sessionQuery> extends CompiledQuery<infer R> ? R : never;

/**
 * Session look-ups sit on every request, so a found session is remembered for a few seconds.
 * Expiry is still checked on every use, and sign-out (`revoke`) and `invalidate` (called when
 * users or sessions change behind the store's back) drop entries at once; the short life bounds
 * what another process sharing the database could change unseen.
 */
const CACHE_MS = 10_000;
const CACHE_MAX = 10_000;

export interface SessionStore {
  find(token: string): Promise<SessionUser | undefined>;
  /**
   * What `find` would answer, when it can be told at once from what this store keeps (a live
   * session, no last-use write due): the per-request path then needs no promise. Undefined
   * otherwise, including for an ended session: ask `find`.
   */
  peek(token: string): SessionUser | undefined;
  /**
   * The session of this token hash as the database has it, without counting as a use: when it
   * ends unless used again (its idle limit or its expiry, whichever comes first) and where its
   * user sits; undefined when it has ended (signed out, expired, idle, account deactivated).
   */
  check(tokenHash: string): Promise<{ endsAt: number; user_group: number; user_branch: number } | undefined>;
  /**
   * Whether sessions may be kept in memory at all (default true). Off while this instance may
   * miss another instance's sign-out (Redis unreachable): every look-up then reads the database.
   */
  keep(on: boolean): void;
  revoke(token: string): Promise<void>;
  /** Ends every session of the user (or all but `exceptToken`), at once: their next request answers 401. */
  revokeUser(userId: number, exceptToken?: string): Promise<void>;
  invalidate(): void;
}

/**
 * A looked-up session with its times parsed once, not on every request. The cache is keyed by the
 * token itself (it never leaves memory), so a hit costs no SHA-256: hashing was the largest single
 * piece of a cached request's own work (in a profile of a get-one).
 */
interface Cached {
  row: SessionUser;
  hash: string;
  expires: number;
  lastUsed: number;
  until: number;
}

export function createSessionStore(db: Db, run: CompiledRunner, events?: ServerEventBus, options: SessionOptions = {}): SessionStore {
  const lookup = sessionQuery(db);
  const cache = new Map<string, Cached>();
  const idleMs = options.idleMs ?? IDLE_MINUTES * 60_000;
  // The last use is written at most this often; a short idle limit needs it written sooner.
  const touchMs = Math.min(TOUCH_MS, idleMs / 4);
  let keeping = true;
  // Moves on with every revocation: a look-up that read a session before a revocation finished
  // must not put it back in the cache after it (it would live on for CACHE_MS).
  let revocations = 0;
  return {
    async find(token) {
      const now = Date.now();
      let hit = cache.get(token);
      if (!hit || hit.until < now) {
        if (cache.size >= CACHE_MAX) cache.clear();
        const hash = hashToken(token);
        const seen = revocations;
        const row = (await run(lookup, [hash]))[0];
        // Unknown tokens are not remembered: a flood of forged tokens must not fill the cache.
        if (!row) return undefined;
        hit = {
          row,
          hash,
          expires: Date.parse(row.expires_at),
          lastUsed: Date.parse(row.last_used_at || row.created_at),
          until: now + CACHE_MS,
        };
        if (seen === revocations && keeping) cache.set(token, hit);
      }
      const { row, hash: key } = hit;
      if (hit.expires <= now || !isActive(row.user_status)) return undefined;
      if (now - hit.lastUsed >= idleMs) return undefined;
      if (now - hit.lastUsed >= touchMs) {
        const nowIso = new Date(now).toISOString();
        hit.lastUsed = now;
        row.last_used_at = nowIso;
        await db.updateTable('sessions').set({ last_used_at: nowIso }).where('token_hash', '=', key).execute();
      }
      return row;
    },
    peek(token) {
      const now = Date.now();
      const hit = cache.get(token);
      // touchMs <= idleMs: a session used within touchMs is not idle either.
      if (!hit || hit.until < now || hit.expires <= now || !isActive(hit.row.user_status) || now - hit.lastUsed >= touchMs)
        return undefined;
      return hit.row;
    },
    async revoke(token) {
      const key = hashToken(token);
      revocations++;
      const row = await db.deleteFrom('sessions').where('token_hash', '=', key).returning('user_id').executeTakeFirst();
      revocations++;
      cache.delete(token);
      if (row) events?.emit('sessions-ended', { userId: row.user_id, tokenHashes: [key] });
    },
    async revokeUser(userId, exceptToken) {
      const keep = exceptToken ? hashToken(exceptToken) : undefined;
      let q = db.deleteFrom('sessions').where('user_id', '=', userId);
      if (keep) q = q.where('token_hash', '<>', keep);
      revocations++;
      const ended = (await q.returning('token_hash').execute()).map((r) => r.token_hash);
      revocations++;
      const gone = new Set(ended);
      for (const [token, hit] of cache) if (gone.has(hit.hash)) cache.delete(token);
      if (ended.length) events?.emit('sessions-ended', { userId, tokenHashes: ended });
    },
    async check(tokenHash) {
      const row = (await run(lookup, [tokenHash]))[0];
      if (!row || !isActive(row.user_status)) return undefined;
      const endsAt = Math.min(Date.parse(row.expires_at), Date.parse(row.last_used_at || row.created_at) + idleMs);
      return endsAt > Date.now() ? { endsAt, user_group: row.user_group, user_branch: row.user_branch } : undefined;
    },
    keep(on) {
      if (on === keeping) return;
      keeping = on;
      revocations++;
      cache.clear();
    },
    invalidate() {
      revocations++;
      cache.clear();
    },
  };
}

/** Ended sessions, but views as another user: their end is recorded in the trail first (server/modules/explain/view-as.ts). */
export async function purgeExpiredSessions(db: Db) {
  const now = Date.now();
  const idleSince = new Date(now - IDLE_MINUTES * 60_000).toISOString();
  await db
    .deleteFrom('sessions')
    .where('view_as_by', 'is', null)
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', new Date(now).toISOString()),
        eb.and([eb('last_used_at', '<>', ''), eb('last_used_at', '<=', idleSince)]),
      ]),
    )
    .execute();
}
