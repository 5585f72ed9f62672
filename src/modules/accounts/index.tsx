import { Route } from 'react-router-dom';
import type { ConsoleModule } from '../index';
import { ProfilePage } from './ProfilePage';
import { ChangePasswordPage } from './ChangePasswordPage';
import { ResetPasswordPage } from './ResetPasswordPage';
import { LogoutPage } from './LogoutPage';

export { ProfileNotificationsSlot } from './ProfileNotificationsSlot';

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
