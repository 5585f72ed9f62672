import { useEffect, type ReactNode } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Layout, Sidebar, useSidebarState, type SidebarProps } from 'react-admin';
import { usePreference } from '../preferences';
import { AppBar } from './AppBar';
import { AppMenu } from './AppMenu';
import { Footer } from './Footer';
import { HorizontalNav } from './HorizontalNav';
import { NavTheme, useNavBackground } from './NavSurface';
import { PhoneDrawer } from './PhoneDrawer';
import { SessionCheck } from './SessionCheck';

/** The side bar in the navigation's palette and menu colour; under 600 px, the drawer. */
function NavSidebar(props: SidebarProps) {
  const background = useNavBackground();
  const isXSmall = useMediaQuery((t) => t.breakpoints.down('sm'));
  return (
    <NavTheme>
      {isXSmall ? (
        <PhoneDrawer {...props} background={background} />
      ) : (
        <Sidebar
          {...props}
          sx={{ '& .RaSidebar-fixed, & .MuiDrawer-paper': { bgcolor: background }, '& .RaSidebar-fixed': { color: 'text.primary' } }}
        />
      )}
    </NavTheme>
  );
}

/** In the horizontal layouts the side bar only exists as the drawer of narrow screens. */
function DrawerOnlySidebar(props: SidebarProps) {
  const isXSmall = useMediaQuery((t) => t.breakpoints.down('sm'));
  return isXSmall ? <NavSidebar {...props} /> : null;
}

/**
 * Keeps react-admin's side bar state in step with the preferences: on a wide screen the vertical
 * side bar is open unless collapsed, and the slim one never opens (icons only, names on hover and
 * focus); under 600 px it is a drawer that starts closed.
 */
function useSidebarFromPreferences() {
  const isXSmall = useMediaQuery((t) => t.breakpoints.down('sm'));
  const [collapsed] = usePreference('navbar-collapsed');
  const [shape] = usePreference('navbar-shape');
  const [, setOpen] = useSidebarState();
  useEffect(() => {
    setOpen(!isXSmall && shape === 'default' && collapsed === 'false');
  }, [isXSmall, shape, collapsed, setOpen]);
}

/**
 * react-admin's layout grows to its widest content (`min-width: fit-content`), so a wide table made
 * the whole page wider than a phone, its buttons off-screen. The page keeps the screen's width; a
 * table scrolls inside its own area (ResourceList).
 */
const FIT_THE_SCREEN = { minWidth: 0, '& .RaLayout-content, & .RaList-main': { minWidth: 0 } };

/** The frame of every screen in the chosen layout: vertical, vertical slim, horizontal, horizontal slim. */
export function AppLayout({ children }: { children: ReactNode }) {
  const [type] = usePreference('navigation-type');
  const [shape] = usePreference('navbar-shape');
  useSidebarFromPreferences();
  const horizontal = type === 'horizontal';
  return (
    <Layout
      appBar={AppBar}
      appBarAlwaysOn
      menu={AppMenu}
      sidebar={horizontal ? DrawerOnlySidebar : NavSidebar}
      className={`layout-${type}-${shape}`}
      sx={FIT_THE_SCREEN}
    >
      <SessionCheck />
      {horizontal && <HorizontalNav slim={shape === 'slim'} />}
      {children}
      <Footer />
    </Layout>
  );
}
