import { randomBytes } from 'node:crypto';
import type { AppContext, AuthUser } from '../../context';
import { ApiError, notFound } from '../../http/envelope';
import { hashToken, IDLE_MINUTES } from '../../auth/sessions';
import { noEscalation } from '../../auth/no-escalation';
import { isActive } from '../../auth/decision';
import { inBranchScope } from '../../crud/service';
import { trailOf } from '../audit/trail';
import { VIEW_AS_MINUTES } from '../../../resources/explain';

/**
 * View as: a session of the viewed user, flagged read only (`view_as_by`, who opened it), ending
 * after VIEW_AS_MINUTES or on demand. Its every write is refused by the request guard
 * (server/plugins/auth.ts). Start and end are recorded in the audit trail, under the one who views.
 */
export function viewAs(ctx: AppContext) {
  const db = ctx.conn.db;
  const trail = trailOf(ctx.conn);
  const escalation = noEscalation(ctx);
  const users = ctx.registry.get('users');
  const nameOf = async (id: number) =>
    (await db.selectFrom('users').select('user_name').where('user_id', '=', id).executeTakeFirst())?.user_name ?? '';

  return {
    /** Opens a view of `userId` for `actor`: never of themselves, of another branch, of an inactive account or of one holding more. */
    async start(actor: AuthUser, userId: number) {
      const target = await db
        .selectFrom('users')
        .select(['user_id', 'user_name', 'user_group', 'user_branch', 'user_status'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      // Another branch's user does not exist for the actor, as on the users screens.
      if (!target || !inBranchScope(users, actor, target)) throw notFound(`user ${userId}`);
      if (target.user_id === actor.user_id) throw new ApiError(422, 'You cannot view the console as yourself', { user_id: 'not yourself' });
      if (!isActive(target.user_status)) throw new ApiError(409, 'An inactive account cannot be viewed as: it can do nothing');
      await escalation.assertNotAbove(actor, target);
      const token = randomBytes(32).toString('base64url');
      const now = new Date();
      const endsAt = new Date(now.getTime() + VIEW_AS_MINUTES * 60_000).toISOString();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('sessions')
          .values({
            token_hash: hashToken(token),
            user_id: target.user_id,
            created_at: now.toISOString(),
            expires_at: endsAt,
            ip: actor.origin?.ip ?? '',
            user_agent: (actor.origin?.userAgent ?? '').slice(0, 300),
            last_used_at: now.toISOString(),
            view_as_by: actor.user_id,
          })
          .execute();
        await trail.record(trx, {
          action: 'view-as-start',
          resource: 'users',
          record: target.user_id,
          branch: target.user_branch,
          actor,
          changes: { ends_at: { after: endsAt } },
        });
      });
      return { token, user_id: target.user_id, user_name: target.user_name, ends_at: endsAt };
    },

    /** Ends the view-as session the request came with; recorded under the one who viewed. */
    async end(session: AuthUser) {
      if (session.view_as_by === undefined) throw new ApiError(409, 'This session is not viewing as anyone');
      const viewer = session.view_as_by;
      const target = await db
        .selectFrom('users')
        .select(['user_id', 'user_branch'])
        .where('user_id', '=', session.user_id)
        .executeTakeFirst();
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('sessions').where('token_hash', '=', hashToken(session.token)).execute();
        await trail.record(trx, {
          action: 'view-as-end',
          resource: 'users',
          record: session.user_id,
          branch: target?.user_branch ?? null,
          actor: { user_id: viewer, ...(session.origin && { origin: session.origin }) },
          changes: {},
        });
      });
      // Drops the kept copy here and on the other instances.
      await ctx.sessions.revoke(session.token);
      return { user_id: session.user_id };
    },

    /**
     * Ends the views whose time is up (or that were left idle), each recorded in the trail under the
     * one who viewed, as an end on demand is: a view that simply runs out would otherwise leave a
     * start without an end. Each session is deleted and recorded in one transaction, so with
     * several instances sweeping, each view's end is recorded once. Answers how many were ended.
     */
    async endExpired(now = Date.now()) {
      const idleSince = new Date(now - IDLE_MINUTES * 60_000).toISOString();
      return db.transaction().execute(async (trx) => {
        const ended = await trx
          .deleteFrom('sessions')
          .where('view_as_by', 'is not', null)
          .where((eb) =>
            eb.or([
              eb('expires_at', '<=', new Date(now).toISOString()),
              eb.and([eb('last_used_at', '<>', ''), eb('last_used_at', '<=', idleSince)]),
            ]),
          )
          .returning(['user_id', 'view_as_by', 'expires_at'])
          .execute();
        for (const view of ended) {
          const target = await trx.selectFrom('users').select('user_branch').where('user_id', '=', view.user_id).executeTakeFirst();
          await trail.record(trx, {
            action: 'view-as-end',
            resource: 'users',
            record: view.user_id,
            branch: target?.user_branch ?? null,
            actor: { user_id: Number(view.view_as_by) },
            // When it ran out, where an end on demand records nothing: the two can be told apart.
            changes: { ends_at: { before: view.expires_at } },
          });
        }
        return ended.length;
      });
    },

    /** What the request's session is viewing (null: an ordinary session). */
    async status(session: AuthUser) {
      if (session.view_as_by === undefined) return null;
      const row = await db
        .selectFrom('sessions')
        .select('expires_at')
        .where('token_hash', '=', hashToken(session.token))
        .executeTakeFirst();
      return {
        user_id: session.user_id,
        user_name: await nameOf(session.user_id),
        by_id: session.view_as_by,
        by_name: await nameOf(session.view_as_by),
        ends_at: row?.expires_at ?? '',
      };
    },
  };
}
