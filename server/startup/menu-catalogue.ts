import type { Db } from '../db/database';
import { NOTIFICATION_MENUS } from '../modules/notifications/menus';
import { actionsOf, METHOD, permissionSlug, type Action, type Registry } from '../../resources';

const title = (s: string) => s.replace(/[-_/]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
const ACTION_NAME: Record<Action, string> = { list: 'List', get: 'View', create: 'Create', update: 'Update', delete: 'Delete' };

/**
 * The menu catalogue holds every permission slug of every descriptor, under one top-level menu
 * per `menu.group`. Kept in step at each start (additive); the Super Admin group is granted
 * every menu, including ones added later.
 */
export async function syncMenuCatalogue(db: Db, registry: Registry, superAdminGroup: number): Promise<void> {
  const existing = new Map((await db.selectFrom('menu').select(['menu_id', 'menu_slug']).execute()).map((m) => [m.menu_slug, m.menu_id]));
  const ensure = async (slug: string, values: Omit<Parameters<typeof insertMenu>[1], 'menu_slug'>) => {
    const id = existing.get(slug) ?? (await insertMenu(db, { ...values, menu_slug: slug }));
    existing.set(slug, id);
    return id;
  };
  for (const d of registry.all) {
    const parent = await ensure(d.menu.group, {
      menu_name: title(d.menu.group),
      menu_position: d.menu.position ?? 50,
      main_menu: 0,
      sub_menu: 'Yes',
      menu_api_method: 'get',
      menu_icon: d.menu.icon,
      menu_visible_status: 1,
    });
    for (const [i, action] of actionsOf(d).entries()) {
      await ensure(permissionSlug(d, action), {
        menu_name: `${title(d.name)} ${ACTION_NAME[action]}`,
        menu_position: i + 1,
        main_menu: parent,
        sub_menu: 'No',
        menu_api_method: METHOD[action].toLowerCase(),
        menu_icon: d.menu.icon,
        menu_visible_status: action === 'list' ? 1 : 0,
      });
    }
  }
  await ensureNotificationMenus(ensure);
  const granted = new Set(
    (await db.selectFrom('permission').select('menu_id').where('permission_group', '=', superAdminGroup).execute()).map((p) => p.menu_id),
  );
  const missing = [...existing.values()].filter((id) => !granted.has(id));
  if (missing.length) {
    await db
      .insertInto('permission')
      .values(missing.map((menu_id) => ({ permission_group: superAdminGroup, menu_id })))
      .execute();
  }
}

async function insertMenu(
  db: Db,
  m: {
    menu_name: string;
    menu_slug: string;
    menu_position: number;
    main_menu: number;
    sub_menu: string;
    menu_api_method: string;
    menu_icon: string;
    menu_visible_status: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('menu')
    .values({ ...m, menu_shortcut_status: 0, menu_status: 1 })
    .returning('menu_id')
    .executeTakeFirstOrThrow();
  return row.menu_id;
}

/**
 * The notification admin is a module (server/modules/notifications), not a descriptor: its
 * declared entries are written here until modules can declare their own menu entries.
 */
async function ensureNotificationMenus(
  ensure: (slug: string, values: Omit<Parameters<typeof insertMenu>[1], 'menu_slug'>) => Promise<number>,
) {
  const ids = new Map<string, number>();
  for (const m of NOTIFICATION_MENUS) {
    const parent = 'parent' in m ? (ids.get(m.parent) ?? 0) : 0;
    const id = await ensure(m.slug, {
      menu_name: m.name,
      menu_position: m.position,
      main_menu: parent,
      sub_menu: parent ? 'No' : 'Yes',
      menu_api_method: 'method' in m ? m.method : 'get',
      menu_icon: NOTIFICATION_MENUS[0].icon,
      menu_visible_status: m.visible ? 1 : 0,
    });
    ids.set(m.slug, id);
  }
}
