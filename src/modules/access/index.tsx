import { Route } from 'react-router-dom';
import type { ConsoleModule } from '..';
import { GroupPermissionButton } from './GroupPermissionButton';
import { MenuSetupPage } from './MenuSetupPage';

export { PermissionTree, type PermissionTreeProps } from './PermissionTree';
export { PermissionTreeView, type PermissionTreeViewProps } from './PermissionTreeView';
export { AccessDeniedPage } from './AccessDeniedPage';
export { MenuIcon, menuIconOf } from './menu-icons';
export type { PermissionEntry, PermissionChange } from './api';

/** Access administration: the menu setup screen, and the permission button on the group list. */
export const accessModule: ConsoleModule = {
  name: 'access',
  routes: [<Route key="menu-setup" path="/settings/menu-setup" element={<MenuSetupPage />} />],
  rowActions: {
    group: [{ name: 'permission', slug: 'permission/permission-create', component: GroupPermissionButton }],
  },
};
