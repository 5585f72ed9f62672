import { createHash, randomBytes, randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { hashPassword, verifyPassword } from '../../auth/passwords';

/**
 * Forgot-password codes: 6 digits from the system's CSPRNG, valid 10 minutes, at most 5 tries,
 * single use, stored only as an argon2id hash (a 6-digit SHA-256 falls to a laptop in a second).
 * One row per address, known or not, so a request costs the same whether the address exists:
 * an unknown address gets a random code nobody is told. A new request replaces the old code.
 */
export const CODE_RULES = { minutes: 10, tries: 5, requestsPerWindow: 5, windowMinutes: 15, tokenMinutes: 15 };

export const emailKey = (email: string) => email.trim().toLowerCase();
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

const later = (now: number, minutes: number) => new Date(now + minutes * 60_000).toISOString();

export type RequestOutcome = { kind: 'limited' } | { kind: 'issued'; code: string; userId: number };

export async function issueCode(db: Db, email: string, now = Date.now()): Promise<RequestOutcome> {
  const key = emailKey(email);
  const windowOpened = new Date(now - CODE_RULES.windowMinutes * 60_000).toISOString();
  const row = await db
    .selectFrom('password_reset_code')
    .select(['requests', 'window_start'])
    .where('email_key', '=', key)
    .executeTakeFirst();
  // Known limited: answered without the hashing below. The upsert decides the close cases.
  if (row && row.window_start > windowOpened && row.requests >= CODE_RULES.requestsPerWindow) return { kind: 'limited' };
  const user = await db
    .selectFrom('users')
    .select('user_id')
    .where(sql<string>`lower(user_email)`, '=', key)
    .where('user_status', '=', 1)
    .orderBy('user_id')
    .executeTakeFirst();
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  const fresh = { user_id: user?.user_id ?? 0, code_hash: await hashPassword(code), expires_at: later(now, CODE_RULES.minutes), tries: 0 };
  const nowIso = new Date(now).toISOString();
  // One statement counts the request and replaces the code only while under the limit: a burst of
  // simultaneous requests for one address sends no more codes than the limit allows.
  const counted = await db
    .insertInto('password_reset_code')
    .values({ email_key: key, ...fresh, requests: 1, window_start: nowIso })
    .onConflict((oc) =>
      oc.column('email_key').doUpdateSet((eb) => {
        const lapsed = eb('password_reset_code.window_start', '<=', windowOpened);
        const requests = eb
          .case()
          .when(lapsed)
          .then(1)
          .else(eb('password_reset_code.requests', '+', 1))
          .end();
        const allowed = eb(requests, '<=', CODE_RULES.requestsPerWindow);
        return {
          requests,
          window_start: eb.case().when(lapsed).then(nowIso).else(eb.ref('password_reset_code.window_start')).end(),
          user_id: eb.case().when(allowed).then(fresh.user_id).else(eb.ref('password_reset_code.user_id')).end(),
          code_hash: eb.case().when(allowed).then(fresh.code_hash).else(eb.ref('password_reset_code.code_hash')).end(),
          expires_at: eb.case().when(allowed).then(fresh.expires_at).else(eb.ref('password_reset_code.expires_at')).end(),
          tries: eb.case().when(allowed).then(0).else(eb.ref('password_reset_code.tries')).end(),
        };
      }),
    )
    .returning('requests')
    .executeTakeFirstOrThrow();
  if (counted.requests > CODE_RULES.requestsPerWindow) return { kind: 'limited' };
  return { kind: 'issued', code, userId: fresh.user_id };
}

export type CheckOutcome = { kind: 'invalid' } | { kind: 'exhausted' } | { kind: 'verified'; token: string; userId: number };

/** Spends one try; a right code is spent too and buys a reset token (answered once, stored hashed). */
export async function checkCode(db: Db, email: string, otp: string, now = Date.now()): Promise<CheckOutcome> {
  const key = emailKey(email);
  const row = await db.selectFrom('password_reset_code').selectAll().where('email_key', '=', key).executeTakeFirst();
  if (!row?.code_hash || row.expires_at <= new Date(now).toISOString()) return { kind: 'invalid' };
  if (row.tries >= CODE_RULES.tries) return { kind: 'exhausted' };
  // Counted before checking, and only while below the limit: parallel guesses cannot exceed it.
  const counted = await db
    .updateTable('password_reset_code')
    .set({ tries: sql<number>`tries + 1` })
    .where('email_key', '=', key)
    .where('tries', '<', CODE_RULES.tries)
    .where('code_hash', '=', row.code_hash)
    .executeTakeFirst();
  if (Number(counted.numUpdatedRows) === 0) return { kind: 'exhausted' };
  if (!/^\d{6}$/.test(otp.trim()) || !(await verifyPassword(row.code_hash, otp.trim())) || !row.user_id) return { kind: 'invalid' };
  const spent = await db
    .updateTable('password_reset_code')
    .set({ code_hash: '' })
    .where('email_key', '=', key)
    .where('code_hash', '=', row.code_hash)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) === 0) return { kind: 'invalid' };
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('password_reset_token')
    .values({ token_hash: tokenHash(token), user_id: row.user_id, expires_at: later(now, CODE_RULES.tokenMinutes) })
    .execute();
  return { kind: 'verified', token, userId: row.user_id };
}

/** The user a live reset token belongs to, or undefined. */
export async function tokenOwner(db: Db, token: string, now = Date.now()): Promise<number | undefined> {
  const row = await db
    .selectFrom('password_reset_token')
    .select(['user_id', 'expires_at'])
    .where('token_hash', '=', tokenHash(token))
    .executeTakeFirst();
  return row && row.expires_at > new Date(now).toISOString() ? row.user_id : undefined;
}

/** Spends the token (and any other of the user's); false when it was spent meanwhile. */
export async function spendTokens(db: Db, token: string, userId: number): Promise<boolean> {
  const spent = await db.deleteFrom('password_reset_token').where('token_hash', '=', tokenHash(token)).executeTakeFirst();
  await db.deleteFrom('password_reset_token').where('user_id', '=', userId).execute();
  await db.updateTable('password_reset_code').set({ code_hash: '' }).where('user_id', '=', userId).execute();
  return Number(spent.numDeletedRows) > 0;
}

/** Drops rows nobody can use any more (expired codes past their request window, expired tokens). */
export async function purgeResets(db: Db, now = Date.now()): Promise<void> {
  const nowIso = new Date(now).toISOString();
  const windowGone = new Date(now - CODE_RULES.windowMinutes * 60_000).toISOString();
  await db.deleteFrom('password_reset_code').where('expires_at', '<=', nowIso).where('window_start', '<=', windowGone).execute();
  await db.deleteFrom('password_reset_token').where('expires_at', '<=', nowIso).execute();
}
