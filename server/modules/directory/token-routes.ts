import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { ApiError, success } from '../../http/envelope';
import { requirePermission, signedIn } from '../../plugins/auth';
import { hashToken } from '../../auth/sessions';
import { refuseInvalid } from '../../http/validation';
import { trailOf } from '../audit/trail';
import { directoryDb } from './tables';
import { DIRECTORY_SLUGS } from './menus';
import { TAGS, idParams, tokenNameBody } from './schemas';

/**
 * The SCIM bearer tokens: an administrator makes one for the directory (it is shown once; only its
 * SHA-256 is kept), sees when each was last used, and revokes it (the directory's next request is
 * refused). The directory acts with the rights of the administrator who made its token.
 */
export const tokenRoutes: FastifyPluginAsync = (app) => {
  const db = directoryDb(app.ctx.conn.db);
  const trail = trailOf(app.ctx.conn);
  const guard = requirePermission(DIRECTORY_SLUGS.scimTokens);

  app.get(
    '/directory/scim-tokens',
    { preHandler: guard, schema: { tags: TAGS, summary: 'The SCIM tokens (never their value)' } },
    async () => {
      const rows = await db
        .selectFrom('scim_token')
        .leftJoin('users', 'users.user_id', 'scim_token.created_by')
        .select([
          'scim_token.scim_token_id',
          'scim_token.token_name',
          'scim_token.created_at',
          'scim_token.revoked_at',
          'scim_token.last_used_at',
          'users.user_name as created_by',
        ])
        .orderBy('scim_token.scim_token_id', 'desc')
        .execute();
      return success(rows.length ? 'Data Found' : 'Data Not Found', rows, rows.length);
    },
  );

  app.post<{ Body: { name: string } }>(
    '/directory/scim-tokens',
    {
      preHandler: guard,
      schema: { tags: TAGS, summary: 'Make a SCIM token; its value is answered this once', body: tokenNameBody },
      attachValidation: true,
    },
    async (request, reply) => {
      refuseInvalid(request, { message: 'The token needs a name (at most 100 characters)', required: tokenNameBody.required });
      const name = request.body.name.trim();
      if (!name) throw new ApiError(422, 'The token needs a name (at most 100 characters)', { name: 'required' });
      const me = signedIn(request);
      const token = `scim_${randomBytes(32).toString('base64url')}`;
      const created = await app.ctx.conn.db.transaction().execute(async (trx) => {
        const row = await directoryDb(trx)
          .insertInto('scim_token')
          .values({
            token_hash: hashToken(token),
            token_name: name,
            created_by: me.user_id,
            created_at: new Date().toISOString(),
            revoked_at: '',
            last_used_at: '',
          })
          .returning(['scim_token_id', 'token_name', 'created_at'])
          .executeTakeFirstOrThrow();
        await trail.record(trx, {
          action: 'scim-token-created',
          resource: 'scim-token',
          record: row.scim_token_id,
          actor: me,
          changes: { token_name: { after: name } },
        });
        return row;
      });
      return reply.code(201).send(success('SCIM token made: copy it now, it is not shown again', { ...created, token }));
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/directory/scim-tokens/:id',
    {
      preHandler: guard,
      schema: { tags: TAGS, summary: "Revoke a SCIM token: the directory's next request with it is refused", params: idParams },
      attachValidation: true,
    },
    async (request) => {
      refuseInvalid(request, { message: 'SCIM token not found' });
      const me = signedIn(request);
      const id = Number(request.params.id);
      const revoked = await app.ctx.conn.db.transaction().execute(async (trx) => {
        const row = await directoryDb(trx)
          .updateTable('scim_token')
          .set({ revoked_at: new Date().toISOString() })
          .where('scim_token_id', '=', id)
          .where('revoked_at', '=', '')
          .returning(['scim_token_id', 'token_name', 'revoked_at'])
          .executeTakeFirst();
        if (row)
          await trail.record(trx, {
            action: 'scim-token-revoked',
            resource: 'scim-token',
            record: id,
            actor: me,
            changes: { token_name: { before: row.token_name } },
          });
        return row;
      });
      if (!revoked) throw new ApiError(404, 'SCIM token not found, or revoked already');
      return success('SCIM token revoked', revoked);
    },
  );
  return Promise.resolve();
};
