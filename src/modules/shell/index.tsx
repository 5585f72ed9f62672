import { Navigate, Route } from 'react-router-dom';
import type { ConsoleModule } from '../index';
import { ThemeSetupPage } from './ThemeSetupPage';
import { ThemeToggle } from './ThemeToggle';
import { SearchButton } from './search/SearchButton';

/** The shell's own pages and app bar items: theme setup, the global search, the theme toggle. */
export const shellModule: ConsoleModule = {
  name: 'shell',
  routes: [
    <Route key="settings" path="/settings" element={<Navigate replace to="/settings/theme-setup" />} />,
    <Route key="theme-setup" path="/settings/theme-setup" element={<ThemeSetupPage />} />,
  ],
  appBarItems: [SearchButton, ThemeToggle],
};
