import type { Db } from '../../db/database';
import { dynamic } from '../../db/database';
import { factorDb } from './tables';
import { group } from '../../../resources/group';

/**
 * What a user has as a second factor, and what their group asks of them. A group that requires one
 * gives each member without one `group_second_factor_grace_days` from the first sign-in that finds
 * them so (kept in second_factor_due); after that they are sent to enrolment at sign-in.
 */
export interface Factors {
  totp: boolean;
  passkeys: number;
}

export async function factorsOf(db: Db, userId: number): Promise<Factors> {
  const f = factorDb(db);
  const totp = await f.selectFrom('user_totp').select('confirmed_at').where('user_id', '=', userId).executeTakeFirst();
  const keys = await f
    .selectFrom('user_passkey')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { totp: !!totp?.confirmed_at, passkeys: Number(keys?.n ?? 0) };
}

export const hasFactor = (f: Factors) => f.totp || f.passkeys > 0;

const graceField = group.fields.find((f) => f.name === 'group_second_factor_grace_days');
const DEFAULT_GRACE_DAYS = graceField?.kind === 'integer' ? graceField.default : 7;

export interface Requirement {
  required: boolean;
  graceDays: number;
}

export async function groupRequirement(db: Db, groupId: number): Promise<Requirement> {
  const row = await dynamic(db)
    .selectFrom('user_group')
    .select(['group_second_factor', 'group_second_factor_grace_days'])
    .where('group_id', '=', groupId)
    .executeTakeFirst();
  // Groups written before the setting existed have no grace days: they get the descriptor's default.
  const grace = row?.group_second_factor_grace_days;
  return {
    required: Number(row?.group_second_factor ?? 0) === 1,
    graceDays: grace === null || grace === undefined || grace === '' ? DEFAULT_GRACE_DAYS : Math.max(0, Number(grace)),
  };
}

/**
 * When a member of a requiring group without a second factor must have one: read, or started now
 * (now + the grace days) on the first sign-in that finds them so. Undefined when nothing is required.
 */
export async function dueDate(db: Db, userId: number, need: Requirement, now = Date.now()): Promise<string | undefined> {
  const f = factorDb(db);
  if (!need.required) {
    // No longer required (the group changed its mind, or the user moved): a later requirement starts afresh.
    await f.deleteFrom('second_factor_due').where('user_id', '=', userId).execute();
    return undefined;
  }
  const due = new Date(now + need.graceDays * 86_400_000).toISOString();
  await f
    .insertInto('second_factor_due')
    .values({ user_id: userId, due_at: due })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const row = await f.selectFrom('second_factor_due').select('due_at').where('user_id', '=', userId).executeTakeFirstOrThrow();
  return row.due_at;
}

/** Whether removing one of `have` would leave a member of a requiring group without any. */
export async function wouldLeaveNone(db: Db, userId: number, groupId: number, removing: 'totp' | 'passkey'): Promise<boolean> {
  if (!(await groupRequirement(db, groupId)).required) return false;
  const have = await factorsOf(db, userId);
  const left = removing === 'totp' ? { ...have, totp: false } : { ...have, passkeys: have.passkeys - 1 };
  return !hasFactor(left);
}
