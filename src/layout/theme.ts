import { useEffect } from 'react';
import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import { defaultDarkTheme, defaultLightTheme } from 'react-admin';
import type { Preferences } from '../preferences';
import { withScriptFont } from './scriptFonts';

type Mode = 'light' | 'dark';

/** The content's palette: semi-dark keeps light content beside a dark navigation. */
export const contentMode = (theme: Preferences['theme']): Mode => (theme === 'dark' ? 'dark' : 'light');
/** The navigation's palette: dark for dark and semi-dark. */
export const navMode = (theme: Preferences['theme']): Mode => (theme === 'light' ? 'light' : 'dark');

/** Backgrounds of the navigation (side bar, top bar) for each palette and menu colour. */
const NAV_BACKGROUND: Record<Mode, Record<Preferences['menu-color'], string>> = {
  light: { lighter: '#ffffff', darker: '#e8eaef' },
  dark: { lighter: '#272a30', darker: '#14161a' },
};
export const navBackground = (mode: Mode, menuColor: Preferences['menu-color']) => NAV_BACKGROUND[mode][menuColor];

/** Page backgrounds, also written by public/theme-boot.js before the first paint: keep them equal. */
export const PAGE_BACKGROUND: Record<Mode, string> = { light: '#fafafb', dark: '#121212' };

/** react-admin's own light or dark theme options, with our page background. */
export function themeOptions(mode: Mode, extra: ThemeOptions = {}): ThemeOptions {
  const base = mode === 'dark' ? defaultDarkTheme : defaultLightTheme;
  return {
    ...base,
    ...extra,
    palette: { ...base.palette, mode, background: { ...base.palette?.background, default: PAGE_BACKGROUND[mode] } },
  };
}

const navThemes = new Map<string, Theme>();
/** The MUI theme the navigation is drawn with (built once per palette, direction and language's script). */
export function navTheme(mode: Mode, direction: Theme['direction'], language = 'en'): Theme {
  const key = `${mode}-${direction}-${language}`;
  let theme = navThemes.get(key);
  if (!theme) {
    theme = createTheme(withScriptFont(themeOptions(mode, { direction }), language));
    navThemes.set(key, theme);
  }
  return theme;
}

/**
 * Keeps `<html data-theme>` (set before the first paint by public/theme-boot.js) in step with the
 * theme chosen later, so the page behind the console never shows the other palette.
 */
export function useDocumentTheme(theme: Preferences['theme']): void {
  useEffect(() => {
    document.documentElement.setAttribute('data-theme', contentMode(theme));
  }, [theme]);
}
