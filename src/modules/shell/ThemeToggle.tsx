import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DarkMode from '@mui/icons-material/DarkMode';
import LightMode from '@mui/icons-material/LightMode';
import { useTranslate } from 'react-admin';
import { usePreference } from '../../preferences';

/** The app bar's theme toggle: light to dark and back (semi-dark counts as light content). */
export function ThemeToggle() {
  const translate = useTranslate();
  const [theme, setTheme] = usePreference('theme');
  const dark = theme === 'dark';
  const label = translate(dark ? 'shell.theme.to_light' : 'shell.theme.to_dark');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" onClick={() => setTheme(dark ? 'light' : 'dark')} aria-label={label}>
        {dark ? <LightMode /> : <DarkMode />}
      </IconButton>
    </Tooltip>
  );
}
