import type { ConsoleModule } from '../console-module';
import { lazyComponent } from '../../lazy';

// With the signed-in layout (src/signed-in.ts, one chunk with it), not with the sign-in page.
const LockWatcher = lazyComponent(() => import('../../signed-in').then((m) => m.LockWatcher), null);
const LockMenuItem = lazyComponent(() => import('../../signed-in').then((m) => m.LockMenuItem), null);

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
