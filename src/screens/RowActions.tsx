import { useState } from 'react';
import { TooltipIconButton } from '../layout/TooltipIconButton';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import { Link } from 'react-router-dom';
import {
  Confirm,
  useCreatePath,
  useDelete,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useRowActionExtensions } from './row-action-extensions';
import { useMayManageRecord } from './extensions';
import { ErrorBlock } from './ListStates';
import { useDeleteRefusal, WithRefusal } from './refusals';
import { isNetworkFailure, messageOf } from './failures';
import { isConflict } from '../../dataProvider/versions';
import type { RefusedDelete } from './conflict/DeleteConflict';
import { lazyComponent } from '../lazy';

/** The conflict dialog's code loads only when a delete is refused as stale (a list has a bin per row). */
const DeleteConflict = lazyComponent(() => import('./conflict/DeleteConflict').then((m) => m.DeleteConflict), null);

/** Pencil icon: opens the edit dialog by going to /{resource}/{id}. */
function EditRowButton({ tips }: { tips: boolean }) {
  const resource = useResourceContext();
  const record = useRecordContext();
  const translate = useTranslate();
  const createPath = useCreatePath();
  if (!record) return null;
  return (
    <TooltipIconButton
      tooltip={tips}
      title={translate('app.edit')}
      component={Link}
      to={createPath({ resource, type: 'edit', id: record.id })}
      size="small"
      color="primary"
      aria-label={translate('app.edit')}
    >
      <EditIcon fontSize="small" />
    </TooltipIconButton>
  );
}

/**
 * Bin icon: asks "Do You Want to Delete?" with a warning (yes/no), then deletes and refreshes the
 * list. The question and its delete mutation are mounted by a click (and kept once closed, so
 * closing still fades out): a list page has a bin per row, and each row carried an idle
 * mutation and a closed dialog, which slowed the render of a list's first rows.
 */
function DeleteRowButton({ tips }: { tips: boolean }) {
  const resource = useResourceContext();
  const record = useRecordContext();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  // Counts the openings: each one mounts a fresh question (no error block left from the last).
  const [openings, setOpenings] = useState(0);
  // Off, saying why, where the server would refuse it whatever is asked (Super Admin, a view as another user).
  const refusal = useDeleteRefusal();
  if (!record || !resource) return null;
  return (
    <>
      <WithRefusal reason={refusal}>
        <TooltipIconButton
          tooltip={tips && !refusal}
          title={translate('app.delete')}
          onClick={() => {
            setOpenings((n) => n + 1);
            setOpen(true);
          }}
          disabled={!!refusal}
          size="small"
          color="error"
          aria-label={translate('app.delete')}
        >
          <DeleteIcon fontSize="small" />
        </TooltipIconButton>
      </WithRefusal>
      {openings > 0 && <DeleteQuestion key={openings} open={open} onClose={() => setOpen(false)} resource={resource} record={record} />}
    </>
  );
}

/**
 * The delete question of one row. The server's refusal (409: used by others) is a toast; a network
 * failure shows an error block in place of the question; a record changed since the list was read
 * (412) is asked about again in the conflict dialog, showing what changed.
 */
function DeleteQuestion({ open, onClose, resource, record }: { open: boolean; onClose: () => void; resource: string; record: RaRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [networkError, setNetworkError] = useState<string>();
  const [refused, setRefused] = useState<RefusedDelete>();
  // The outcome's handlers are the hook's, not the call's: react-query drops a call's own callbacks
  // when the caller unmounts first, and this question unmounts with its row as soon as the list
  // reloads without the record, which a socket push of the delete can cause before the delete's own
  // answer arrives. The "deleted" toast was then never shown.
  const [remove, { isPending }] = useDelete(
    resource,
    { id: record.id, previousData: record },
    {
      mutationMode: 'pessimistic',
      onSuccess: () => {
        onClose();
        notify('ra.notification.deleted', { type: 'success', messageArgs: { smart_count: 1 } });
        refresh();
      },
      onError: (error) => {
        if (isConflict(error)) {
          onClose();
          setRefused({ base: record, error });
        } else if (isNetworkFailure(error)) setNetworkError(messageOf(error));
        else notify(messageOf(error) || 'ra.notification.http_error', { type: 'error' });
      },
    },
  );
  const confirm = () => remove();
  const settle = () => {
    setRefused(undefined);
    // Deleted or kept, the list shows the rows as stored now.
    refresh();
  };
  return (
    <>
      {refused && <DeleteConflict resource={resource} refused={refused} onDeleted={settle} onCancel={settle} />}
      <Confirm
        isOpen={open}
        loading={isPending}
        title="app.confirm_delete"
        content={
          networkError ? (
            <ErrorBlock message={translate('shell.form.delete_network_error', { message: networkError })} />
          ) : (
            'shell.form.delete_warning'
          )
        }
        confirm="app.yes"
        cancel="app.no"
        confirmColor="warning"
        onConfirm={() => {
          void confirm();
        }}
        onClose={onClose}
      />
    </>
  );
}

/**
 * A row's buttons: the modules' extra actions, then edit and delete where the user may (the
 * resource's permission, and the record's: see `useManageableRows`). The list
 * asks canAccess once for the page (the permission slugs are per resource, not per record) rather
 * than twice per row: a react-query observer and a hashed key with the whole record each, which
 * slowed the render of a list's first rows. `tips`: the buttons' tooltips, left out of the list's first
 * commit (useDeferredPart).
 */
export function RowActions({ canEdit, canDelete, tips = true }: { canEdit: boolean; canDelete: boolean; tips?: boolean }) {
  const extras = useRowActionExtensions(useResourceContext() ?? '');
  // A record the user may not manage (a user holding more than they do) has neither button.
  const mayManage = useMayManageRecord();
  return (
    <>
      {extras.map(({ name, component: Extra }) => (
        <Extra key={name} />
      ))}
      {canEdit && mayManage && <EditRowButton tips={tips} />}
      {canDelete && mayManage && <DeleteRowButton tips={tips} />}
    </>
  );
}
