import type { Connection } from '../db/connect';
import type { AuthUser } from './auth-user';
import type { PermissionResolver } from './permissions';
import { ApiError } from '../http/envelope';
import { setting } from '../db/settings';

/**
 * Nobody gives away a permission they do not hold: a branch manager who may create users cannot
 * make a Super Admin, take over a more powerful account (its password, its group), or grant a
 * group or a user a screen they cannot open themselves. Super Admins hold every permission by
 * definition (a menu created later is theirs to grant even before their group has it).
 */
export type NoEscalation = ReturnType<typeof noEscalation>;

const NAMED = 3;

export function noEscalation(ctx: { conn: Pick<Connection, 'db'>; permissions: PermissionResolver }) {
  // Remembered once known: the first start creates the group and it is never replaced (startup/super-admin.ts).
  let superAdminGroup: number | undefined;
  const isSuperAdmin = async (viewer: AuthUser) => {
    superAdminGroup ??= Number(await setting(ctx.conn.db, 'super_admin_group')) || undefined;
    return viewer.user_group === superAdminGroup;
  };

  /** The slugs among `slugs` the viewer does not hold (none for a Super Admin). */
  async function beyond(viewer: AuthUser, slugs: Iterable<string>): Promise<string[]> {
    if (await isSuperAdmin(viewer)) return [];
    const own = await ctx.permissions.slugsFor(viewer);
    return [...new Set(slugs)].filter((slug) => !own.has(slug)).sort();
  }

  /**
   * What a group grants whether it is active or not: an inactive group grants nothing today, but
   * all of it again once reactivated, so whoever may change it must hold all of it.
   */
  async function grantsOf(groupId: number): Promise<string[]> {
    const rows = await ctx.conn.db
      .selectFrom('permission')
      .innerJoin('menu', 'menu.menu_id', 'permission.menu_id')
      .select('menu.menu_slug')
      .where('permission.permission_group', '=', groupId)
      .where('menu.menu_status', '=', 1)
      .execute();
    return rows.map((r) => r.menu_slug);
  }

  // A toast names a few (a Super Admin's group grants every slug); the field error has them all.
  const refuse = (message: string, slugs: string[]) => {
    const named = slugs
      .slice(0, NAMED)
      .map((s) => `"${s}"`)
      .join(', ');
    const more = slugs.length > NAMED ? ` and ${slugs.length - NAMED} more` : '';
    return new ApiError(403, `${message}: ${named}${more}`, { permissions: slugs.join(', ') });
  };

  return {
    /** Does the viewer hold every one of `slugs`? */
    async holdsAll(viewer: AuthUser, slugs: Iterable<string>): Promise<boolean> {
      return (await beyond(viewer, slugs)).length === 0;
    },
    /** 403 unless the viewer holds every one of `slugs`; `what` names what would have given them. */
    async assertHolds(viewer: AuthUser, slugs: Iterable<string>, what: string): Promise<void> {
      const missing = await beyond(viewer, slugs);
      if (missing.length) throw refuse(`${what} would give permissions you do not hold`, missing);
    },
    /** Can the user (as stored, or in a new group) do nothing the viewer cannot? */
    async notAbove(viewer: AuthUser, user: { user_id: number; user_group: number }): Promise<boolean> {
      return (await isSuperAdmin(viewer)) || (await beyond(viewer, await ctx.permissions.slugsFor(user))).length === 0;
    },
    /**
     * 403 unless the group grants nothing the viewer lacks: nobody renames, deactivates, deletes
     * or withdraws permissions from a group above them (a group they may manage, they hold all of).
     */
    async assertManagesGroup(viewer: AuthUser, groupId: number): Promise<void> {
      if (await isSuperAdmin(viewer)) return;
      const missing = await beyond(viewer, await grantsOf(groupId));
      if (missing.length) throw refuse('You may not change a group that holds permissions you do not', missing);
    },
    /** Is the viewer a member of the Super Admin group? */
    isSuperAdmin,
    /** 403 unless the user (as stored, or in a new group) can do nothing the viewer cannot. */
    async assertNotAbove(viewer: AuthUser, user: { user_id: number; user_group: number }): Promise<void> {
      const missing = await beyond(viewer, await ctx.permissions.slugsFor(user));
      if (missing.length) throw refuse('You may not manage a user who holds permissions you do not', missing);
    },
  };
}
