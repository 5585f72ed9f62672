import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import Key from '@mui/icons-material/Key';
import { usePermissions, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { PermissionTree } from '../access/PermissionTree';
import { useMayManageRecord } from '../../screens/extensions';

import { USER_PERMISSION_SLUG } from './permission-slug';
import { usePermissionOrigins } from '../explain/PermissionOrigins';
import { EXPLAIN_SLUGS } from '../../../resources/explain';

export { USER_PERMISSION_SLUG };

/**
 * The user's permission tree (the group's grants, the user's own grants and denials over them).
 * `readOnly`: the user holds permissions the viewer does not, so the server refuses any change.
 */
function UserPermissionDialog({ record, onClose, readOnly = false }: { record: RaRecord; onClose: () => void; readOnly?: boolean }) {
  // A phone (360 px) gets the whole screen for the tree: in a centred dialog its names were cut.
  const phone = useMediaQuery((t) => t.breakpoints.down('sm'));
  const translate = useTranslate();
  const name = String(record.user_name ?? '');
  const title = translate('users.permissions_of', { name });
  // Where each entry comes from, by whom and when: for a viewer who may check access.
  const explains = usePermissions<string[] | undefined>().permissions?.includes(EXPLAIN_SLUGS.check) ?? false;
  const userId = Number(record.user_id ?? record.id);
  const originOf = usePermissionOrigins(userId, explains);
  return (
    <Dialog open onClose={onClose} fullWidth fullScreen={phone} maxWidth="md" aria-labelledby="user-permission-title">
      <DialogTitle id="user-permission-title">{title}</DialogTitle>
      <DialogContent dividers>
        {readOnly && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate('users.permissions_read_only', { name })}
          </Alert>
        )}
        <PermissionTree group={Number(record.user_group)} user={userId} label={title} readOnly={readOnly} originOf={originOf} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * After a user is saved, a viewer who may set permissions gets the dialog for that user and
 * their group (spec 000 section 4); others get nothing.
 */
export function PermissionDialogAfterSave({ record, onClose }: { record: RaRecord; onClose: () => void }) {
  const { permissions } = usePermissions<string[] | undefined>();
  if (!Array.isArray(permissions) || !permissions.includes(USER_PERMISSION_SLUG)) return null;
  return <UserPermissionDialog record={record} onClose={onClose} />;
}

/**
 * The users list's permission button (options column), for viewers holding the slug. On the row
 * of a user who holds more than the viewer, it shows the permissions without letting them change.
 */
export function UserPermissionButton() {
  const record = useRecordContext();
  const mayManage = useMayManageRecord();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  const label = `${translate('users.permissions')}: ${String(record.user_name ?? '')}`;
  return (
    <>
      <Tooltip title={translate('users.permissions')}>
        <IconButton
          size="small"
          color="secondary"
          aria-label={label}
          onClick={() => {
            setOpen(true);
          }}
        >
          <Key fontSize="small" />
        </IconButton>
      </Tooltip>
      {open && (
        <UserPermissionDialog
          record={record}
          readOnly={!mayManage}
          onClose={() => {
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
