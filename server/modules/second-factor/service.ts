import { ApiError } from '../../http/envelope';
import type { Db } from '../../db/database';
import { lockedMinutes, recordFailure } from '../accounts/throttle';
import { factorDb } from './tables';
import { isTotpShape, newSecret, otpauthUri, stepOf, takeStep } from './totp';
import { useRecoveryCode } from './recovery';

/** How a code was taken: an authenticator app's, or a recovery code. */
export type CodeKind = 'totp' | 'recovery-code';

/**
 * Checks a code typed at sign-in (or at enrolment, against the pending secret). Codes count
 * against the same per-account lock-out as passwords: a locked username is refused before the
 * code is looked at, and every wrong or reused code is one more failure.
 */
export async function takeCode(
  db: Db,
  user: { user_id: number; username: string },
  code: string,
  options: { pending?: boolean; uncounted?: boolean } = {},
): Promise<CodeKind> {
  // A signed-in user confirming their own new secret is not guessing at anyone's sign-in.
  const counted = !options.uncounted;
  const locked = counted ? await lockedMinutes(db, user.username) : 0;
  if (locked) throw new ApiError(429, `Too many failed sign-ins for this username; try again in ${locked} minutes`);
  const f = factorDb(db);
  const totp = await f.selectFrom('user_totp').selectAll().where('user_id', '=', user.user_id).executeTakeFirst();
  const usable = totp && (options.pending ? !totp.confirmed_at : !!totp.confirmed_at);
  if (usable && isTotpShape(code)) {
    const step = stepOf(totp.totp_secret, user.username, code);
    if (step !== undefined) {
      if (await takeStep(f, user.user_id, step)) return 'totp';
      if (counted) await recordFailure(db, user.username);
      throw new ApiError(401, 'This code was already used: wait for the next one');
    }
  } else if (!options.pending && (await useRecoveryCode(f, user.user_id, code))) return 'recovery-code';
  if (counted) await recordFailure(db, user.username);
  throw new ApiError(401, 'Invalid code');
}

/**
 * Starts (or starts again) an enrolment: a new secret, pending until its first code confirms it.
 * Refused while a confirmed one is in place (it must be removed first).
 */
export async function startTotp(db: Db, user: { user_id: number; username: string }) {
  const f = factorDb(db);
  const existing = await f.selectFrom('user_totp').select('confirmed_at').where('user_id', '=', user.user_id).executeTakeFirst();
  if (existing?.confirmed_at) throw new ApiError(409, 'An authenticator app is already set up: remove it first');
  const secret = newSecret();
  const now = new Date().toISOString();
  await f
    .insertInto('user_totp')
    .values({ user_id: user.user_id, totp_secret: secret, confirmed_at: '', last_step: 0, created_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ totp_secret: secret, confirmed_at: '', last_step: 0, created_at: now }))
    .execute();
  return { secret, uri: otpauthUri(secret, user.username) };
}

/** Confirms the pending secret (its code already taken by takeCode) and ends any grace period. */
export async function confirmTotp(db: Db, userId: number) {
  const f = factorDb(db);
  const res = await f
    .updateTable('user_totp')
    .set({ confirmed_at: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where('confirmed_at', '=', '')
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw new ApiError(409, 'An authenticator app is already set up: remove it first');
  await f.deleteFrom('second_factor_due').where('user_id', '=', userId).execute();
}
