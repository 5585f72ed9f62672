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
