import { sql } from 'kysely';
import type { AppContext, AuthUser } from '../../context';
import { dynamic } from '../../db/database';
import { users as usersDescriptor } from '../../../resources';
import { noEscalation } from '../../auth/no-escalation';
import { branchOf } from '../../auth/scope';

/**
 * Users on top of the generic CRUD service: the users descriptor drives validation, reads, the
 * nested objects and the branch scope; the users policy (./policy.ts), registered on the generic
 * service, adds passwords, the self and last-Super-Admin guards, no escalation and the sessions a
 * change ends, for every caller. What stays here is what only the users screens ask: the list's
 * branch parameter, and which groups and users the viewer may manage.
 */
export type UsersService = ReturnType<typeof createUsersService>;

export function createUsersService(ctx: AppContext) {
  const d = ctx.registry.get(usersDescriptor.name);
  const db = ctx.conn.db;
  const escalation = noEscalation(ctx);

  /** What a group grants (a new user's permissions before any of their own). */
  const groupSlugs = (group: unknown) => ctx.permissions.slugsFor({ user_id: 0, user_group: Number(group) });

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
      const branch = branchOf(viewer);
      if (branch !== undefined) query = query.where('user_branch', '=', branch);
      const rows = await query.orderBy('user_id').execute();
      const allowed = await Promise.all(rows.map((u) => escalation.notAbove(viewer, u)));
      return rows.filter((_, i) => allowed[i]).map((u) => u.user_id);
    },
  };
}
