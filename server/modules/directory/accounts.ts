import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context';
import { dynamic } from '../../db/database';
import { ApiError } from '../../http/envelope';
import { normaliseFields } from '../../crud/normalise';
import type { Actor } from '../../crud/service';
import { users as usersDescriptor } from '../../../resources';
import type { DirectoryConfig } from '../../directory-config';
import { directoryDb, type Provider } from './tables';
import type { Placement } from './mapping';
import type { RequestOrigin } from '../../auth/auth-user';
import { noted, type GroupOrigin } from './placement-note';

/** A person as the directory describes them at sign-in. */
export interface DirectoryPerson {
  provider: Provider;
  /** The OpenID `sub` or the LDAP entry's DN: what links the person to an account for good. */
  subject: string;
  username: string;
  name: string;
  email?: string;
  /** The provider vouches for the e-mail (`email_verified`); LDAP's own entry counts as verified. */
  emailVerified: boolean;
}

export interface DirectoryAccount {
  user_id: number;
  username: string;
  user_group: number;
  user_branch: number;
  user_status: number;
  password_hash: string;
  /** How this sign-in found the account. */
  how: 'linked' | 'linked-by-email' | 'created';
}

const DEFAULTS: DirectoryConfig = { createAccounts: true, linkByEmail: false, passwordSignIn: true };
export const directoryConfig = (ctx: AppContext): DirectoryConfig => ctx.config.directory ?? DEFAULTS;

/** An unguessable password nobody is told: a directory account signs in through its directory. */
const unusablePassword = () => randomBytes(33).toString('base64url');

async function codeId(ctx: AppContext, resource: 'designation' | 'department', code: string | undefined): Promise<number | undefined> {
  if (!code) return undefined;
  const d = ctx.registry.get(resource);
  const row = await dynamic(ctx.conn.db)
    .selectFrom(d.table)
    .select(`${d.idField} as id`)
    .where(`${resource}_code`, '=', code)
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

async function accountById(ctx: AppContext, userId: number) {
  return ctx.conn.db
    .selectFrom('users')
    .select(['user_id', 'username', 'user_group', 'user_branch', 'user_status', 'password_hash'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * The account a directory person signs in to: the one linked to their identity; else, where
 * configured, the one holding their verified e-mail (then linked); else, where configured, a new
 * one made through the users' one write path (with the users' own rules). Anything else is refused
 * with nothing created. The mapping's group and branch are applied to the account each time, through
 * the same path, so a change in the directory takes effect now.
 */
export async function accountFor(
  ctx: AppContext,
  person: DirectoryPerson,
  place: Placement,
  by: { origin: RequestOrigin; claim: string; method: string; actor?: Actor },
): Promise<DirectoryAccount> {
  const { actor } = by;
  // The writes that set the group carry where it came from, for the trail and the explainer.
  const from: GroupOrigin = { method: by.method, claim: by.claim, value: place.groupFrom.value, mapping: place.groupFrom.mapping };
  const origin = noted(by.origin, from);
  const cfg = directoryConfig(ctx);
  const db = ctx.conn.db;
  const links = directoryDb(db);
  const d = ctx.registry.get(usersDescriptor.name);
  const now = new Date().toISOString();
  const link = await links
    .selectFrom('directory_identity')
    .select('user_id')
    .where('provider', '=', person.provider)
    .where('subject', '=', person.subject)
    .executeTakeFirst();
  let how: DirectoryAccount['how'] = 'linked';
  let userId = link?.user_id;
  if (userId === undefined && cfg.linkByEmail && person.email && person.emailVerified) {
    const same = await db.selectFrom('users').select('user_id').where('user_email', '=', person.email).limit(2).execute();
    if (same.length > 1) throw new ApiError(409, 'More than one console account has your e-mail address: an administrator must link yours');
    if (same[0]) {
      userId = same[0].user_id;
      how = 'linked-by-email';
    }
  }
  if (userId === undefined) {
    if (!cfg.createAccounts)
      throw new ApiError(
        403,
        'No console account is linked to your directory account, and accounts are not created at sign-in: ask an administrator',
      );
    const taken = await db.selectFrom('users').select('user_id').where('username', '=', person.username).executeTakeFirst();
    if (taken)
      throw new ApiError(
        409,
        `A console account named "${person.username}" exists but is not linked to your directory account: ask an administrator`,
      );
    const designation = await codeId(ctx, 'designation', cfg.designationCode);
    const department = await codeId(ctx, 'department', cfg.departmentCode);
    if (!designation || !department)
      throw new ApiError(
        503,
        'Accounts cannot be created from the directory: DIRECTORY_DESIGNATION and DIRECTORY_DEPARTMENT must name an existing designation and department',
      );
    const password = unusablePassword();
    const fields = normaliseFields(d, {
      user_name: person.name || person.username,
      username: person.username,
      user_email: person.email ?? '',
      user_group: place.group,
      user_branch: place.branch,
      user_designation: designation,
      user_department: department,
      user_status: 1,
      password,
      c_password: password,
    });
    const created = await ctx.crud.create(d, { fields, files: [] }, { actor, origin });
    userId = Number(created.user_id);
    how = 'created';
  }
  if (how !== 'linked')
    await links
      .insertInto('directory_identity')
      .values({ provider: person.provider, subject: person.subject, user_id: userId, created_at: now, last_sign_in_at: '' })
      .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
      .execute();
  let account = await accountById(ctx, userId);
  if (!account) throw new ApiError(403, 'The console account linked to your directory account no longer exists: ask an administrator');
  if (account.user_status !== 1) throw new ApiError(403, 'This account is inactive');
  if (account.user_group !== place.group || account.user_branch !== place.branch) {
    await ctx.crud.update(d, userId, { fields: { user_group: place.group, user_branch: place.branch }, files: [] }, { actor, origin });
    account = (await accountById(ctx, userId)) ?? account;
  }
  await links
    .updateTable('directory_identity')
    .set({ last_sign_in_at: now })
    .where('provider', '=', person.provider)
    .where('subject', '=', person.subject)
    .execute();
  return { ...account, how };
}
