import type { ConsoleModule } from '../console-module';
import { lazyComponent, withToolMessages } from '../../lazy';
import { useUserListFilters } from './BranchFilter';
import { useUserChoiceScopes } from './choiceScopes';
import { useManageableUsers } from './manageableRows';
import { USER_PERMISSION_SLUG } from './permission-slug';

// The create form's password inputs load with the form (their progress bar is used nowhere on a
// first visit, so it stays out of it): only the create dialog shows them.
const PasswordInputs = lazyComponent(() => import('./PasswordInputs').then((m) => m.PasswordInputs), null);
// The row button and the after-save dialog load when first shown, with the permission tree's words.
const UserPermissionButton = lazyComponent(
  withToolMessages('access', () => import('../../signed-in').then((m) => m.inLayout.UserPermissionButton())),
  null,
);
const PermissionDialogAfterSave = lazyComponent(
  withToolMessages('access', () => import('../../signed-in').then((m) => m.inLayout.PermissionDialogAfterSave())),
  null,
);

/**
 * The users screen is the users descriptor's generated list and dialog (routes `/users`,
 * `/users/user-list`, `/users/create`, `/users/{id}`); this module adds the branch filter, the
 * form's branch and group choices the viewer may make, which rows they may manage, the create-only
 * password inputs, the permission button and, after a save, the permission dialog.
 */
export const usersModule: ConsoleModule = {
  name: 'users',
  screens: {
    users: {
      useListFilters: useUserListFilters,
      useChoiceScopes: useUserChoiceScopes,
      useManageableRows: useManageableUsers,
      CreateInputs: PasswordInputs,
      AfterSave: PermissionDialogAfterSave,
    },
  },
  rowActions: {
    users: [{ name: 'permission', slug: USER_PERMISSION_SLUG, component: UserPermissionButton }],
  },
};
