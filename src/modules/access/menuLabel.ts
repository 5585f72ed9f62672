import { useCallback } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';

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

/**
 * A menu's label in the user's language: the name an administrator gave in that language; else,
 * for a menu the console shipped and nobody renamed, its catalogue label (`menus.<slug>`); else
 * the name as given (`menu_name`, which the table keeps as the spec has it).
 */
export function menuLabel(menu: NamedMenu, locale: string, translate: (key: string, options?: object) => string): string {
  const own = hasOwnName(locale) ? menu[`menu_name_${locale}`]?.trim() : undefined;
  if (own) return own;
  if (menu.menu_name_shipped === 1) return translate(`menus.${menu.menu_slug}`, { _: menu.menu_name });
  return menu.menu_name;
}

/** `menuLabel` in the current language, for the navigation. */
export function useMenuLabel(): (menu: NamedMenu) => string {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return useCallback((menu: NamedMenu) => menuLabel(menu, locale, translate), [locale, translate]);
}
