import { http } from 'msw';
import { permissionSlug, registry as productRegistry, type Registry } from '../../resources';
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
