import type { FastifyPluginAsync } from 'fastify';
import { reaches } from '../../auth/scope';
import { ApiError, success } from '../../http/envelope';
import { requirePermission, signedIn } from '../../plugins/auth';
import { permissionSlug } from '../../../resources';
import { trailOf } from '../audit/trail';
import { factorDb } from './tables';
import { factorsOf } from './requirement';
import { TAGS, idParams } from './schemas';
import { refuseInvalid } from '../../http/validation';

/**
 * An administrator's reset of a user's second factor (a lost phone): the authenticator app, the
 * recovery codes and the passkeys go, and every session of the user ends. Whoever may edit the
 * user (users/user-update, within their branch) may reset it.
 */
export const adminFactorRoutes: FastifyPluginAsync = (app) => {
  const { conn, registry, sessions } = app.ctx;
  const db = conn.db;
  const trail = trailOf(conn);

  app.post<{ Params: { id: string } }>(
    '/second-factor/reset/:id',
    {
      preHandler: requirePermission(permissionSlug(registry.get('users'), 'update')),
      attachValidation: true,
      schema: { tags: TAGS, summary: "Reset a user's second factor; their sessions end", params: idParams },
    },
    async (request) => {
      refuseInvalid(request, { message: 'User not found' });
      const admin = signedIn(request);
      const userId = Number(request.params.id);
      const user = await db.selectFrom('users').select(['user_id', 'user_branch']).where('user_id', '=', userId).executeTakeFirst();
      // Outside the administrator's branch the user does not exist for them (branch 0 sees all).
      if (!user || !reaches(admin, user.user_branch)) throw new ApiError(404, 'User not found');
      const had = await factorsOf(db, userId);
      await db.transaction().execute(async (trx) => {
        const f = factorDb(trx);
        await f.deleteFrom('user_totp').where('user_id', '=', userId).execute();
        await f.deleteFrom('user_recovery_code').where('user_id', '=', userId).execute();
        await f.deleteFrom('user_passkey').where('user_id', '=', userId).execute();
        await trail.record(trx, {
          action: 'second-factor-reset',
          resource: 'users',
          record: userId,
          branch: user.user_branch,
          actor: admin,
          changes: {
            second_factor: { before: [...(had.totp ? ['totp'] : []), ...(had.passkeys ? [`${had.passkeys} passkeys`] : [])].join(', ') },
          },
        });
      });
      await sessions.revokeUser(userId);
      return success('Second factor reset: the user signs in with their password and sets one up again', { user_id: userId });
    },
  );
  return Promise.resolve();
};
