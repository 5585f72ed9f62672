import { forwardRef } from 'react';
import IconButton from '@mui/material/IconButton';
import type { MenuItemProps } from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import DarkMode from '@mui/icons-material/DarkMode';
import LightMode from '@mui/icons-material/LightMode';
import { useTranslate } from 'react-admin';
import { UserMenuAction } from '../../layout/AppUserMenu';
import { usePreference } from '../../preferences';

/** The theme the toggle offers next (semi-dark counts as light content), with its label. */
function useThemeSwitch() {
  const translate = useTranslate();
  const [theme, setTheme] = usePreference('theme');
  const dark = theme === 'dark';
  return {
    dark,
    label: translate(dark ? 'shell.theme.to_light' : 'shell.theme.to_dark'),
    toggle: () => setTheme(dark ? 'light' : 'dark'),
  };
}

/** The app bar's theme toggle: light to dark and back. On a phone it is in the profile menu (ThemeMenuItem). */
export function ThemeToggle() {
  const { dark, label, toggle } = useThemeSwitch();
  const isXSmall = useMediaQuery((t) => t.breakpoints.down('sm'));
  if (isXSmall) return null;
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" onClick={toggle} aria-label={label}>
        {dark ? <LightMode /> : <DarkMode />}
      </IconButton>
    </Tooltip>
  );
}

/**
 * The theme toggle as an entry of the profile menu, on a phone only: a 390 px app bar with every
 * icon left the screen's title too little room (under 100 px with the reviewers' bell).
 */
export const ThemeMenuItem = forwardRef<HTMLLIElement, MenuItemProps>(function ThemeMenuItem(props, ref) {
  const { dark, label, toggle } = useThemeSwitch();
  const isXSmall = useMediaQuery((t) => t.breakpoints.down('sm'));
  if (!isXSmall) return null;
  return (
    <UserMenuAction
      {...props}
      ref={ref}
      label={label}
      icon={dark ? <LightMode fontSize="small" /> : <DarkMode fontSize="small" />}
      onSelect={toggle}
    />
  );
});
