import type { ComponentType, ReactElement } from 'react';
import type { ScreenExtensions } from '../screens/extensions';
import { usersModule } from './users';
import type { RowActionExtensions } from '../screens/row-action-extensions';
import { accessModule } from './access';
import { i18nModule } from './i18n';
import { shellModule } from './shell';
import { accountsConsoleModule } from './accounts';
import { notificationsModule } from './notifications';
import { auditModule } from './audit';
import { secondFactorModule } from './second-factor';
import { explainModule } from './explain';

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
  /** Additions to descriptors' generated screens, by resource name (see src/screens/extensions.tsx). */
  screens?: ScreenExtensions;
  /** Extra per-row buttons on generated lists, by resource name (see src/screens/row-action-extensions.tsx). */
  rowActions?: RowActionExtensions;
}

export const consoleModules: readonly ConsoleModule[] = [
  accessModule,
  usersModule,
  accountsConsoleModule,
  notificationsModule,
  auditModule,
  secondFactorModule,
  explainModule,
  i18nModule,
  shellModule,
];
