import type { ConsoleModule } from '..';
import { PasswordInputs } from './PasswordInputs';
import { useUserListFilters } from './BranchFilter';
import { PermissionDialogAfterSave, UserPermissionButton, USER_PERMISSION_SLUG } from './UserPermissionDialog';

/**
 * The users screen is the users descriptor's generated list and dialog (routes `/users`,
 * `/users/user-list`, `/users/create`, `/users/{id}`); this module adds the branch filter, the
 * create-only password inputs, the permission button and, after a save, the permission dialog.
 */
export const usersModule: ConsoleModule = {
  name: 'users',
  screens: {
    users: {
      useListFilters: useUserListFilters,
      CreateInputs: PasswordInputs,
      AfterSave: PermissionDialogAfterSave,
    },
  },
  rowActions: {
    users: [{ name: 'permission', slug: USER_PERMISSION_SLUG, component: UserPermissionButton }],
  },
};
