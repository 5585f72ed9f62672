import type { Db } from '../db/database';
import type { Registry } from '../../resources';
import { declaredMenus, descriptorMenus, DEFAULT_MENU_ICON, PROTECTED_SLUGS, type MenuDeclaration } from '../modules/access/catalogue';

/**
 * The menu catalogue's rows at start (server/modules/access/catalogue.ts says what it holds): like
 * the table sync and the first administrator, written by the start itself before any actor or
 * policy exists, so outside the one write path on purpose. It only adds what is missing and
 * never touches an existing row; every later change of a menu or a grant is a write of the
 * service (resources/menu.ts, the group's `permission_menus` link).
 */
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
