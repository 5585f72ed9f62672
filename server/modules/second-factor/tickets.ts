import { randomBytes } from 'node:crypto';
import { hashToken } from '../../auth/sessions';
import type { FactorDb, SecondFactorTicketTable, TicketPurpose } from './tables';

/**
 * Tickets carry a sign-in from its password to its second step, or hold a WebAuthn challenge until
 * the browser answers it. Five minutes, single use; only their SHA-256 is stored.
 */
export const TICKET_MINUTES = 5;

export async function issueTicket(
  db: FactorDb,
  purpose: TicketPurpose,
  fields: Partial<Pick<SecondFactorTicketTable, 'user_id' | 'password_hash' | 'remember' | 'challenge'>> = {},
  now = Date.now(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  // Expired tickets of anyone go as new ones come: the table stays small without a timer.
  await db.deleteFrom('second_factor_ticket').where('expires_at', '<=', new Date(now).toISOString()).execute();
  await db
    .insertInto('second_factor_ticket')
    .values({
      token_hash: hashToken(token),
      purpose,
      user_id: fields.user_id ?? 0,
      password_hash: fields.password_hash ?? '',
      remember: fields.remember ?? 0,
      challenge: fields.challenge ?? '',
      expires_at: new Date(now + TICKET_MINUTES * 60_000).toISOString(),
    })
    .execute();
  return token;
}

/** The live ticket of this purpose, or undefined (unknown, expired or of another purpose). */
export async function readTicket(db: FactorDb, token: string, purposes: readonly TicketPurpose[]) {
  const row = await db.selectFrom('second_factor_ticket').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
  if (!row || !purposes.includes(row.purpose) || Date.parse(row.expires_at) <= Date.now()) return undefined;
  return row;
}

/** Ends a ticket; true only for the one call that ended it (two simultaneous completions: one wins). */
export async function spendTicket(db: FactorDb, token: string): Promise<boolean> {
  const res = await db.deleteFrom('second_factor_ticket').where('token_hash', '=', hashToken(token)).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}
