import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { usePermissions } from 'react-admin';
import { session } from '../../authProvider/storage';
import { permissionSlug, type Registry } from '../../resources';
import { fetchJson } from '../../dataProvider/httpClient';
import { API_URL } from '../config';
import { useStoredPermissions } from '../storedAnswers';

/** One entry of `GET /menu/menu-list-user` (spec 000 section 7); top-level entries carry their children in `menus`. */
export interface MenuEntry {
  menu_id: number;
  menu_name: string;
  menu_slug: string;
  menu_icon?: string | null;
  menu_position?: number;
  main_menu?: number;
  sub_menu?: string;
  menu_api_method?: string;
  menus?: MenuEntry[];
}

/** What the navigation draws: groups of links (a top-level entry without children is a group of itself). */
export interface NavLink {
  id: number;
  name: string;
  icon?: string | null;
  to: string;
}
export interface NavGroup {
  id: number;
  name: string;
  icon?: string | null;
  links: NavLink[];
}

/**
 * The route of a menu slug: the screen whose list slug it is (`medicine/medicine-list` -> `/medicine`),
 * otherwise the slug as a path (`users/user-list`, which the spec's route aliases redirect).
 */
export function routeOf(slug: string, registry: Registry): string {
  const screen = registry.all.find((d) => permissionSlug(d, 'list') === slug);
  return screen ? `/${screen.name}` : `/${slug.replace(/^\/+/, '')}`;
}

const byPosition = (a: MenuEntry, b: MenuEntry) => (a.menu_position ?? 0) - (b.menu_position ?? 0);

/** `label` names an entry in the user's language (src/modules/access/menuLabel.ts); by default its menu_name. */
export function navGroups(
  entries: readonly MenuEntry[],
  registry: Registry,
  label: (m: MenuEntry) => string = (m) => m.menu_name,
): NavGroup[] {
  const link = (m: MenuEntry): NavLink => ({ id: m.menu_id, name: label(m), icon: m.menu_icon, to: routeOf(m.menu_slug, registry) });
  return [...entries].sort(byPosition).map((top) => {
    const children = [...(top.menus ?? [])].sort(byPosition);
    return { id: top.menu_id, name: label(top), icon: top.menu_icon, links: children.length ? children.map(link) : [link(top)] };
  });
}

/** The stored permission slugs, comma-joined: the menu query's key names them. */
const storedRights = () => session.permissions().join(',');

/** The menu query for a user with these permission slugs (comma-joined): its key names them. */
export function menuQuery(rights: string) {
  return {
    queryKey: ['menu', 'menu-list-user', rights],
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const { json } = await fetchJson(`${API_URL}/menu/menu-list-user`, { signal });
      return Array.isArray(json.data) ? (json.data as MenuEntry[]) : [];
    },
    staleTime: 5 * 60_000,
    retry: false,
  };
}

/**
 * A returning user's menu is fetched when the console starts, with the session check, rather than
 * once the layout has rendered after that check's answer, so the first list row comes sooner. The key
 * holds the slugs stored at the last check: if this check changes them, the layout asks again.
 */
export function prefetchMenu(queryClient: QueryClient): void {
  // A failure is not reported here: the layout's own query asks again and shows it.
  if (session.token()) queryClient.query(menuQuery(storedRights())).catch(() => undefined);
}

/**
 * The signed-in user's navigation, cached. Its key names the user's permission slugs (react-admin's
 * permissions, starting from the stored ones): a session check that changes them has the
 * permissions asked again (App), and the menu is then fetched again (the previous one stays on
 * screen meanwhile).
 */
export function useMenuData() {
  const { permissions } = usePermissions<string[]>(undefined, useStoredPermissions());
  const signedIn = session.token() !== null && permissions !== undefined;
  return useQuery({ ...menuQuery((permissions ?? []).join(',')), enabled: signedIn, placeholderData: keepPreviousData });
}
