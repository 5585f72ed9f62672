import { Secret, TOTP } from 'otpauth';
import type { FactorDb } from './tables';

/**
 * Time-based one-time codes (RFC 6238): SHA-1, six digits, 30-second steps, as every authenticator
 * app reads them. A code of the step before or after is accepted too (clocks drift), and each step
 * only once: the step of an accepted code is stored and a code of that step or an earlier one is
 * refused, so a code seen over a shoulder cannot be typed again.
 */
export const ISSUER = 'Hospital console';
const PERIOD = 30;

const totpOf = (secret: string, username: string) =>
  new TOTP({ issuer: ISSUER, label: username, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });

/** A new random secret (160 bits, RFC 4226's recommendation) as base32. */
export const newSecret = () => new Secret({ size: 20 }).base32;

/** The otpauth:// address the QR code carries. */
export const otpauthUri = (secret: string, username: string) => totpOf(secret, username).toString();

/** Whether a typed value looks like a TOTP code at all (else it may be a recovery code). */
export const isTotpShape = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));

/** The step a code belongs to (within one step either side of now), or undefined when it is wrong. */
export function stepOf(secret: string, username: string, code: string, now = Date.now()): number | undefined {
  const delta = totpOf(secret, username).validate({ token: code.replace(/\s/g, ''), timestamp: now, window: 1 });
  return delta === null ? undefined : Math.floor(now / 1000 / PERIOD) + delta;
}

/** The current code (tests and the README's examples). */
export const codeAt = (secret: string, now = Date.now()) => totpOf(secret, 'x').generate({ timestamp: now });

/**
 * Takes the step of an accepted code, in one conditional statement: of two simultaneous uses of the
 * same code only one moves the step on. False when the step (or a later one) was already used.
 */
export async function takeStep(db: FactorDb, userId: number, step: number): Promise<boolean> {
  const res = await db
    .updateTable('user_totp')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where('last_step', '<', step)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
