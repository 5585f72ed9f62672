import { forwardRef, useId, useState, type MouseEvent } from 'react';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import useMediaQuery from '@mui/material/useMediaQuery';
import Menu from '@mui/material/Menu';
import MenuItem, { type MenuItemProps } from '@mui/material/MenuItem';
import TranslateIcon from '@mui/icons-material/Translate';
import { useTranslate, useUserMenu } from 'react-admin';
import { LANGUAGES } from '../../../i18n';
import { usePreference } from '../../preferences';

/**
 * The languages' menu, opened from `anchor`: each language is named in its own script and marked
 * with its `lang`, so a screen reader reads every name in its language.
 */
function useLanguageMenu(onChosen?: () => void) {
  const translate = useTranslate();
  const [language, setLanguage] = usePreference('language');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const name = translate(`languages.${language}`);
  const opener = {
    'aria-label': translate('app.choose_language', { language: name }),
    'aria-haspopup': 'menu',
    'aria-controls': anchor ? menuId : undefined,
    'aria-expanded': anchor ? 'true' : undefined,
    onClick: (e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget),
  } as const;
  const menu = (
    <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
      {LANGUAGES.map((code) => (
        <MenuItem
          key={code}
          lang={code}
          selected={code === language}
          onClick={() => {
            setAnchor(null);
            onChosen?.();
            setLanguage(code);
          }}
        >
          {translate(`languages.${code}`)}
        </MenuItem>
      ))}
    </Menu>
  );
  return { language, name, opener, menu };
}

/**
 * The app bar's language switch: writes the `language` preference, which react-admin's locale
 * follows (the chosen catalogue loads on demand). On a phone it is in the profile menu
 * (LanguageMenuItem): the app bar leaves the screen's title room there.
 */
export function LanguageSwitch() {
  const { language, name, opener, menu } = useLanguageMenu();
  const isXSmall = useMediaQuery((t) => t.breakpoints.down('sm'));
  if (isXSmall) return null;
  return (
    <>
      <Button color="inherit" {...opener} startIcon={<TranslateIcon />} sx={{ textTransform: 'none' }}>
        <span lang={language}>{name}</span>
      </Button>
      {menu}
    </>
  );
}

/** The language switch as an entry of the profile menu, on a phone only; choosing closes both menus. */
export const LanguageMenuItem = forwardRef<HTMLLIElement, MenuItemProps>(function LanguageMenuItem(props, ref) {
  const { onClose } = useUserMenu() ?? {};
  const { language, name, opener, menu } = useLanguageMenu(onClose);
  const isXSmall = useMediaQuery((t) => t.breakpoints.down('sm'));
  if (!isXSmall) return null;
  return (
    <>
      <MenuItem {...props} ref={ref} {...opener}>
        <ListItemIcon>
          <TranslateIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>
          <span lang={language}>{name}</span>
        </ListItemText>
      </MenuItem>
      {menu}
    </>
  );
});
