import { Navigate, Route } from 'react-router-dom';
import type { ConsoleModule } from '../console-module';
import { lazyComponent } from '../../lazy';

// Loaded when shown: the setup page with its route, the app bar items with the signed-in layout
// (src/signed-in.ts, one chunk with it).
const ThemeSetupPage = lazyComponent(() => import('../../signed-in').then((m) => m.inLayout.ThemeSetupPage()));
const ThemeToggle = lazyComponent(() => import('../../signed-in').then((m) => m.ThemeToggle), null);
const ThemeMenuItem = lazyComponent(() => import('../../signed-in').then((m) => m.ThemeMenuItem), null);
const SearchButton = lazyComponent(() => import('../../signed-in').then((m) => m.SearchButton), null);

/** The shell's own pages and app bar items: theme setup, the global search, the theme toggle (in the profile menu on a phone). */
export const shellModule: ConsoleModule = {
  name: 'shell',
  routes: [
    <Route key="settings" path="/settings" element={<Navigate replace to="/settings/theme-setup" />} />,
    <Route key="theme-setup" path="/settings/theme-setup" element={<ThemeSetupPage />} />,
  ],
  appBarItems: [SearchButton, ThemeToggle],
  // On a phone the theme toggle is an entry of the profile menu (the app bar is too narrow for it).
  userMenuItems: [ThemeMenuItem],
};
