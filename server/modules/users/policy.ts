import { sql } from 'kysely';
import type { AppContext } from '../../context';
import type { Db, Row } from '../../db/database';
import type { Change, CrudGuards } from '../../crud/service';
import type { PolicyDeclaration } from '../policy-declaration';
import { users } from '../../../resources';
import { hashPassword } from '../../auth/passwords';
import { loadPasswordPolicy } from '../../auth/password-policy';
import { noEscalation } from '../../auth/no-escalation';
import { withDatabaseLock } from '../../db/database-lock';
import { ApiError, notFound } from '../../http/envelope';
import { setting } from '../../db/settings';
import { bodyProblems, checkSelf, sessionEndingChanges } from './rules';
import { USER_MENUS, permissionRules } from '../access/permission-rules';

/**
 * The users' rules, on the one write path every caller of the generic service goes through
 * (the users routes, and any later bulk action or import): passwords, the self guards, no
 * escalation, the last active Super Admin, and the sessions a change ends. Every rule reads the
 * record as it will be stored (`after`), never the body as spelled, so `false`, `"false"` and 0
 * are one deactivation. The branch scope is the descriptor's (`branchScope`), applied by the
 * generic service itself.
 */
export const usersPolicy: PolicyDeclaration = { resource: users.name, build: buildUsersPolicy };

/** 409 when the user is the last active Super Admin, who cannot be `what` (also the erasure's rule, issue 49). */
export async function assertNotLastSuperAdmin(db: Db, userId: number, what: string): Promise<void> {
  const superAdmin = Number(await setting(db, 'super_admin_group'));
  const user = await db.selectFrom('users').select(['user_group', 'user_status']).where('user_id', '=', userId).executeTakeFirst();
  if (!user) throw notFound(`user ${userId}`);
  if (user.user_group !== superAdmin || user.user_status !== 1) return;
  const others = await db
    .selectFrom('users')
    .select(sql<number | string>`count(*)`.as('n'))
    .where('user_group', '=', superAdmin)
    .where('user_status', '=', 1)
    .where('user_id', '<>', userId)
    .executeTakeFirstOrThrow();
  if (Number(others.n) === 0) throw new ApiError(409, `The last active Super Admin cannot be ${what}`);
}

function buildUsersPolicy(ctx: AppContext): CrudGuards {
  const db = ctx.conn.db;
  const escalation = noEscalation(ctx);
  const permissions = permissionRules(ctx);
  const groupSlugs = (group: unknown) => ctx.permissions.slugsFor({ user_id: 0, user_group: Number(group) });
  const asUser = (row: Row) => ({ user_id: Number(row.user_id), user_group: Number(row.user_group) });

  const unprocessable = (errors: Record<string, string>) => {
    if (Object.keys(errors).length) throw new ApiError(422, Object.values(errors).join('; '), errors);
  };

  /** What a change does that could leave no active Super Admin. */
  const leaving = ({ action, before, after }: Change) => ({
    deactivating: action === 'update' && Number(before?.user_status) === 1 && Number(after?.user_status) !== 1,
    leavesGroup: action === 'update' && Number(after?.user_group) !== Number(before?.user_group),
    deleting: action === 'delete',
  });

  const checkLastSuperAdmin = (userId: number, what: string) => assertNotLastSuperAdmin(db, userId, what);

  return {
    async beforeCreate({ actor, after, body }) {
      await loadPasswordPolicy();
      unprocessable(bodyProblems(body.fields));
      if (actor) await escalation.assertHolds(actor, await groupSlugs(after.user_group), 'This group');
    },

    async beforeUpdate({ actor, before, after, body, links }) {
      await loadPasswordPolicy();
      unprocessable(bodyProblems(body.fields, before));
      // The user's own grants and denials (the user permission screen's save).
      const own = links?.get(USER_MENUS);
      if (own) await permissions.checkUser(actor, after, own);
      if (!actor) return;
      const id = Number(before.user_id);
      if (leaving({ action: 'update', before, after }).deactivating) checkSelf(actor, id, 'deactivate');
      await escalation.assertNotAbove(actor, asUser(before));
      if (Number(after.user_group) !== Number(before.user_group)) await escalation.assertNotAbove(actor, asUser(after));
    },

    async beforeDelete({ actor, before }) {
      if (!actor) return;
      checkSelf(actor, Number(before.user_id), 'delete');
      await escalation.assertNotAbove(actor, asUser(before));
    },

    async extra({ body }) {
      const password = body.fields.password;
      return typeof password === 'string' && password ? { password_hash: await hashPassword(password) } : {};
    },

    /**
     * A deactivation, a move out of a group or a deletion runs under a lock every such change
     * takes, on every instance, and checks the count again inside it: two Super Admins removing
     * each other at once cannot both pass on the same count (the second gets 409).
     */
    serialise(change, store) {
      const leaves = leaving(change);
      if (!leaves.deactivating && !leaves.leavesGroup && !leaves.deleting) return store();
      const id = Number(change.before?.user_id);
      return withDatabaseLock(ctx.conn, 'superAdmins', async () => {
        if (leaves.deactivating) await checkLastSuperAdmin(id, 'deactivated');
        if (leaves.leavesGroup) await checkLastSuperAdmin(id, 'moved out of Super Admin');
        if (leaves.deleting) {
          await checkLastSuperAdmin(id, 'deleted');
          // Sessions first: they refer to the account, and none may outlive it.
          await ctx.sessions.revokeUser(id);
        }
        return store();
      });
    },

    describe: (tdb, change) => permissions.describeUser(tdb, change),

    async afterWrite(id, action, { actor, before, after, body }) {
      if (action !== 'update' || !before || !after) return;
      if (body?.fields[USER_MENUS] !== undefined) {
        ctx.permissions.invalidate();
        ctx.events.emit('permissions-changed', { userIds: [id] });
      }
      const password = body?.fields.password;
      const reason = sessionEndingChanges(before, after, typeof password === 'string' && password !== '');
      if (reason.deactivated || reason.groupChanged || reason.passwordSet)
        await ctx.sessions.revokeUser(id, reason.deactivated || reason.groupChanged || actor?.user_id !== id ? undefined : actor.token);
      if (reason.groupChanged) {
        ctx.permissions.invalidate();
        ctx.events.emit('permissions-changed', { userIds: [id] });
      }
      const branchChanged = Number(before.user_branch) !== Number(after.user_branch);
      // Sessions are remembered with their user's branch: a moved user's next request must meet the new scope.
      if (branchChanged) ctx.sessions.invalidate();
      if (branchChanged || Number(before.user_group) !== Number(after.user_group))
        ctx.events.emit('user-moved', {
          userId: id,
          from: { group: Number(before.user_group), branch: Number(before.user_branch) },
          to: { group: Number(after.user_group), branch: Number(after.user_branch) },
        });
    },
  };
}
