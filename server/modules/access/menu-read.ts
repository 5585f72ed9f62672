import type { Selectable } from 'kysely';
import type { Db, MenuTable } from '../../db/database';
import { notFound } from '../../http/envelope';
import type { GroupReader, GroupRef } from './groups';

export type MenuRow = Selectable<MenuTable>;

/** A menu as the contract answers it: the row, its groups, and its children in `menus`. */
export interface MenuView extends MenuRow {
  /** What `If-Match` names to change or delete this menu only as it was read. */
  version: string;
  permission_group: number[];
  permissions: { permission_group: number; group: Omit<GroupRef, 'group_status'> }[];
  menus: MenuView[];
}

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The languages besides English in which an administrator may name a menu: `menu_name_bn`, ... */
export const MENU_NAME_LANGUAGES = ['bn', 'es', 'my'] as const;

/** `all` or absent = no filter; otherwise the value. */
export type Filter<T> = T | undefined;
export interface MenuFilters {
  api_method: Filter<string>;
  menu_slug: Filter<string>;
  main_menu: Filter<number>;
  sub_menu: Filter<string>;
  group: Filter<number>;
  visible_status: Filter<number>;
  status: Filter<number>;
  search: Filter<string>;
}

/** A menu's names in every language it has one. */
const namesOf = (r: MenuRow) => [r.menu_name, ...MENU_NAME_LANGUAGES.map((l) => r[`menu_name_${l}`])];

/** Orders siblings as the navigation shows them. */
export const byPosition = (a: MenuRow, b: MenuRow) => a.menu_position - b.menu_position || a.menu_id - b.menu_id;

/** The parent -> children index of a set of menus. */
export function childrenIndex<T extends MenuRow>(rows: readonly T[]): Map<number, T[]> {
  const index = new Map<number, T[]>();
  for (const r of [...rows].sort(byPosition)) index.set(r.main_menu, [...(index.get(r.main_menu) ?? []), r]);
  return index;
}

/**
 * The menus as the contract answers them (spec 000 section 7): lists (flat, or a tree under a
 * parent), one menu with its groups and children. Reads only: menus are written by the one
 * service (resources/menu.ts), their groups as the menu's `permission_group` link.
 */
export function menuReader(db: Db, groups: GroupReader) {
  const allMenus = () => db.selectFrom('menu').selectAll().execute();

  async function permissionsOf(menuIds: readonly number[]): Promise<Map<number, number[]>> {
    const rows = menuIds.length
      ? await db.selectFrom('permission').select(['menu_id', 'permission_group']).where('menu_id', 'in', menuIds).execute()
      : [];
    const out = new Map<number, number[]>();
    for (const r of rows) out.set(r.menu_id, [...(out.get(r.menu_id) ?? []), r.permission_group]);
    for (const list of out.values()) list.sort((a, b) => a - b);
    return out;
  }

  /** Builds the contract's view of rows (groups embedded); children are added by the caller. */
  async function viewer(rows: readonly MenuRow[]): Promise<(r: MenuRow) => MenuView> {
    const perms = await permissionsOf(rows.map((r) => r.menu_id));
    const known = await groups.byIds([...perms.values()].flat());
    return (r) => {
      const permissions: MenuView['permissions'] = [];
      // Grants of a deleted group are not shown: only existing groups are listed.
      for (const g of perms.get(r.menu_id) ?? []) {
        const group = known.get(g);
        if (group)
          permissions.push({ permission_group: g, group: { group_id: g, group_code: group.group_code, group_name: group.group_name } });
      }
      return { ...r, version: r.updated_at, permission_group: permissions.map((p) => p.permission_group), permissions, menus: [] };
    };
  }

  async function list(f: MenuFilters): Promise<MenuView[]> {
    const rows = await allMenus();
    const group = f.group;
    const permitted = group === undefined ? undefined : await permissionsOf(rows.map((r) => r.menu_id));
    const inGroup = (id: number) => group === undefined || (permitted?.get(id) ?? []).includes(group);
    const needle = f.search?.toLowerCase();
    const matches = (r: MenuRow) =>
      (f.api_method === undefined || r.menu_api_method === f.api_method) &&
      (f.menu_slug === undefined || r.menu_slug === f.menu_slug) &&
      (f.sub_menu === undefined || r.sub_menu === f.sub_menu) &&
      (f.visible_status === undefined || r.menu_visible_status === f.visible_status) &&
      (f.status === undefined || r.menu_status === f.status) &&
      (needle === undefined || namesOf(r).some((n) => n.toLowerCase().includes(needle)) || r.menu_slug.toLowerCase().includes(needle)) &&
      inGroup(r.menu_id);
    const view = await viewer(rows);
    const hit = new Set(rows.filter(matches).map((r) => r.menu_id));
    if (f.main_menu === undefined) {
      // A flat list: every matching menu, each with its matching children.
      const kids = childrenIndex(rows.filter((r) => hit.has(r.menu_id)));
      return rows
        .filter((r) => hit.has(r.menu_id))
        .sort(byPosition)
        .map((r) => ({ ...view(r), menus: (kids.get(r.menu_id) ?? []).map(view) }));
    }
    // A tree under main_menu: a menu is kept when it or one of its descendants matches.
    const index = childrenIndex(rows);
    const build = (parent: number, seen: Set<number>): MenuView[] =>
      (index.get(parent) ?? []).flatMap((r) => {
        if (seen.has(r.menu_id)) return [];
        const menus = build(r.menu_id, new Set([...seen, r.menu_id]));
        return hit.has(r.menu_id) || menus.length ? [{ ...view(r), menus }] : [];
      });
    return build(f.main_menu, new Set());
  }

  async function get(id: number): Promise<MenuView> {
    const rows = await allMenus();
    const row = rows.find((r) => r.menu_id === id);
    if (!row) throw notFound(`menu ${id}`);
    const view = await viewer(rows);
    return { ...view(row), menus: (childrenIndex(rows).get(id) ?? []).map(view) };
  }

  return {
    list,
    get,
    /** Which groups a menu grants now (to tell who a change reaches). */
    groupsOf: async (id: number) => (await permissionsOf([id])).get(id) ?? [],
    /** Every menu row, for the policy's parent checks. */
    rows: allMenus,
  };
}
export type MenuReader = ReturnType<typeof menuReader>;
