import type { AppContext } from '../../context';
import { success } from '../../http/envelope';
import { dueDate, factorsOf, groupRequirement, hasFactor } from './requirement';
import { factorDb } from './tables';
import { issueTicket } from './tickets';

interface Checked {
  user_id: number;
  user_group: number;
  password_hash: string;
}

/** What the sign-in does once the password is right: stop at a second step, or go on (with `extra` in its answer). */
export type Gate = { stop: ReturnType<typeof success>; extra?: undefined } | { stop?: undefined; extra?: Record<string, unknown> };

/**
 * The sign-in's second step. A user with a second factor gets a ticket instead of a session, and
 * the methods they may finish with; a member of a requiring group past their grace period gets a
 * ticket that only enrols; one within it signs in as before, told until when (`second_factor_due`).
 * Anyone else signs in exactly as the spec says.
 */
export async function signInGate(ctx: AppContext, user: Checked, remember: boolean): Promise<Gate> {
  const db = ctx.conn.db;
  const factors = await factorsOf(db, user.user_id);
  const ticketFor = (purpose: 'second-factor' | 'enrol') =>
    issueTicket(factorDb(db), purpose, { user_id: user.user_id, password_hash: user.password_hash, remember: remember ? 1 : 0 });
  if (hasFactor(factors)) {
    const methods = [...(factors.totp ? ['totp', 'recovery'] : []), ...(factors.passkeys ? ['passkey'] : [])];
    const ticket = await ticketFor('second-factor');
    return { stop: success('Enter your second factor to finish signing in', { second_factor: { ticket, methods } }) };
  }
  const due = await dueDate(db, user.user_id, await groupRequirement(db, user.user_group));
  if (!due) return {};
  if (Date.parse(due) <= Date.now()) {
    const ticket = await ticketFor('enrol');
    return {
      stop: success('Your group requires a second factor: set one up to finish signing in', { second_factor: { ticket, enrol: true } }),
    };
  }
  return { extra: { second_factor_due: due } };
}
