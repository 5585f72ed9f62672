import type { Db } from '../../db/database';
import { actionsOf, METHOD, permissionSlug, type Action, type Registry } from '../../../resources';

/**
 * The menu catalogue: every screen and every permission slug, as a tree in the `menu` table.
 * Descriptors declare their entries (one top-level menu per `menu.group`, a child per action);
 * feature modules declare the rest with `registerMenus`. Every start writes the missing entries
 * (additively, like the table sync) and never touches an existing row: an administrator's
 * renames, moves, icons and hidden entries survive restarts.
 */
export interface MenuDeclaration {
  /** The permission slug (`users/user-list`); unique. A screen's slug is its route without the `/`. */
  slug: string;
  /** English name written at first insert; the admin may rename it. */
  name: string;
  /** Slug of the parent entry (declared here, by a descriptor's `menu.group`, or already in the table); absent = top level. */
  parent?: string;
  /** MUI icon name (see src/icons.ts); defaults to the parent's, else the spec's border icon. */
  icon?: string;
  position?: number;
  /** Shown in the navigation. Defaults to true for a top-level entry, false for a child (a mere slug). */
  visible?: boolean;
  method?: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Offered in the shortcut menu. */
  shortcut?: boolean;
}

export const DEFAULT_MENU_ICON = 'bx bx-border-all';

/**
 * The slugs that administer access. No request can take them from the Super Admin group (or
 * deny them to one of its users, disable or delete their menus): somebody can always repair a
 * wrong permission.
 */
export const PROTECTED_SLUGS: readonly string[] = [
  'group/group-list',
  'permission/permission-create',
  'permission/permission-create-user',
  'menu/menu-list',
  'menu/get-menu',
  'menu/menu-create',
  'menu/menu-update',
  'menu/menu-delete',
];

const declared: MenuDeclaration[] = [];

/**
 * Adds a module's menu entries to the catalogue. Call it at the top level of the module's
 * `routes.ts` (module files are imported before the server starts, so the start-up sync sees
 * them). A slug declared twice keeps its first declaration.
 */
export function registerMenus(list: readonly MenuDeclaration[]): void {
  for (const m of list) if (!declared.some((d) => d.slug === m.slug)) declared.push(m);
}

export function declaredMenus(): readonly MenuDeclaration[] {
  return declared;
}

const title = (s: string) => s.replace(/[-_/]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
const ACTION_NAME: Record<Action, string> = { list: 'List', get: 'View', create: 'Create', update: 'Update', delete: 'Delete' };

/** The entries the descriptors imply: a top-level menu per group, a child per action (only the list is a screen). */
export function descriptorMenus(registry: Registry): MenuDeclaration[] {
  const out: MenuDeclaration[] = [];
  for (const d of registry.all) {
    if (!out.some((m) => m.slug === d.menu.group)) {
      out.push({ slug: d.menu.group, name: title(d.menu.group), icon: d.menu.icon, position: d.menu.position ?? 50, visible: true });
    }
    for (const [i, action] of actionsOf(d).entries()) {
      out.push({
        slug: permissionSlug(d, action),
        name: `${title(d.name)} ${ACTION_NAME[action]}`,
        parent: d.menu.group,
        icon: d.menu.icon,
        position: i + 1,
        visible: action === 'list',
        method: METHOD[action].toLowerCase() as MenuDeclaration['method'],
      });
    }
  }
  return out;
}

/**
 * Each catalogue slug with the English name it is first written with. A menu still bearing that
 * name is the console's own, which it shows in the user's language from its catalogues; a name an
 * administrator gave is shown as given.
 */
export function shippedNames(registry: Registry): ReadonlyMap<string, string> {
  const out = new Map<string, string>();
  for (const m of [...descriptorMenus(registry), ...declaredMenus()]) if (!out.has(m.slug)) out.set(m.slug, m.name);
  return out;
}

/** Parents before their children, whatever order the declarations came in. */
function parentsFirst(list: readonly MenuDeclaration[], known: ReadonlySet<string>): MenuDeclaration[] {
  const pending = [...list];
  const placed = new Set(known);
  const out: MenuDeclaration[] = [];
  while (pending.length) {
    const i = pending.findIndex((m) => !m.parent || placed.has(m.parent));
    if (i < 0) {
      const missing = pending.map((m) => `${m.slug} (parent "${m.parent ?? ''}")`).join(', ');
      throw new Error(`Menu declarations name parents that nobody declares: ${missing}`);
    }
    const [m] = pending.splice(i, 1) as [MenuDeclaration];
    placed.add(m.slug);
    out.push(m);
  }
  return out;
}

/**
 * Writes the missing catalogue entries and grants the Super Admin group what this start added,
 * plus the protected slugs always (so a catalogue made before a slug existed gets it too).
 */
export async function syncMenuCatalogue(db: Db, registry: Registry, superAdminGroup: number): Promise<void> {
  const rows = await db.selectFrom('menu').select(['menu_id', 'menu_slug', 'menu_icon']).execute();
  const existing = new Map(rows.map((m) => [m.menu_slug, { id: m.menu_id, icon: m.menu_icon }]));
  const all = [...descriptorMenus(registry), ...declaredMenus()].filter((m, i, list) => list.findIndex((x) => x.slug === m.slug) === i);
  const added: number[] = [];
  for (const m of parentsFirst(all, new Set(existing.keys()))) {
    if (existing.has(m.slug)) continue;
    const parent = m.parent ? existing.get(m.parent) : undefined;
    const icon = m.icon ?? parent?.icon ?? DEFAULT_MENU_ICON;
    const row = await db
      .insertInto('menu')
      .values({
        menu_name: m.name,
        menu_slug: m.slug,
        menu_position: m.position ?? 1,
        main_menu: parent?.id ?? 0,
        sub_menu: m.parent ? 'No' : 'Yes',
        menu_api_method: m.method ?? 'get',
        menu_icon: icon,
        menu_shortcut_status: m.shortcut ? 1 : 0,
        menu_visible_status: (m.visible ?? !m.parent) ? 1 : 0,
        menu_status: 1,
      })
      .returning('menu_id')
      .executeTakeFirstOrThrow();
    existing.set(m.slug, { id: row.menu_id, icon });
    added.push(row.menu_id);
  }
  const protectedIds = PROTECTED_SLUGS.map((s) => existing.get(s)?.id).filter((id): id is number => id !== undefined);
  const wanted = [...new Set([...added, ...protectedIds])];
  if (!wanted.length) return;
  const granted = new Set(
    (
      await db
        .selectFrom('permission')
        .select('menu_id')
        .where('permission_group', '=', superAdminGroup)
        .where('menu_id', 'in', wanted)
        .execute()
    ).map((p) => p.menu_id),
  );
  const missing = wanted.filter((id) => !granted.has(id));
  if (missing.length) {
    await db
      .insertInto('permission')
      .values(missing.map((menu_id) => ({ permission_group: superAdminGroup, menu_id })))
      .execute();
  }
}
