import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database';

/**
 * Opaque random tokens; only their SHA-256 is stored, so a copy of the database cannot be used
 * to sign in. Remember-me sessions last 30 days, others 12 hours.
 */
export const SESSION_HOURS = { short: 12, remembered: 24 * 30 };

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(db: Db, userId: number, remember: boolean, ip: string, userAgent: string) {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const hours = remember ? SESSION_HOURS.remembered : SESSION_HOURS.short;
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + hours * 3600_000).toISOString(),
      ip,
      user_agent: userAgent.slice(0, 300),
    })
    .execute();
  return token;
}

export async function findSessionUser(db: Db, token: string) {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.user_id', 'sessions.user_id')
    .select(['sessions.token_hash', 'sessions.expires_at', 'users.user_id', 'users.user_group', 'users.user_branch', 'users.user_status'])
    .where('sessions.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || row.expires_at <= new Date().toISOString() || row.user_status !== 1) return undefined;
  return row;
}

export async function revokeSession(db: Db, token: string) {
  await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
}

export async function purgeExpiredSessions(db: Db) {
  await db.deleteFrom('sessions').where('expires_at', '<=', new Date().toISOString()).execute();
}
