import { useId, useState, type MouseEvent } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TranslateIcon from '@mui/icons-material/Translate';
import { useTranslate } from 'react-admin';
import { LANGUAGES } from '../../../i18n';
import { usePreference } from '../../preferences';

/**
 * The app bar's language switch: writes the `language` preference, which react-admin's locale
 * follows (the chosen catalogue loads on demand). Each language is named in its own script and
 * marked with its `lang`, so a screen reader reads every name in its language.
 */
export function LanguageSwitch() {
  const translate = useTranslate();
  const [language, setLanguage] = usePreference('language');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  // On a phone the language's name would squeeze the page title to a few letters: the icon alone.
  const isXSmall = useMediaQuery((t) => t.breakpoints.down('sm'));
  const name = translate(`languages.${language}`);
  const buttonProps = {
    color: 'inherit',
    'aria-label': translate('app.choose_language', { language: name }),
    'aria-haspopup': 'menu',
    'aria-controls': anchor ? menuId : undefined,
    'aria-expanded': anchor ? 'true' : undefined,
    onClick: (e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget),
  } as const;
  return (
    <>
      {isXSmall ? (
        <IconButton {...buttonProps}>
          <TranslateIcon />
        </IconButton>
      ) : (
        <Button {...buttonProps} startIcon={<TranslateIcon />} sx={{ textTransform: 'none' }}>
          <span lang={language}>{name}</span>
        </Button>
      )}
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((code) => (
          <MenuItem
            key={code}
            lang={code}
            selected={code === language}
            onClick={() => {
              setAnchor(null);
              setLanguage(code);
            }}
          >
            {translate(`languages.${code}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
