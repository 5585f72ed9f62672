import { memo } from 'react';
import MuiAppBar from '@mui/material/AppBar';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpen from '@mui/icons-material/MenuOpen';
import { LoadingIndicator, TitlePortal, useSidebarState, useTranslate } from 'react-admin';
import { usePreference } from '../preferences';
import { useConsoleModules } from '../modules-context';
import { AppUserMenu } from './AppUserMenu';
import { useDeferredPart } from './useDeferredPart';
import { TooltipIconButton } from './TooltipIconButton';
import { useDocumentTitleFromAppBar } from './documentTitle';

/**
 * The side bar's toggle. On a wide screen it collapses the vertical side bar and the choice is
 * remembered (navbar-collapsed); under 600 px it opens the navigation drawer. The slim and
 * horizontal layouts have nothing to collapse on a wide screen.
 */
function NavToggle({ tip }: { tip: boolean }) {
  const translate = useTranslate();
  const isXSmall = useMediaQuery((t) => t.breakpoints.down('sm'));
  const [open, setOpen] = useSidebarState();
  const [collapsed, setCollapsed] = usePreference('navbar-collapsed');
  const [type] = usePreference('navigation-type');
  const [shape] = usePreference('navbar-shape');
  if (!isXSmall && (type === 'horizontal' || shape === 'slim')) return null;
  const expanded = isXSmall ? open : collapsed === 'false';
  const label = translate(expanded ? 'ra.action.close_menu' : 'ra.action.open_menu');
  const toggle = () => (isXSmall ? setOpen(!open) : setCollapsed(expanded ? 'true' : 'false'));
  return (
    <TooltipIconButton
      tooltip={tip}
      title={label}
      color="inherit"
      onClick={toggle}
      aria-label={label}
      aria-expanded={expanded}
      sx={{ mx: 0.5 }}
    >
      {expanded ? <MenuOpen /> : <MenuIcon />}
    </TooltipIconButton>
  );
}

/**
 * The app bar: toggle, page title (also the browser tab's), the modules' items (search, theme, ...), the loading indicator,
 * the profile menu. The items, the loading indicator, the profile menu and the toggle's tooltip
 * follow the first commit (useDeferredPart). Memoised: it takes no props, and react-admin's routes
 * re-render the whole layout several times as a screen opens (registering the resources), which it
 * need not follow (each would delay a list's first rows).
 */
export const AppBar = memo(function AppBar() {
  const isXSmall = useMediaQuery((t) => t.breakpoints.down('sm'));
  const withItems = useDeferredPart();
  const modules = useConsoleModules();
  useDocumentTitleFromAppBar();
  return (
    <MuiAppBar position="fixed" color="secondary">
      <Toolbar
        disableGutters
        variant={isXSmall ? 'regular' : 'dense'}
        // On a phone seven icon buttons leave the title a few letters: 36 px each instead of 40
        // (still well above the 24 px touch target) give it room.
        sx={{ pr: 1, ...(isXSmall && { '& .MuiIconButton-root': { p: 0.75, mx: 0 } }) }}
      >
        <NavToggle tip={withItems} />
        <TitlePortal component="div" sx={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} />
        {withItems && modules.flatMap((m) => m.appBarItems ?? []).map((Item, i) => <Item key={i} />)}
        {withItems && <LoadingIndicator />}
        {withItems && <AppUserMenu />}
      </Toolbar>
    </MuiAppBar>
  );
});
