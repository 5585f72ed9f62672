import { Route } from 'react-router-dom';
import type { ConsoleModule } from '../console-module';
import { lazyComponent, withToolMessages } from '../../lazy';

// Only types are re-exported here: this file is loaded with the sign-in page (src/modules/index.tsx),
// so a component re-exported from it would load there too. Import components from their own files.
export type { PermissionTreeProps } from './PermissionTree';
export type { PermissionTreeViewProps } from './PermissionTreeView';
export type { PermissionEntry, PermissionChange } from './api';

// Loaded when shown, with the access screens' English words: the menu setup screen and the group
// list's button are chunks of their own.
const MenuSetupPage = lazyComponent(withToolMessages('access', () => import('../../signed-in').then((m) => m.inLayout.MenuSetupPage())));
const GroupPermissionButton = lazyComponent(
  withToolMessages('access', () => import('../../signed-in').then((m) => m.inLayout.GroupPermissionButton())),
  null,
);

/** Access administration: the menu setup screen, and the permission button on the group list. */
export const accessModule: ConsoleModule = {
  name: 'access',
  routes: [<Route key="menu-setup" path="/settings/menu-setup" element={<MenuSetupPage />} />],
  rowActions: {
    group: [{ name: 'permission', slug: 'permission/permission-create', component: GroupPermissionButton }],
  },
};
