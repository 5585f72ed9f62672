import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { FieldChanges } from '../audit/changes';
import { ApiError } from '../../http/envelope';
import { hashToken } from '../../auth/sessions';
import { originOf } from '../../plugins/auth';
import { finishSignIn } from '../accounts/finish-sign-in';
import { recordSignIn } from '../accounts/history';
import { signInGate } from '../second-factor/gate';
import { trailOf } from '../audit/trail';
import { accountFor, type DirectoryPerson } from './accounts';
import { placementOrRefuse } from './mapping';
import { directoryDb } from './tables';

export interface DirectorySignIn {
  person: DirectoryPerson;
  /** The directory's groups (claim values, LDAP group names) and branch values, as given. */
  groups: readonly string[];
  branch: readonly string[];
  remember: boolean;
  /** What the provider reported of a multi-factor sign-in (`amr`/`acr` values), when it did. */
  mfa?: string;
  /** The ID token, kept with the session for the provider's sign-out. */
  idToken?: string;
  /** The claim or attribute the groups came from (`groups`, `cn`), for the trail and the explainer. */
  groupsClaim: string;
}

const METHOD = { oidc: 'OpenID Connect', ldap: 'LDAP', scim: 'SCIM' } as const;

/**
 * The end of a directory sign-in, after the directory vouched for the person: the mapping (read
 * now) places them, the account is found, linked or created through the users' write path, the
 * console's own second factor is asked unless the provider reported a multi-factor sign-in, and the
 * accounts module's `finishSignIn` makes the session, the trail's entry and the history line. A
 * refusal is logged, and entered in the trail when it names a known account; it created nothing.
 */
export async function directorySignIn(ctx: AppContext, request: FastifyRequest, s: DirectorySignIn) {
  const method = METHOD[s.person.provider];
  try {
    const place = await placementOrRefuse(ctx.conn.db, s.person.provider, s.groups, s.branch);
    const account = await accountFor(ctx, s.person, place, { origin: originOf(request), claim: s.groupsClaim, method });
    const user = {
      user_id: account.user_id,
      username: account.username,
      user_group: account.user_group,
      password_hash: account.password_hash,
    };
    let extra: Record<string, unknown> | undefined;
    if (!s.mfa) {
      const gate = await signInGate(ctx, user, s.remember);
      if (gate.stop) return gate.stop;
      extra = gate.extra;
    }
    const changes: FieldChanges = {
      sign_in_method: { after: method },
      directory_account: { after: account.how },
      directory_group: { after: `${place.groupFrom.value} (mapping ${place.groupFrom.mapping})` },
      directory_branch: { after: `${place.branchFrom.value} (mapping ${place.branchFrom.mapping})` },
      ...(s.mfa && { second_factor: { after: `by the directory (${s.mfa})` } }),
    };
    const answer = await finishSignIn(ctx, request, user, s.remember, { changes, extra: { ...extra, sign_in_method: s.person.provider } });
    const token = (answer.data as { token?: unknown }).token;
    if (typeof token === 'string')
      await directoryDb(ctx.conn.db)
        .insertInto('directory_session')
        .values({ token_hash: hashToken(token), provider: s.person.provider, id_token: s.idToken ?? '' })
        .execute();
    return answer;
  } catch (err) {
    await refused(ctx, request, s.person, method, err);
    throw err;
  }
}

/** A refused directory sign-in: logged always, and in the trail and history when a linked account is known. */
async function refused(ctx: AppContext, request: FastifyRequest, person: DirectoryPerson, method: string, err: unknown) {
  const reason = err instanceof ApiError ? err.message : String(err);
  request.log.warn({ provider: person.provider, subject: person.subject, reason }, 'directory sign-in refused');
  const link = await directoryDb(ctx.conn.db)
    .selectFrom('directory_identity')
    .select('user_id')
    .where('provider', '=', person.provider)
    .where('subject', '=', person.subject)
    .executeTakeFirst();
  if (!link) return;
  await recordSignIn(ctx.conn.db, {
    username: person.username,
    ip: request.ip,
    browser: request.headers['user-agent'] ?? '',
    userId: link.user_id,
    success: false,
  });
  await trailOf(ctx.conn).accountEvent(ctx.conn.db, {
    action: 'sign-in-failed',
    userId: link.user_id,
    byThemself: false,
    origin: originOf(request),
    changes: { sign_in_method: { after: method }, reason: { after: reason } },
  });
}
