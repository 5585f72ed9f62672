import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import { Link } from 'react-router-dom';
import {
  Confirm,
  useCanAccess,
  useCreatePath,
  useDelete,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { useRowActionExtensions } from './row-action-extensions';

/** Pencil icon: opens the edit dialog by going to /{resource}/{id}. Hidden without update permission. */
function EditRowButton() {
  const resource = useResourceContext();
  const record = useRecordContext();
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { canAccess } = useCanAccess({ resource, action: 'edit', record });
  if (!canAccess || !record) return null;
  return (
    <Tooltip title={translate('app.edit')}>
      <IconButton
        component={Link}
        to={createPath({ resource, type: 'edit', id: record.id })}
        size="small"
        color="primary"
        aria-label={translate('app.edit')}
      >
        <EditIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/** Bin icon: asks "Do You Want to Delete?" (yes/no), then deletes and refreshes the list. */
function DeleteRowButton() {
  const resource = useResourceContext();
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete();
  const { canAccess } = useCanAccess({ resource, action: 'delete', record });
  if (!canAccess || !record) return null;
  const confirm = () =>
    remove(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify('ra.notification.deleted', { type: 'success', messageArgs: { smart_count: 1 } });
          refresh();
        },
        onError: (error) => notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' }),
      },
    );
  return (
    <>
      <Tooltip title={translate('app.delete')}>
        <IconButton onClick={() => setOpen(true)} size="small" color="error" aria-label={translate('app.delete')}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Confirm
        isOpen={open}
        loading={isPending}
        title="app.confirm_delete"
        content=""
        confirm="app.yes"
        cancel="app.no"
        confirmColor="warning"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

export function RowActions() {
  const extras = useRowActionExtensions(useResourceContext() ?? '');
  return (
    <>
      {extras.map(({ name, component: Extra }) => (
        <Extra key={name} />
      ))}
      <EditRowButton />
      <DeleteRowButton />
    </>
  );
}
