import { deepmerge } from '@mui/utils';
import type { Theme } from '@mui/material/styles';
import type { RaThemeOptions } from 'react-admin';

/**
 * "Skip to content" (react-admin's skip button, the first focusable element of the layout):
 * moves the keyboard focus to the main content and leaves it there. react-admin's own handler
 * blurs the content right after focusing it, which sends the focus back to the top of the page.
 */
export function skipToContent(): void {
  const main = document.getElementById('main-content');
  if (!main) return;
  main.setAttribute('tabindex', '-1');
  main.addEventListener('blur', () => main.removeAttribute('tabindex'), { once: true });
  main.focus();
}

/**
 * Adjustments to react-admin's default themes found by axe-core and keyboard use.
 * - Light theme: white app-bar text on #2196f3 reached only 3.1:1 and blue text buttons on the
 *   grey form toolbar 3.5:1; darker blues pass AA (4.5:1).
 * - Spinners: the busy region is announced by react-admin's lists themselves, so the decorative
 *   spinner is hidden from assistive technology instead of being an unnamed progressbar.
 * - Visible focus: MUI removes the browser's outline from every button, link button, menu item
 *   and switch and only tints the background on keyboard focus, which is hard to see; they get a
 *   2 px ring in their own text colour (so it contrasts with whatever they are drawn on), inside
 *   their edge so no overflow can clip it.
 * - The skip button: primary colours (react-admin draws white text on the page background) and
 *   the handler above.
 * - The "not found" page's message was drawn at half opacity (2.6:1); it takes the secondary text
 *   colour instead.
 * - Light theme: white text on the warning orange (#ed6c02: warning toasts, "Yes" of the delete
 *   question) reached 3.1:1; a darker orange passes.
 */
export function accessibleTheme(theme: RaThemeOptions): RaThemeOptions {
  const components = {
    MuiCircularProgress: { defaultProps: { 'aria-hidden': true } },
    MuiButtonBase: {
      styleOverrides: {
        root: { '&.Mui-focusVisible': { outline: '2px solid currentColor', outlineOffset: '-2px' } },
      },
    },
    RaNotFound: {
      styleOverrides: {
        root: ({ theme: t }: { theme: Theme }) => ({ '& .RaNotFound-message': { opacity: 1, color: t.palette.text.secondary } }),
      },
    },
    RaSkipNavigationButton: {
      defaultProps: { onClick: skipToContent },
      styleOverrides: {
        root: ({ theme: t }: { theme: Theme }) => ({
          backgroundColor: t.palette.primary.main,
          color: t.palette.primary.contrastText,
          '&:hover': { opacity: 1, backgroundColor: t.palette.primary.dark },
        }),
      },
    },
  };
  if (theme.palette?.mode === 'dark') return deepmerge(theme, { components });
  return deepmerge(theme, {
    palette: { primary: { main: '#0d47a1' }, secondary: { main: '#0d47a1' }, warning: { main: '#b35000' } },
    components,
  });
}
