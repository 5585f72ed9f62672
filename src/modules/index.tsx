import type { ComponentType, ReactElement } from 'react';
import { notificationsModule } from './notifications';

/**
 * Console features beyond the generated screens. Each module lists its routes (inside the layout,
 * or bare like the sign-in pages); `App.tsx` mounts them all, so adding a feature is one line here.
 * Route elements need a `key`.
 */
export interface ConsoleModule {
  name: string;
  routes?: readonly ReactElement[];
  noLayoutRoutes?: readonly ReactElement[];
  /** Small components the app bar shows beside the user menu (the notification bell, ...). */
  appBarItems?: readonly ComponentType[];
  /** Entries of the profile (user) menu, shown in this order after the built-in ones. */
  userMenuItems?: readonly ComponentType[];
}

export const consoleModules: readonly ConsoleModule[] = [notificationsModule];
