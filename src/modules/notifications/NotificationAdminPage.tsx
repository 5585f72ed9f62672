import { useEffect, useState } from 'react';
import { useMatch, useNavigate, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Button,
  Confirm,
  DataTable,
  List,
  Loading,
  Pagination,
  SearchInput,
  SelectInput,
  useDelete,
  useNotify,
  useRecordContext,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { NOTIFICATION_RESOURCE } from '../../../dataProvider/notifications';
import { HtmlField } from '../../fields/HtmlField';
import { StatusChip } from '../../fields/StatusChip';
import { PageHeading } from '../../screens/PageHeading';
import { DataNotFound } from '../../screens/ListStates';
import { CONFLICT_FIELDS, NotificationFormDialog, TYPE_CHOICES } from './NotificationForm';
import { isConflict } from '../../../dataProvider/versions';
import { DeleteConflict, type RefusedDelete } from '../../screens/conflict/DeleteConflict';
import { useNotificationAccess } from './permissions';
import { PAGE_SIZES } from './InboxPage';
import { DateText } from '../i18n/DateText';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="type"
    source="type"
    label="resources.notification.fields.notification_type"
    choices={TYPE_CHOICES.filter((c) => c.id !== 'All')}
    emptyText="app.all"
    alwaysOn
  />,
  <SelectInput
    key="status"
    source="status"
    label="app.status"
    choices={[
      { id: '1', name: 'app.active' },
      { id: '0', name: 'app.inactive' },
    ]}
    emptyText="app.all"
    alwaysOn
  />,
];

function TypeField() {
  const record = useRecordContext();
  const translate = useTranslate();
  const type = String(record?.notification_type ?? '');
  return <>{translate(`notifications.types.${type}`, { _: type })}</>;
}

function RowActions({ onEdit, canUpdate, canDelete }: { onEdit: (id: Identifier) => void; canUpdate: boolean; canDelete: boolean }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  // A delete refused because the notification changed since it was read: asked again, showing what changed.
  const [refused, setRefused] = useState<RefusedDelete>();
  const [remove, { isPending }] = useDelete();
  if (!record) return null;
  return (
    <>
      {canUpdate && (
        <Tooltip title={translate('app.edit')}>
          <IconButton
            size="small"
            color="primary"
            aria-label={translate('app.edit')}
            onClick={() => {
              onEdit(record.id);
            }}
          >
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {canDelete && (
        <Tooltip title={translate('app.delete')}>
          <IconButton
            size="small"
            color="error"
            aria-label={translate('app.delete')}
            onClick={() => {
              setOpen(true);
            }}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {refused && (
        <DeleteConflict
          resource={NOTIFICATION_RESOURCE}
          refused={refused}
          fields={CONFLICT_FIELDS}
          onDeleted={() => {
            setRefused(undefined);
          }}
          onCancel={() => {
            setRefused(undefined);
          }}
        />
      )}
      <Confirm
        isOpen={open}
        loading={isPending}
        title="app.confirm_delete"
        content=""
        confirm="app.yes"
        cancel="app.no"
        confirmColor="warning"
        onClose={() => {
          setOpen(false);
        }}
        onConfirm={() => {
          void remove(
            NOTIFICATION_RESOURCE,
            { id: record.id, previousData: record },
            {
              mutationMode: 'pessimistic',
              onSuccess: () => {
                setOpen(false);
                notify('ra.notification.deleted', { type: 'success', messageArgs: { smart_count: 1 } });
              },
              onError: (error) => {
                if (isConflict(error)) {
                  setOpen(false);
                  setRefused({ base: record, error });
                } else notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
              },
            },
          );
        }}
      />
    </>
  );
}

/** The dialog the address asks for: `/notification/create`, `/notification/{id}`, or none. */
function useDialogRoute(): 'create' | { id: Identifier } | null {
  const creating = useMatch('/notification/create');
  const { id } = useParams();
  if (creating) return 'create';
  return id && /^\d+$/.test(id) ? { id } : null;
}

/**
 * Notification administration (`/notification`, `/notification/notification-list`): search,
 * type and status filters, 50/70/100 rows a page, and the create/edit dialog, whose state is in
 * the address (`/notification/create`, `/notification/{id}`) as on every generated screen. Other
 * consoles' changes arrive as record pushes and refresh the list. Without the list permission,
 * the access-denied page.
 */
export function NotificationAdminPage() {
  const translate = useTranslate();
  const access = useNotificationAccess();
  const navigate = useNavigate();
  const dialog = useDialogRoute();
  const setDialog = (next: 'create' | { id: Identifier } | null) => {
    void navigate(next === null ? '/notification' : next === 'create' ? '/notification/create' : `/notification/${String(next.id)}`);
  };
  const allowed = !access.isPending && access.list && (dialog === null || (dialog === 'create' ? access.create : access.update));
  useEffect(() => {
    if (!access.isPending && !allowed) void navigate('/access-denied', { replace: true });
  }, [access.isPending, allowed, navigate]);
  if (!allowed) return <Loading />;
  const title = translate('resources.notification.name', { smart_count: 2 });
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 2, mb: 1 }}>
        <PageHeading title={title} group={translate('notifications.title')} />
        {access.create && (
          <Button
            label="app.new"
            variant="contained"
            onClick={() => {
              setDialog('create');
            }}
          >
            <AddIcon />
          </Button>
        )}
      </Box>
      <List
        resource={NOTIFICATION_RESOURCE}
        // The page heading sets the app bar's title; a second one would read it twice.
        title={false}
        actions={false}
        filters={filters}
        perPage={PAGE_SIZES[0]}
        pagination={<Pagination rowsPerPageOptions={PAGE_SIZES} />}
        sort={{ field: 'notification_date', order: 'DESC' }}
        disableSyncWithLocation
        empty={false}
      >
        <DataTable bulkActionButtons={false} rowClick={false} empty={<DataNotFound />}>
          <DataTable.Col label="resources.notification.fields.notification_date" disableSort>
            <DateText source="notification_date" showTime />
          </DataTable.Col>
          <DataTable.Col source="notification_title" label="resources.notification.fields.notification_title" disableSort />
          <DataTable.Col label="resources.notification.fields.notification_description" disableSort>
            <HtmlField source="notification_description" />
          </DataTable.Col>
          <DataTable.Col label="resources.notification.fields.notification_type" disableSort>
            <TypeField />
          </DataTable.Col>
          <DataTable.Col label="resources.notification.fields.notification_status" disableSort>
            <StatusChip source="notification_status" />
          </DataTable.Col>
          {(access.update || access.delete) && (
            <DataTable.Col label="app.options" disableSort>
              <RowActions
                onEdit={(id) => {
                  setDialog({ id });
                }}
                canUpdate={access.update}
                canDelete={access.delete}
              />
            </DataTable.Col>
          )}
        </DataTable>
      </List>
      {dialog && (
        <NotificationFormDialog
          mode={dialog}
          onClose={() => {
            setDialog(null);
          }}
        />
      )}
    </>
  );
}
