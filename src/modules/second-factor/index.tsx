import type { ConsoleModule } from '../index';
import { LockWatcher } from './LockWatcher';
import { LockMenuItem } from './LockMenuItem';

/**
 * The second factor's console: the sign-in's second step (shown by the sign-in page, its own
 * chunk), "Sign-in security" in My profile (SecondFactorPanel), and the lock screen, which watches
 * for idleness among the app bar's items and is locked at once from the profile menu.
 */
export const secondFactorModule: ConsoleModule = {
  name: 'second-factor',
  appBarItems: [LockWatcher],
  userMenuItems: [LockMenuItem],
};
