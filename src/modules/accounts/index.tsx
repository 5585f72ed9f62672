import { Route } from 'react-router-dom';
import type { ConsoleModule } from '../console-module';
import { lazyComponent, withToolMessages } from '../../lazy';

// Each page is a chunk of its own, loaded when its route is visited, with the accounts' English words.
const ProfilePage = lazyComponent(withToolMessages('accounts', () => import('../../signed-in').then((m) => m.inLayout.ProfilePage())));
const ChangePasswordPage = lazyComponent(
  withToolMessages('accounts', () => import('../../signed-in').then((m) => m.inLayout.ChangePasswordPage())),
);
const ResetPasswordPage = lazyComponent(withToolMessages('accounts', () => import('./ResetPasswordPage').then((m) => m.ResetPasswordPage)));
const LogoutPage = lazyComponent(() => import('./LogoutPage').then((m) => m.LogoutPage));

/** My profile, change password, the forgot-password reset page and /logout. */
export const accountsConsoleModule: ConsoleModule = {
  name: 'accounts',
  routes: [
    <Route key="my-profile" path="/users/my-profile" element={<ProfilePage />} />,
    <Route key="change-password" path="/users/reset-password" element={<ChangePasswordPage />} />,
  ],
  noLayoutRoutes: [
    <Route key="reset-password" path="/reset-password" element={<ResetPasswordPage />} />,
    <Route key="logout" path="/logout" element={<LogoutPage />} />,
  ],
  // My profile and Reset password are built into the shell's profile menu (src/layout/AppUserMenu.tsx).
};
