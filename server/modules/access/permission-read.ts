import type { Db } from '../../db/database';
import { ApiError } from '../../http/envelope';
import type { GroupReader } from './groups';
import { byPosition, childrenIndex, type MenuRow } from './menu-read';

/** Where a user's entry comes from: their group, a grant to them, or a denial to them. */
export type PermissionSource = 'group' | 'granted' | 'denied';

/** A permission tree entry (spec 000 section 3), plus for one user where its state comes from. */
export interface PermissionEntry {
  menu_id: number;
  menu_name: string;
  menu_icon: string;
  menu_slug: string;
  /** Names an administrator gave in Bengali, Spanish and Burmese ('' or null: none), as the navigation has them. */
  menu_name_bn: string | null;
  menu_name_es: string | null;
  menu_name_my: string | null;
  /** 1 while the menu bears the name the catalogue wrote: the console then names it in the user's language. */
  menu_name_shipped: 0 | 1;
  permission_status: 0 | 1;
  /** Users only: what the group alone gives, and why the entry differs when it does. */
  group_permission_status?: 0 | 1;
  permission_source?: PermissionSource;
  menus: PermissionEntry[];
}

/** One change of `permission_data`: nested entries (`menus`) are changes too. */
export interface PermissionChange {
  menu_id: number;
  permission_status?: number;
  /** Users only: drop the user's own entry, back to what the group gives. */
  reset?: boolean;
  menus?: PermissionChange[];
}

/** Every change of a payload, nested ones (`menus`) included. */
export const flatten = (list: readonly PermissionChange[]): PermissionChange[] => list.flatMap((c) => [c, ...flatten(c.menus ?? [])]);

/**
 * The permission trees of spec 000 section 7 (a group's, a user's) and the checks of a save's
 * payload. Reads only: a save is an update of the group or the user through the one service
 * (their `permission_menus` and `user_permissions` links), see ./permission-routes.ts.
 * `shipped`: each catalogue slug with the name it was written with (catalogue.ts `shippedNames`).
 */
export function permissionReader(db: Db, groups: GroupReader, shipped: ReadonlyMap<string, string> = new Map()) {
  const menus = (status?: number) => {
    let q = db.selectFrom('menu').selectAll();
    if (status !== undefined) q = q.where('menu_status', '=', status);
    return q.execute();
  };
  const groupGrants = async (groupId: number) =>
    new Set((await db.selectFrom('permission').select('menu_id').where('permission_group', '=', groupId).execute()).map((r) => r.menu_id));
  const userOverrides = async (userId: number) =>
    new Map(
      (await db.selectFrom('user_permission').select(['menu_id', 'permission_status']).where('user_id', '=', userId).execute()).map(
        (r) => [r.menu_id, r.permission_status === 1 ? 1 : 0] as const,
      ),
    );

  /** The catalogue as a tree (or the subtree of one menu), each entry stated by `state`. */
  function tree(rows: readonly MenuRow[], root: number | undefined, state: (m: MenuRow) => Omit<PermissionEntry, 'menus'>) {
    const index = childrenIndex(rows);
    const build = (m: MenuRow, seen: ReadonlySet<number>): PermissionEntry => ({
      ...state(m),
      menus: (index.get(m.menu_id) ?? []).filter((c) => !seen.has(c.menu_id)).map((c) => build(c, new Set([...seen, c.menu_id]))),
    });
    const ids = new Set(rows.map((r) => r.menu_id));
    // Top level: menus whose parent is 0 or not in this set (an inactive parent's children still show).
    const tops = root === undefined ? rows.filter((r) => !ids.has(r.main_menu)).sort(byPosition) : rows.filter((r) => r.menu_id === root);
    return tops.map((m) => build(m, new Set([m.menu_id])));
  }

  const entryOf = (m: MenuRow, on: boolean): Omit<PermissionEntry, 'menus'> => ({
    menu_id: m.menu_id,
    menu_name: m.menu_name,
    menu_icon: m.menu_icon,
    menu_slug: m.menu_slug,
    menu_name_bn: m.menu_name_bn,
    menu_name_es: m.menu_name_es,
    menu_name_my: m.menu_name_my,
    menu_name_shipped: shipped.get(m.menu_slug) === m.menu_name ? 1 : 0,
    permission_status: on ? 1 : 0,
  });

  async function requireGroup(groupId: number, field: string) {
    const group = await groups.one(groupId);
    if (!group) throw new ApiError(422, `Unknown group (id ${groupId})`, { [field]: `unknown group id ${groupId}` });
    return group;
  }

  async function requireUser(userId: number, field: string) {
    const user = await db.selectFrom('users').select(['user_id', 'user_group']).where('user_id', '=', userId).executeTakeFirst();
    if (!user) throw new ApiError(422, `Unknown user (id ${userId})`, { [field]: `unknown user id ${userId}` });
    return user;
  }

  /** Every change names a known menu and a 0/1 status (or, for a user, a reset). */
  async function checkChanges(changes: readonly PermissionChange[], allowReset: boolean): Promise<Map<number, MenuRow>> {
    const all = await menus();
    const byId = new Map(all.map((m) => [m.menu_id, m]));
    const unknown = changes.filter((c) => !byId.has(c.menu_id)).map((c) => c.menu_id);
    const badStatus = changes.filter((c) => !(allowReset && c.reset) && c.permission_status !== 0 && c.permission_status !== 1);
    const errors: Record<string, string> = {};
    if (unknown.length) errors.permission_data = `Unknown menu id(s): ${[...new Set(unknown)].join(', ')}`;
    else if (badStatus.length) {
      errors.permission_data = `permission_status must be 0 or 1${allowReset ? ' (or reset: true)' : ''} for menu id(s): ${badStatus.map((c) => c.menu_id).join(', ')}`;
    }
    if (Object.keys(errors).length) throw new ApiError(422, Object.values(errors).join('; '), errors);
    return byId;
  }

  const service = {
    async groupTree(groupId: number | undefined, root: number | undefined, status: number | undefined): Promise<PermissionEntry[]> {
      if (groupId) await requireGroup(groupId, 'group');
      const granted = groupId ? await groupGrants(groupId) : new Set<number>();
      return tree(await menus(status), root, (m) => entryOf(m, granted.has(m.menu_id)));
    },

    async userTree(
      userId: number,
      groupId: number | undefined,
      root: number | undefined,
      status: number | undefined,
    ): Promise<PermissionEntry[]> {
      const user = await requireUser(userId, 'user');
      const group = groupId !== undefined && groupId > 0 ? groupId : user.user_group;
      if (groupId) await requireGroup(groupId, 'group');
      const [granted, own] = await Promise.all([groupGrants(group), userOverrides(user.user_id)]);
      return tree(await menus(status), root, (m) => {
        const fromGroup = granted.has(m.menu_id);
        const mine = own.get(m.menu_id);
        const on = mine === undefined ? fromGroup : mine === 1;
        return {
          ...entryOf(m, on),
          group_permission_status: fromGroup ? 1 : 0,
          permission_source: mine === undefined ? 'group' : mine === 1 ? 'granted' : 'denied',
        };
      });
    },

    requireGroup,
    requireUser,
    checkChanges,
    groupGrants,
  };
  return service;
}
export type PermissionReader = ReturnType<typeof permissionReader>;
