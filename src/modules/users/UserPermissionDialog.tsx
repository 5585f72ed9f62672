import type { ComponentType } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { usePermissions, useTranslate, type RaRecord } from 'react-admin';

/** The slug that lets a viewer set a user's own permissions (spec 000 section 6). */
export const USER_PERMISSION_SLUG = 'permission/permission-create-user';

/** What the permission widget needs: the user and their group (the group's grants are the base). */
export interface UserPermissionTarget {
  userId: number;
  groupId: number;
}

/**
 * After a user is saved, the viewer who may set permissions gets this dialog for that user and
 * group (spec 000 section 4); the tree itself is the access module's widget, saving per toggle.
 */
export function makeUserPermissionDialog(Tree: ComponentType<UserPermissionTarget>) {
  return function UserPermissionDialog({ record, onClose }: { record: RaRecord; onClose: () => void }) {
    const translate = useTranslate();
    const { permissions } = usePermissions<string[]>();
    if (!Array.isArray(permissions) || !permissions.includes(USER_PERMISSION_SLUG)) return null;
    const name = String(record.user_name ?? record.username ?? '');
    return (
      <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="user-permission-title">
        <DialogTitle id="user-permission-title">{translate('users.permissions_of', { name })}</DialogTitle>
        <DialogContent dividers>
          <Tree userId={Number(record.user_id ?? record.id)} groupId={Number(record.user_group)} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.close')}</Button>
        </DialogActions>
      </Dialog>
    );
  };
}
