import { sql } from 'kysely';
import type { AppContext, AuthUser } from '../../context';
import { dynamic, type Row } from '../../db/database';
import type { WriteBody } from '../../crud/body';
import type { ListQuery } from '../../crud/list-query';
import { hashPassword } from '../../auth/passwords';
import { ApiError, notFound } from '../../http/envelope';
import { setting } from '../../startup/settings';
import { users as usersDescriptor } from '../../../resources';
import { loadPasswordPolicy } from '../../auth/password-policy';
import { noEscalation } from '../../auth/no-escalation';
import { withDatabaseLock } from '../../db/database-lock';
import { bodyProblems, checkBranchWrite, checkSelf, inScope, seesAllBranches, sessionEndingChanges } from './rules';

/**
 * Users on top of the generic CRUD service: the users descriptor drives validation, reads and the
 * nested objects; this adds passwords, branch scope, the self and last-Super-Admin guards, and
 * ends sessions when an account is deactivated, deleted, moved to another group or given a new
 * password.
 */
export type UsersService = ReturnType<typeof createUsersService>;

export function createUsersService(ctx: AppContext) {
  const d = ctx.registry.get(usersDescriptor.name);
  const db = ctx.conn.db;
  const escalation = noEscalation(ctx);

  const stored = (id: number) => db.selectFrom('users').selectAll().where('user_id', '=', id).executeTakeFirst();
  type StoredUser = NonNullable<Awaited<ReturnType<typeof stored>>>;

  /** The user, or 404 when missing or outside the viewer's branch. */
  async function visible(viewer: AuthUser, id: number): Promise<StoredUser> {
    const user = await stored(id);
    if (!user || !inScope(viewer, user)) throw notFound(`user ${id}`);
    return user;
  }

  /** What a group grants (a new user's permissions before any of their own). */
  const groupSlugs = (group: unknown) => ctx.permissions.slugsFor({ user_id: 0, user_group: Number(group) });

  /** 409 when the change would leave no active Super Admin. */
  async function checkLastSuperAdmin(user: StoredUser, leaves: boolean, what: string) {
    if (!leaves) return;
    const superAdmin = Number(await setting(db, 'super_admin_group'));
    if (user.user_group !== superAdmin || user.user_status !== 1) return;
    const others = await db
      .selectFrom('users')
      .select(sql<number | string>`count(*)`.as('n'))
      .where('user_group', '=', superAdmin)
      .where('user_status', '=', 1)
      .where('user_id', '<>', user.user_id)
      .executeTakeFirstOrThrow();
    if (Number(others.n) === 0) throw new ApiError(409, `The last active Super Admin cannot be ${what}`);
  }

  /**
   * Runs the write of a change that could leave no active Super Admin (a deactivation, a move to
   * another group, a deletion) under a lock every such change takes, on every instance, and checks
   * the user and the count again inside it: two Super Admins removing each other at once cannot both
   * pass on the same count (the second gets 409, nothing changes).
   */
  function sparingLastSuperAdmin<T>(
    id: number,
    leaves: { deactivating?: boolean; leavesGroup?: boolean; deleting?: boolean },
    write: () => Promise<T>,
  ) {
    if (!leaves.deactivating && !leaves.leavesGroup && !leaves.deleting) return write();
    return withDatabaseLock(ctx.conn, 'superAdmins', async () => {
      const user = await stored(id);
      if (!user) throw notFound(`user ${id}`);
      await checkLastSuperAdmin(user, leaves.deactivating === true, 'deactivated');
      await checkLastSuperAdmin(user, leaves.leavesGroup === true, 'moved out of Super Admin');
      await checkLastSuperAdmin(user, leaves.deleting === true, 'deleted');
      return write();
    });
  }

  function unprocessable(errors: Record<string, string>) {
    if (Object.keys(errors).length) throw new ApiError(422, Object.values(errors).join('; '), errors);
  }

  /** Only descriptor fields go to the generic service; passwords are handled here. */
  function withoutPasswords(body: WriteBody): WriteBody {
    const { password: _p, c_password: _c, ...fields } = body.fields;
    return { fields, files: body.files };
  }

  async function passwordColumns(fields: Record<string, unknown>): Promise<Row> {
    return typeof fields.password === 'string' && fields.password ? { password_hash: await hashPassword(fields.password) } : {};
  }

  async function endSessions(
    userId: number,
    reason: { deactivated?: boolean; groupChanged?: boolean; passwordSet?: boolean },
    keepToken?: string,
  ) {
    if (reason.deactivated || reason.groupChanged || reason.passwordSet)
      await ctx.sessions.revokeUser(userId, reason.deactivated || reason.groupChanged ? undefined : keepToken);
    if (reason.groupChanged) {
      ctx.permissions.invalidate();
      ctx.events.emit('permissions-changed', { userIds: [userId] });
    }
  }

  return {
    descriptor: d,

    /**
     * The active groups the viewer may put a user in: those granting nothing the viewer does not
     * hold (server/auth/no-escalation.ts), so the form offers no group the save would refuse.
     */
    async assignableGroups(viewer: AuthUser): Promise<number[]> {
      const g = ctx.registry.get('group');
      let query = dynamic(db).selectFrom(g.table).select(sql.ref(g.idField).as('id'));
      if (g.statusField) query = query.where(sql.ref(g.statusField), '=', 1);
      const ids = (await query.execute()).map((r) => Number(r.id));
      const allowed = await Promise.all(ids.map(async (id) => escalation.holdsAll(viewer, await groupSlugs(id))));
      return ids.filter((_, i) => allowed[i]);
    },

    /**
     * Of these users, those the viewer may manage (edit, delete, set permissions): in their branch
     * scope and holding nothing the viewer does not. The list hides the other rows' buttons, which
     * the server would refuse.
     */
    async manageable(viewer: AuthUser, ids: readonly number[]): Promise<number[]> {
      if (!ids.length) return [];
      let query = db
        .selectFrom('users')
        .select(['user_id', 'user_group'])
        .where('user_id', 'in', [...ids]);
      if (!seesAllBranches(viewer)) query = query.where('user_branch', '=', viewer.user_branch);
      const rows = await query.orderBy('user_id').execute();
      const allowed = await Promise.all(rows.map((u) => escalation.notAbove(viewer, u)));
      return rows.filter((_, i) => allowed[i]).map((u) => u.user_id);
    },

    /** The list, fixed to the viewer's branch unless they see every branch. */
    async list(viewer: AuthUser, q: ListQuery, branch: string | undefined) {
      const filters = { ...q.filters };
      delete filters.user_branch;
      if (branch !== undefined && branch !== '' && branch !== 'all') {
        const id = Number(branch);
        if (!Number.isSafeInteger(id) || id < 0) throw new ApiError(400, 'branch must be all or a branch id');
        if (!seesAllBranches(viewer) && id !== viewer.user_branch) throw new ApiError(403, 'You may only see users of your own branch');
        filters.user_branch = id;
      } else if (!seesAllBranches(viewer)) {
        if (branch === 'all') throw new ApiError(403, 'Only users of every branch (branch 0) may list all branches');
        filters.user_branch = viewer.user_branch;
      }
      return ctx.crud.list(d, { ...q, filters });
    },

    async get(viewer: AuthUser, id: number) {
      await visible(viewer, id);
      return ctx.crud.get(d, id);
    },

    async create(viewer: AuthUser, body: WriteBody) {
      await loadPasswordPolicy();
      unprocessable(bodyProblems(body.fields));
      checkBranchWrite(viewer, body.fields);
      await escalation.assertHolds(viewer, await groupSlugs(body.fields.user_group), 'This group');
      const record = await ctx.crud.create(d, withoutPasswords(body), await passwordColumns(body.fields));
      ctx.events.emit('record-changed', { resource: d.name, ids: [Number(record.user_id)], action: 'create' });
      return record;
    },

    async update(viewer: AuthUser, id: number, body: WriteBody) {
      const before = await visible(viewer, id);
      await loadPasswordPolicy();
      unprocessable(bodyProblems(body.fields, before));
      checkBranchWrite(viewer, body.fields);
      const status = body.fields.user_status;
      const deactivating = (status === 0 || status === '0') && before.user_status === 1;
      if (deactivating) checkSelf(viewer, id, 'deactivate');
      const group = body.fields.user_group;
      const leavesGroup = group !== undefined && Number(group) !== before.user_group;
      await escalation.assertNotAbove(viewer, before);
      if (leavesGroup) await escalation.assertNotAbove(viewer, { user_id: id, user_group: Number(group) });
      const passwords = await passwordColumns(body.fields);
      const record = await sparingLastSuperAdmin(id, { deactivating, leavesGroup }, () =>
        ctx.crud.update(d, id, withoutPasswords(body), passwords),
      );
      const after = (await stored(id)) ?? before;
      await endSessions(
        id,
        sessionEndingChanges(before, after, 'password_hash' in passwords),
        viewer.user_id === id ? viewer.token : undefined,
      );
      if (before.user_branch !== after.user_branch || before.user_group !== after.user_group)
        ctx.events.emit('user-moved', {
          userId: id,
          from: { group: before.user_group, branch: before.user_branch },
          to: { group: after.user_group, branch: after.user_branch },
        });
      ctx.events.emit('record-changed', { resource: d.name, ids: [id], action: 'update' });
      return record;
    },

    async remove(viewer: AuthUser, id: number) {
      const before = await visible(viewer, id);
      checkSelf(viewer, id, 'delete');
      await escalation.assertNotAbove(viewer, before);
      const answer = await sparingLastSuperAdmin(id, { deleting: true }, async () => {
        await ctx.sessions.revokeUser(id);
        return ctx.crud.remove(d, id);
      });
      ctx.events.emit('record-changed', { resource: d.name, ids: [id], action: 'delete' });
      return answer;
    },
  };
}
