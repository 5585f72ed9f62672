import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context';
import type { Actor } from '../../../crud/service';
import { hashToken } from '../../../auth/sessions';
import { originOf } from '../../../plugins/auth';
import { directoryDb } from '../tables';
import { ScimError } from './errors';

/**
 * A SCIM request is the directory's, carrying a bearer token an administrator made (and can revoke);
 * only its SHA-256 is stored. The directory then acts with the rights of the administrator who made
 * the token (no escalation, branch scope), and the trail names the token: its entries' origin says
 * `SCIM token "<name>"`.
 */
export async function scimActor(ctx: AppContext, request: FastifyRequest): Promise<Actor> {
  const header = request.headers.authorization ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (!bearer) throw new ScimError(401, 'A SCIM bearer token is required (Authorization: Bearer <token>)');
  const db = directoryDb(ctx.conn.db);
  const token = await db
    .selectFrom('scim_token')
    .select(['scim_token_id', 'token_name', 'created_by', 'revoked_at', 'last_used_at'])
    .where('token_hash', '=', hashToken(bearer))
    .executeTakeFirst();
  if (!token || token.revoked_at) throw new ScimError(401, 'This SCIM token is unknown or has been revoked');
  const maker = token.created_by
    ? await ctx.conn.db
        .selectFrom('users')
        .select(['user_id', 'user_group', 'user_branch', 'user_status'])
        .where('user_id', '=', token.created_by)
        .executeTakeFirst()
    : undefined;
  if (maker?.user_status !== 1)
    throw new ScimError(401, 'The administrator who made this SCIM token is no longer active: make a new token');
  const now = new Date();
  // The last use is written at most once a minute: SCIM syncs come in bursts.
  if (!token.last_used_at || now.getTime() - Date.parse(token.last_used_at) > 60_000)
    await db.updateTable('scim_token').set({ last_used_at: now.toISOString() }).where('scim_token_id', '=', token.scim_token_id).execute();
  const origin = originOf(request);
  return {
    user_id: maker.user_id,
    user_group: maker.user_group,
    user_branch: maker.user_branch,
    token: '',
    origin: { ...origin, userAgent: `SCIM token "${token.token_name}" (${origin.userAgent})`.slice(0, 500) },
  };
}
