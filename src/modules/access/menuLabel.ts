import { useCallback, useMemo } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { actionsOf, permissionSlug, type Action } from '../../../resources';
import { useRegistry } from '../../registry-context';

/** What the navigation knows of a menu to name it (`GET /menu/menu-list-user`). */
export interface NamedMenu {
  menu_name: string;
  menu_slug: string;
  /** An administrator's name in Bengali, Spanish or Burmese ('' or absent: none). */
  menu_name_bn?: string | null;
  menu_name_es?: string | null;
  menu_name_my?: string | null;
  /** 1 while the menu bears the name the catalogue wrote: the console then names it itself. */
  menu_name_shipped?: number;
}

const OWN_NAMES = ['bn', 'es', 'my'] as const;
type OwnNameLanguage = (typeof OWN_NAMES)[number];
const hasOwnName = (locale: string): locale is OwnNameLanguage => (OWN_NAMES as readonly string[]).includes(locale);

type Translate = (key: string, options?: object) => string;
/** A resource's permission slug with its resource and action (`medicine/medicine-create`). */
export type ActionSlugs = ReadonlyMap<string, { resource: string; action: Action }>;

/**
 * A menu's label in the user's language: the name an administrator gave in that language; else,
 * for a menu the console shipped and nobody renamed, its catalogue label (`menus.<slug>`), or for
 * a resource's permission that is no screen its resource and action ("Medicines: create"); else
 * the name as given (`menu_name`, which the table keeps as the spec has it).
 */
export function menuLabel(menu: NamedMenu, locale: string, translate: Translate, actions: ActionSlugs = new Map()): string {
  const own = hasOwnName(locale) ? menu[`menu_name_${locale}`]?.trim() : undefined;
  if (own) return own;
  if (menu.menu_name_shipped !== 1) return menu.menu_name;
  const of = actions.get(menu.menu_slug);
  const composed = of
    ? translate('access.tree.action_entry', {
        resource: translate(`resources.${of.resource}.name`, { smart_count: 2 }),
        action: translate(`access.tree.actions.${of.action}`),
      })
    : menu.menu_name;
  return translate(`menus.${menu.menu_slug}`, { _: composed });
}

/** `menuLabel` in the current language, for the navigation and the permission trees. */
export function useMenuLabel(): (menu: NamedMenu) => string {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const registry = useRegistry();
  const actions = useMemo<ActionSlugs>(
    () =>
      new Map(
        registry.all.flatMap((d) => actionsOf(d).map((action) => [permissionSlug(d, action), { resource: d.name, action }] as const)),
      ),
    [registry],
  );
  return useCallback((menu: NamedMenu) => menuLabel(menu, locale, translate, actions), [locale, translate, actions]);
}
