import { randomInt } from 'node:crypto';
import { lazy } from '../../util/lazy';
import type { FactorDb } from './tables';

/**
 * Recovery codes: ten per user, shown once, stored as argon2id hashes, each good for one sign-in.
 * A code is ten characters of a 31-letter alphabet without look-alikes (about 49 bits), written as two
 * groups of five; spaces, dashes and case are ignored when it is typed.
 */
export const RECOVERY_COUNT = 10;
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const argon2 = lazy(() => import('@node-rs/argon2'));
// Lighter than the password's settings: the codes are random and long, not chosen by people.
const options = { algorithm: 2 /* Argon2id */, memoryCost: 8192, timeCost: 2, parallelism: 1 };

export const normaliseRecovery = (typed: string) => typed.toLowerCase().replace(/[\s-]/g, '');

function newCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += ALPHABET.charAt(randomInt(ALPHABET.length));
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Replaces the user's codes with ten new ones (in `db`, a transaction) and answers them, once. */
export async function renewRecoveryCodes(db: FactorDb, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_COUNT }, newCode);
  const a = await argon2();
  const hashes = await Promise.all(codes.map((c) => a.hash(normaliseRecovery(c), options)));
  await db.deleteFrom('user_recovery_code').where('user_id', '=', userId).execute();
  await db
    .insertInto('user_recovery_code')
    .values(hashes.map((code_hash, slot) => ({ user_id: userId, slot, code_hash, used_at: '' })))
    .execute();
  return codes;
}

/** How many unused codes the user has left. */
export async function recoveryLeft(db: FactorDb, userId: number): Promise<number> {
  const row = await db
    .selectFrom('user_recovery_code')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', '=', '')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Uses a recovery code: true when it matched an unused one, which is then marked used in one
 * conditional statement (two simultaneous uses of one code: only one gets through).
 */
export async function useRecoveryCode(db: FactorDb, userId: number, typed: string): Promise<boolean> {
  const code = normaliseRecovery(typed);
  if (!/^[a-z0-9]{10}$/.test(code)) return false;
  const rows = await db
    .selectFrom('user_recovery_code')
    .select(['slot', 'code_hash'])
    .where('user_id', '=', userId)
    .where('used_at', '=', '')
    .execute();
  const a = await argon2();
  const matches = await Promise.all(rows.map((r) => a.verify(r.code_hash, code).catch(() => false)));
  const slot = rows.find((_r, i) => matches[i])?.slot;
  if (slot === undefined) return false;
  const res = await db
    .updateTable('user_recovery_code')
    .set({ used_at: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where('slot', '=', slot)
    .where('used_at', '=', '')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
