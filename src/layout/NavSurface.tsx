import type { ReactNode } from 'react';
import { ThemeProvider, useTheme } from '@mui/material/styles';
import { usePreference } from '../preferences';
import { navBackground, navMode, navTheme } from './theme';

/**
 * Draws the navigation in its own palette: dark for the dark and semi-dark themes (semi-dark is a
 * dark navigation beside light content), with the lighter or darker menu colour.
 */
export function NavTheme({ children }: { children: ReactNode }) {
  const [theme] = usePreference('theme');
  const [language] = usePreference('language');
  const { direction } = useTheme();
  return <ThemeProvider theme={navTheme(navMode(theme), direction, language)}>{children}</ThemeProvider>;
}

/** The navigation's background colour under the current preferences. */
export function useNavBackground(): string {
  const [theme] = usePreference('theme');
  const [menuColor] = usePreference('menu-color');
  return navBackground(navMode(theme), menuColor);
}
