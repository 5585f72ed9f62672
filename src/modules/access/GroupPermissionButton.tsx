import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import Key from '@mui/icons-material/Key';
import { useRecordContext, useTranslate } from 'react-admin';
import { PermissionTree } from './PermissionTree';

/** The group list's permission button (slug `permission/permission-create`): the group's tree in a dialog. */
export function GroupPermissionButton() {
  const record = useRecordContext<{ id: number; group_id?: number; group_name?: string }>();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  // A phone (360 px) gets the whole screen for the tree: in a centred dialog its names were cut.
  const phone = useMediaQuery((t) => t.breakpoints.down('sm'));
  if (!record) return null;
  const groupId = record.group_id ?? record.id;
  const title = translate('access.group_permissions', { name: record.group_name ?? '' });
  return (
    <>
      <Tooltip title={translate('access.permission')}>
        <IconButton
          size="small"
          color="secondary"
          aria-label={`${translate('access.permission')}: ${record.group_name ?? ''}`}
          onClick={() => {
            setOpen(true);
          }}
        >
          <Key fontSize="small" />
        </IconButton>
      </Tooltip>
      {open && (
        <Dialog
          open
          onClose={() => {
            setOpen(false);
          }}
          fullWidth
          fullScreen={phone}
          maxWidth="md"
          aria-labelledby="group-permission-title"
        >
          <DialogTitle id="group-permission-title">{title}</DialogTitle>
          <DialogContent dividers>
            <PermissionTree group={groupId} label={title} />
          </DialogContent>
          <DialogActions>
            <Button
              onClick={() => {
                setOpen(false);
              }}
            >
              {translate('ra.action.close')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
