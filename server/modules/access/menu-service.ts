import type { Selectable } from 'kysely';
import type { TrailConnection } from '../audit/trail';
import type { Db, MenuTable } from '../../db/database';
import { ApiError, notFound } from '../../http/envelope';
import { DEFAULT_MENU_ICON, PROTECTED_SLUGS } from './catalogue';
import type { GroupReader, GroupRef } from './groups';
import { isUniqueViolation } from '../../db/errors';
import { serialisedWrite } from '../../db/database-lock';
import type { AuthUser } from '../../context';
import { accessEntries } from '../audit/access-entries';
import { assertVersion, StaleVersion, staleRefusal, type LastChange } from '../../crud/versions';
import { menuGroupsIn, menuVersion } from './menu-version';

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

export interface MenuInput {
  menu_name?: string;
  /** The name in Bengali, Spanish and Burmese; '' = none (the console then shows `menu_name`). */
  menu_name_bn?: string;
  menu_name_es?: string;
  menu_name_my?: string;
  menu_slug?: string;
  menu_position?: number;
  main_menu?: number;
  sub_menu?: string;
  menu_api_method?: string;
  menu_icon?: string;
  menu_shortcut_status?: number;
  menu_visible_status?: number;
  menu_status?: number;
  permission_group?: number[];
}

const MENU_COLUMNS = [
  'menu_name',
  'menu_name_bn',
  'menu_name_es',
  'menu_name_my',
  'menu_slug',
  'menu_position',
  'main_menu',
  'sub_menu',
  'menu_api_method',
  'menu_icon',
  'menu_shortcut_status',
  'menu_visible_status',
  'menu_status',
] as const satisfies readonly (keyof MenuInput)[];

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

export function menuService(
  db: Db,
  groups: GroupReader,
  superAdminGroup: () => Promise<number>,
  conn: TrailConnection,
  lastChange?: (resource: string, id: number) => Promise<LastChange | undefined>,
) {
  const allMenus = (on: Db = db) => on.selectFrom('menu').selectAll().execute();
  const audit = accessEntries(conn);
  const { dialect } = conn;

  /**
   * Every menu write runs here: one transaction, one at a time. The checks (parent cycles, used
   * slugs) read the tree inside it, so two writes can never both pass against the same snapshot.
   */
  const writeMenus = <T>(work: (trx: Db) => Promise<T>) => serialisedWrite(db, dialect, 'menus', 0, work);

  const slugUsed = (slug: string | undefined) =>
    new ApiError(409, `The menu slug "${slug ?? ''}" is already used by another menu`, { menu_slug: 'already exists' });
  /** A slug taken by a write the checks could not see (another process, the catalogue sync): the same 409. */
  const asSlugUsed = (input: MenuInput) => (err: unknown) => {
    if (isUniqueViolation(err, 'menu_slug')) throw slugUsed(input.menu_slug);
    throw err;
  };

  /** The groups a body names, read before the write's transaction (see `check`). */
  const knownGroups = async (input: MenuInput) =>
    input.permission_group?.length ? groups.byIds(input.permission_group) : new Map<number, GroupRef>();

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
      const version = menuVersion(r, perms.get(r.menu_id) ?? []);
      return { ...r, version, permission_group: permissions.map((p) => p.permission_group), permissions, menus: [] };
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

  /** 422 for unknown groups or parents, a parent that would make a cycle; 409 for a used slug. */
  function check(input: MenuInput, rows: readonly MenuRow[], known: ReadonlyMap<number, GroupRef>, id?: number) {
    const errors: Record<string, string> = {};
    const parent = input.main_menu;
    if (parent !== undefined && parent !== 0) {
      const byId = new Map(rows.map((r) => [r.menu_id, r]));
      if (!byId.has(parent)) errors.main_menu = `main_menu refers to an unknown menu (id ${parent})`;
      else if (id !== undefined) {
        // Walking up from the new parent must never reach the menu itself.
        for (let at: number | undefined = parent, steps = 0; at && steps <= rows.length; steps++) {
          if (at === id) {
            errors.main_menu = 'A menu cannot be placed under itself or one of its own sub-menus';
            break;
          }
          at = byId.get(at)?.main_menu;
        }
      }
    }
    if (input.permission_group?.length) {
      const unknown = input.permission_group.filter((g) => !known.has(g));
      if (unknown.length) errors.permission_group = `Unknown group id(s): ${unknown.join(', ')}`;
    }
    if (Object.keys(errors).length) throw new ApiError(422, Object.values(errors).join('; '), errors);
    if (input.menu_slug !== undefined && rows.some((r) => r.menu_slug === input.menu_slug && r.menu_id !== id)) {
      throw slugUsed(input.menu_slug);
    }
  }

  /** Refuses any change that would take a protected slug away from the Super Admin group. */
  function guardProtected(before: MenuRow, input: MenuInput, admin: number) {
    if (!PROTECTED_SLUGS.includes(before.menu_slug)) return;
    const lockOut = (what: string) =>
      new ApiError(409, `"${before.menu_slug}" administers menus and permissions: ${what}, or nobody could repair permissions`);
    if (input.menu_slug !== undefined && input.menu_slug !== before.menu_slug) throw lockOut('its slug cannot be changed');
    if (input.menu_status !== undefined && input.menu_status !== 1) throw lockOut('it cannot be deactivated');
    if (input.permission_group && !input.permission_group.includes(admin)) throw lockOut('the Super Admin group must keep it');
  }

  /** Replaces a menu's groups; `trx` is the menu write's transaction, so the menu row and its groups change together. */
  async function setGroups(trx: Db, menuId: number, groupIds: readonly number[]) {
    await trx.deleteFrom('permission').where('menu_id', '=', menuId).execute();
    if (groupIds.length) {
      await trx
        .insertInto('permission')
        .values([...new Set(groupIds)].map((g) => ({ permission_group: g, menu_id: menuId })))
        .onConflict((oc) => oc.columns(['permission_group', 'menu_id']).doNothing())
        .execute();
    }
  }

  /** A stale write's 412, with the menu as it is now. */
  const refuseStale = (id: number) => async (err: unknown) => {
    if (!(err instanceof StaleVersion)) throw err;
    const now = await get(id);
    throw staleRefusal(now, now.version, await lastChange?.('menu', id));
  };

  return {
    list,
    get,

    async create(input: MenuInput, actor?: AuthUser): Promise<MenuView> {
      const known = await knownGroups(input);
      const menuId = await writeMenus(async (trx) => {
        check(input, await allMenus(trx), known);
        const row = await trx
          .insertInto('menu')
          .values({
            menu_name: input.menu_name ?? '',
            menu_name_bn: input.menu_name_bn ?? '',
            menu_name_es: input.menu_name_es ?? '',
            menu_name_my: input.menu_name_my ?? '',
            menu_slug: input.menu_slug ?? '',
            menu_position: input.menu_position ?? 1,
            main_menu: input.main_menu ?? 0,
            sub_menu: input.sub_menu ?? 'No',
            menu_api_method: input.menu_api_method ?? 'get',
            menu_icon: input.menu_icon === undefined || input.menu_icon === '' ? DEFAULT_MENU_ICON : input.menu_icon,
            menu_shortcut_status: input.menu_shortcut_status ?? 0,
            menu_visible_status: input.menu_visible_status ?? 1,
            menu_status: input.menu_status ?? 1,
          })
          .returning('menu_id')
          .executeTakeFirstOrThrow();
        await setGroups(trx, row.menu_id, input.permission_group ?? []);
        await audit.menu(trx, 'create', row.menu_id, undefined, actor);
        return row.menu_id;
      }).catch(asSlugUsed(input));
      return get(menuId);
    },

    async update(id: number, input: MenuInput, actor?: AuthUser, expectedVersion?: string): Promise<MenuView> {
      const known = await knownGroups(input);
      const admin = await superAdminGroup();
      const { permission_group } = input;
      // Only the menu's own columns: a body may carry other keys, which must never reach the SQL.
      const values: Omit<MenuInput, 'permission_group'> = {};
      for (const key of MENU_COLUMNS) if (input[key] !== undefined) Object.assign(values, { [key]: input[key] });
      if (values.menu_icon === '') values.menu_icon = DEFAULT_MENU_ICON;
      await writeMenus(async (trx) => {
        const rows = await allMenus(trx);
        const before = rows.find((r) => r.menu_id === id);
        if (!before) throw notFound(`menu ${id}`);
        if (expectedVersion !== undefined) assertVersion(expectedVersion, menuVersion(before, await menuGroupsIn(trx, id)));
        check(input, rows, known, id);
        guardProtected(before, input, admin);
        const was = await audit.menuState(trx, id);
        if (Object.keys(values).length) await trx.updateTable('menu').set(values).where('menu_id', '=', id).execute();
        if (permission_group) await setGroups(trx, id, permission_group);
        await audit.menu(trx, 'update', id, was, actor);
      })
        .catch(asSlugUsed(input))
        .catch(refuseStale(id));
      return get(id);
    },

    remove: (id: number, actor?: AuthUser, expectedVersion?: string): Promise<{ menu_id: number }> =>
      writeMenus(async (trx) => {
        const rows = await allMenus(trx);
        const row = rows.find((r) => r.menu_id === id);
        if (!row) throw notFound(`menu ${id}`);
        if (expectedVersion !== undefined) assertVersion(expectedVersion, menuVersion(row, await menuGroupsIn(trx, id)));
        const children = rows.filter((r) => r.main_menu === id);
        if (children.length) {
          throw new ApiError(
            409,
            `"${row.menu_name}" has ${children.length} sub-menu(s) and cannot be deleted; move or delete its sub-menus first`,
          );
        }
        if (PROTECTED_SLUGS.includes(row.menu_slug)) {
          throw new ApiError(
            409,
            `"${row.menu_slug}" administers menus and permissions and cannot be deleted, or nobody could repair permissions`,
          );
        }
        const was = await audit.menuState(trx, id);
        // permission and user_permission rows go with it (ON DELETE CASCADE).
        await trx.deleteFrom('user_permission').where('menu_id', '=', id).execute();
        await trx.deleteFrom('permission').where('menu_id', '=', id).execute();
        await trx.deleteFrom('menu').where('menu_id', '=', id).execute();
        await audit.menu(trx, 'delete', id, was, actor);
        return { menu_id: id };
      }).catch(refuseStale(id)),

    /** Which groups a menu grants, before a change (to tell who is affected). */
    groupsOf: async (id: number) => (await permissionsOf([id])).get(id) ?? [],
  };
}
export type MenuService = ReturnType<typeof menuService>;
