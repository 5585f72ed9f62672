import type { FastifyPluginAsync } from 'fastify';
import { reaches } from '../../auth/scope';
import { ApiError, success } from '../../http/envelope';
import { requireUser } from '../../plugins/auth';
import { TAGS, historyQuery } from './schemas';
import { refuseInvalid } from '../../http/validation';
import { signedIn } from './validation';
import { parseBound, readHistory } from './history';

interface HistoryParams {
  user?: string;
  from_date?: string;
  to_date?: string;
  status?: string;
  limit?: string;
}

/** Who may read another user's history: `users/get-user`, within the viewer's branch scope. */
export const READ_OTHERS_SLUG = 'users/get-user';

export const historyRoutes: FastifyPluginAsync = (app) => {
  const { conn, permissions } = app.ctx;
  const db = conn.db;

  app.get<{ Querystring: HistoryParams }>(
    '/users/user-login-history',
    {
      preHandler: requireUser,
      attachValidation: true,
      schema: {
        tags: TAGS,
        summary: 'Sign-in history, newest first (own; another user with users/get-user in branch scope)',
        querystring: historyQuery,
      },
    },
    async (request) => {
      refuseInvalid(request, { message: 'Invalid history filter' });
      const me = signedIn(request);
      const q = request.query;
      const userId = q.user ? Number(q.user) : me.user_id;
      if (userId !== me.user_id) {
        const slugs = await permissions.slugsFor(me);
        if (!slugs.has(READ_OTHERS_SLUG)) throw new ApiError(403, `You do not have the permission "${READ_OTHERS_SLUG}"`);
        const target = await db.selectFrom('users').select('user_branch').where('user_id', '=', userId).executeTakeFirst();
        // Outside the viewer's branch the user does not exist for them (branch 0 sees all).
        if (!target || !reaches(me, target.user_branch)) throw new ApiError(404, 'User not found');
      }
      const errors: Record<string, string> = {};
      if (parseBound(q.from_date, false) === null) errors.from_date = 'must be a date (YYYY-MM-DD)';
      if (parseBound(q.to_date, true) === null) errors.to_date = 'must be a date (YYYY-MM-DD)';
      if (Object.keys(errors).length) throw new ApiError(422, 'Invalid history filter', errors);
      const status = q.status === '0' || q.status === '1' ? q.status : 'all';
      const limit = Math.min(Math.max(Number(q.limit ?? 50) || 50, 1), 1000);
      const { rows, total } = await readHistory(db, { userId, from: q.from_date, to: q.to_date, status, limit });
      return success(rows.length ? 'Data Found' : 'Data Not Found', rows, total);
    },
  );
  return Promise.resolve();
};
