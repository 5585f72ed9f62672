import type { Db } from '../../db/database';
import { byPosition, childrenIndex, type MenuRow } from './menu-read';

/**
 * A navigation entry: the menu row as the spec names its fields, children in `menus`, and
 * `menu_name_shipped` 1 while its name is still the one the catalogue wrote (the console then
 * shows its own translation of the entry), 0 once an administrator has renamed it.
 */
export interface NavEntry extends MenuRow {
  menu_name_shipped: 0 | 1;
  menus: NavEntry[];
}

const activeMenus = (db: Db) => db.selectFrom('menu').selectAll().where('menu_status', '=', 1).execute();

/**
 * The signed-in user's navigation: visible, active menus they may access, in position order,
 * nested through `main_menu`. A menu with sub-menus is a heading: it stays only while one of its
 * visible sub-menus stays. A menu without sub-menus is a screen: it stays when it is permitted.
 * Slugs that are not screens (hidden entries such as `branch/branch-create`) never show.
 */
export async function navigationOf(
  db: Db,
  slugs: ReadonlySet<string>,
  shipped: ReadonlyMap<string, string> = new Map(),
): Promise<NavEntry[]> {
  const rows = await activeMenus(db);
  const index = childrenIndex(rows);
  const build = (parent: number, seen: ReadonlySet<number>): NavEntry[] =>
    (index.get(parent) ?? []).flatMap((m) => {
      if (m.menu_visible_status !== 1 || seen.has(m.menu_id)) return [];
      const hasChildren = (index.get(m.menu_id) ?? []).length > 0;
      const menus = build(m.menu_id, new Set([...seen, m.menu_id]));
      const menu_name_shipped = shipped.get(m.menu_slug) === m.menu_name ? 1 : 0;
      if (hasChildren ? menus.length > 0 : slugs.has(m.menu_slug)) return [{ ...m, menu_name_shipped, menus }];
      return [];
    });
  return build(0, new Set());
}

/** Active shortcut menus the user may access, in position order. */
export async function shortcutsOf(db: Db, slugs: ReadonlySet<string>): Promise<MenuRow[]> {
  return (await activeMenus(db)).filter((m) => m.menu_shortcut_status === 1 && slugs.has(m.menu_slug)).sort(byPosition);
}

/** The flat list of active menus the user may use (spec: `permission_menus`, the slugs `canAccess` reads). */
export async function permissionMenusOf(db: Db, slugs: ReadonlySet<string>): Promise<MenuRow[]> {
  return (await activeMenus(db)).filter((m) => slugs.has(m.menu_slug)).sort(byPosition);
}
