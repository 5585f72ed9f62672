import { http } from 'msw';
import { permissionSlug, registry as productRegistry, type Registry } from '../../resources';
import { DEFAULT_MENU_ICON, descriptorMenus, type MenuDeclaration } from '../../server/modules/access/catalogue';
import { ok } from './contract';

/**
 * `GET /menu/menu-list-user` as the server builds it from the menu catalogue: one group per
 * descriptor menu group, holding the screens whose list slug the user has, in menu order.
 */
export function menuFor(permissions: readonly string[], registry: Registry = productRegistry) {
  const groups = new Map<
    string,
    { menu_id: number; menu_name: string; menu_slug: string; menu_icon: string; menu_position: number; menus: unknown[] }
  >();
  let id = 1000;
  for (const d of registry.all) {
    const slug = permissionSlug(d, 'list');
    if (!permissions.includes(slug)) continue;
    const group = groups.get(d.menu.group) ?? {
      menu_id: (id += 1),
      menu_name: d.menu.group,
      menu_slug: d.menu.group,
      menu_icon: d.menu.icon,
      menu_position: d.menu.position ?? 50,
      menus: [],
    };
    groups.set(d.menu.group, group);
    group.menus.push({
      menu_id: (id += 1),
      menu_name: d.name,
      menu_slug: slug,
      menu_icon: d.menu.icon,
      menu_position: group.menus.length + 1,
    });
  }
  return [...groups.values()];
}

export const menuHandler = (permissions: readonly string[], registry?: Registry) =>
  http.get('*/api/menu/menu-list-user', () => ok(menuFor(permissions, registry)));

/** An entry of the navigation as the server answers it for a menu still under its shipped name. */
export interface CatalogueEntry {
  menu_id: number;
  menu_name: string;
  menu_slug: string;
  menu_icon: string;
  menu_position: number;
  menu_name_shipped: 1;
  menus: CatalogueEntry[];
}

/**
 * `GET /menu/menu-list-user` as a fresh server answers it for the descriptors' menus: the entries
 * the server's menu catalogue writes (`descriptorMenus`, with their English names and declared
 * icons), each still under its shipped name (`menu_name_shipped: 1`, so the console words it from
 * its catalogue, `menus.<slug>`), the visible screens the user may list under their group.
 * tests/api/fixture-entity.test.ts checks it against the real server's answer.
 */
export function catalogueMenuFor(permissions: readonly string[], registry: Registry = productRegistry): CatalogueEntry[] {
  const declared = descriptorMenus(registry);
  let id = 2000;
  const entry = (m: MenuDeclaration, menus: CatalogueEntry[] = []): CatalogueEntry => ({
    menu_id: (id += 1),
    menu_name: m.name,
    menu_slug: m.slug,
    menu_icon: m.icon ?? DEFAULT_MENU_ICON,
    menu_position: m.position ?? 1,
    menu_name_shipped: 1,
    menus,
  });
  return declared
    .filter((top) => !top.parent)
    .flatMap((top) => {
      const menus = declared.filter((c) => c.parent === top.slug && c.visible && permissions.includes(c.slug)).map((c) => entry(c));
      return menus.length ? [entry(top, menus)] : [];
    })
    .sort((a, b) => a.menu_position - b.menu_position);
}

export const catalogueMenuHandler = (permissions: readonly string[], registry?: Registry) =>
  http.get('*/api/menu/menu-list-user', () => ok(catalogueMenuFor(permissions, registry)));
