import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { ApiError, success } from '../../http/envelope';
import { hashToken } from '../../auth/sessions';
import { originOf, requireUser } from '../../plugins/auth';
import { trailOf } from '../audit/trail';
import { signedIn } from './validation';
import { TAGS, sessionParams } from './schemas';

/**
 * The signed-in user's own sessions (our addition to the spec). A session is named by a digest
 * of its stored hash: reads never carry a token or the hash itself.
 */
export const sessionId = (tokenHash: string) => createHash('sha256').update(`session:${tokenHash}`).digest('hex').slice(0, 24);

export const sessionRoutes: FastifyPluginAsync = (app) => {
  const { conn, sessions, events } = app.ctx;
  const db = conn.db;
  const trail = trailOf(conn);

  const mine = (userId: number) =>
    db
      .selectFrom('sessions')
      .select(['token_hash', 'created_at', 'last_used_at', 'expires_at', 'ip', 'user_agent'])
      .where('user_id', '=', userId)
      .where('expires_at', '>', new Date().toISOString())
      .orderBy('created_at', 'desc')
      .execute();

  app.get(
    '/users/user-session-list',
    { preHandler: requireUser, schema: { tags: TAGS, summary: 'My active sessions: browser, address, started, last used' } },
    async (request) => {
      const me = signedIn(request);
      const current = hashToken(me.token);
      const rows = (await mine(me.user_id)).map((s) => ({
        session_id: sessionId(s.token_hash),
        session_browser: s.user_agent,
        session_ip: s.ip,
        session_started: s.created_at,
        session_last_used: s.last_used_at || s.created_at,
        session_expires: s.expires_at,
        session_current: s.token_hash === current,
      }));
      return success(rows.length ? 'Data Found' : 'Data Not Found', rows, rows.length);
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/users/user-session-delete/:id',
    { preHandler: requireUser, schema: { tags: TAGS, summary: 'Sign out one of my sessions', params: sessionParams } },
    async (request) => {
      const me = signedIn(request);
      const target = (await mine(me.user_id)).find((s) => sessionId(s.token_hash) === request.params.id);
      if (!target) throw new ApiError(404, 'Session not found');
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('sessions').where('token_hash', '=', target.token_hash).execute();
        const changes = { session: { before: request.params.id } };
        await trail.accountEvent(trx, { action: 'sign-out', userId: me.user_id, byThemself: true, origin: originOf(request), changes });
      });
      sessions.invalidate();
      events.emit('sessions-ended', { userId: me.user_id, tokenHashes: [target.token_hash] });
      return success('Session Signed Out', { session_id: request.params.id });
    },
  );

  app.delete(
    '/users/user-session-delete-others',
    { preHandler: requireUser, schema: { tags: TAGS, summary: 'Sign out all my sessions but this one' } },
    async (request) => {
      const me = signedIn(request);
      await sessions.revokeUser(me.user_id, me.token);
      const changes = { sessions: { before: 'every other session' } };
      await trail.accountEvent(db, { action: 'sign-out', userId: me.user_id, byThemself: true, origin: originOf(request), changes });
      return success('Other Sessions Signed Out', null);
    },
  );
  return Promise.resolve();
};
