import type { ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import {
  BooleanInput,
  CreateBase,
  EditBase,
  FormDataConsumer,
  NumberInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  required,
  useNotify,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { ReferenceChoices } from '../../fields/ReferenceChoices';
import { RichTextFieldInput } from '../../fields/RichTextFieldInput';
import { NOTIFICATION_RESOURCE } from '../../../dataProvider/notifications';
import { useRegistry } from '../../registry-context';
import { usersPickerFilter } from '../users/branchScope';
import { FormConflictGuard, useHeldRecord, useRefusedSave } from '../../screens/conflict/FormConflictGuard';
import type { ConflictField } from '../../screens/conflict/fieldValues';
import { RecordHistoryButton } from '../audit/RecordHistoryButton';
import { DirtyWatch, useDiscardGuard } from '../../screens/DiscardGuard';

const pad = (n: number) => String(n).padStart(2, '0');
/** Now as the datetime-local input wants it (the browser's clock, to the minute). */
export function localNow(): string {
  const d = new Date();
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export const TYPE_CHOICES = [
  { id: 'All', name: 'notifications.types.All' },
  { id: 'Group', name: 'notifications.types.Group' },
  { id: 'User', name: 'notifications.types.User' },
];

/** The server's `yyyy-MM-dd HH:mm:ss` in and out of the datetime-local input. */
const toInput = (v: unknown) => (typeof v === 'string' ? v.replace(' ', 'T').slice(0, 16) : '');

function FormToolbar({ onCancel }: { onCancel: () => void }) {
  const translate = useTranslate();
  return (
    <Toolbar sx={{ justifyContent: 'flex-end', gap: 1 }}>
      <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
      <SaveButton label="app.save" />
    </Toolbar>
  );
}

/** The group or the user select, whichever the chosen type needs. */
function TargetInput() {
  const registry = useRegistry();
  const users = registry.find('users');
  // The users list answers only with a branch (the users descriptor's `listNeedsFilter`): the
  // sender's own, or every branch for a sender who sees them all; the server keeps to their scope.
  const userFilter = { status: 1, ...usersPickerFilter(users?.listNeedsFilter) };
  return (
    <FormDataConsumer>
      {({ formData }: { formData: Record<string, unknown> }) => {
        if (formData.notification_type === 'Group')
          return (
            <ReferenceChoices source="notification_group" reference="group" filter={{ status: 1 }}>
              <SelectInput
                optionText="group_name"
                validate={required()}
                fullWidth
                label="resources.notification.fields.notification_group"
              />
            </ReferenceChoices>
          );
        if (formData.notification_type === 'User')
          return users ? (
            <ReferenceChoices source="notification_user" reference={users.name} filter={userFilter}>
              <SelectInput
                optionText={users.titleField}
                validate={required()}
                fullWidth
                label="resources.notification.fields.notification_user"
              />
            </ReferenceChoices>
          ) : (
            // Until the users resource is registered, the user is named by id.
            <NumberInput source="notification_user" validate={required()} min={1} label="resources.notification.fields.notification_user" />
          );
        return null;
      }}
    </FormDataConsumer>
  );
}

/** What the conflict dialog compares of a notice. */
export const CONFLICT_FIELDS: ConflictField[] = [
  { name: 'notification_title', label: 'resources.notification.fields.notification_title' },
  { name: 'notification_description', label: 'resources.notification.fields.notification_description', kind: 'html' },
  { name: 'notification_date', label: 'resources.notification.fields.notification_date' },
  { name: 'notification_expire_at', label: 'resources.notification.fields.notification_expire_at' },
  { name: 'notification_type', label: 'resources.notification.fields.notification_type' },
  { name: 'notification_group', label: 'resources.notification.fields.notification_group' },
  { name: 'notification_user', label: 'resources.notification.fields.notification_user' },
  { name: 'notification_status', label: 'resources.notification.fields.notification_status', kind: 'flag' },
];

function Fields({ onCancel, onDirty, guard }: { onCancel: () => void; onDirty: (dirty: boolean) => void; guard?: ReactNode }) {
  const translate = useTranslate();
  return (
    <SimpleForm
      toolbar={<FormToolbar onCancel={onCancel} />}
      defaultValues={{ notification_date: localNow(), notification_type: 'All', notification_status: 1 }}
    >
      {guard}
      <DirtyWatch onDirty={onDirty} />
      <TextInput source="notification_title" validate={required()} fullWidth label="resources.notification.fields.notification_title" />
      {/* The console's rich-text input: an accessible level menu, and an editing area named after the field. */}
      <RichTextFieldInput
        source="notification_description"
        label={translate('resources.notification.fields.notification_description')}
        validate={[]}
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' }}>
        <TextInput
          source="notification_date"
          type="datetime-local"
          validate={required()}
          format={toInput}
          label="resources.notification.fields.notification_date"
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {/* Optional (issue 48): from then on the notice leaves the inboxes; empty, it stays. */}
        <TextInput
          source="notification_expire_at"
          type="datetime-local"
          format={toInput}
          parse={(v: string) => v || null}
          label="resources.notification.fields.notification_expire_at"
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <SelectInput
          source="notification_type"
          choices={TYPE_CHOICES}
          validate={required()}
          label="resources.notification.fields.notification_type"
        />
      </Box>
      <TargetInput />
      <BooleanInput
        source="notification_status"
        label="resources.notification.fields.notification_status"
        format={(v: unknown) => Number(v) === 1}
        parse={(v: boolean) => (v ? 1 : 0)}
      />
    </SimpleForm>
  );
}

/** Create or edit dialog over the admin list; closes, toasts and lets the list refresh on success. */
export function NotificationFormDialog({ mode, onClose }: { mode: 'create' | { id: Identifier }; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const name = translate('resources.notification.name', { smart_count: 1 });
  const { refused, catchConflict } = useRefusedSave();
  const held = useHeldRecord();
  // A notice half written asks before Escape, a click outside or Cancel throws it away.
  const { requestClose, onDirty, question } = useDiscardGuard(onClose);
  const done = (message: string) => () => {
    notify(message, { type: 'success', messageArgs: { smart_count: 1 } });
    onClose();
  };
  return (
    <Dialog open onClose={requestClose} fullWidth maxWidth="md" aria-labelledby="notification-dialog-title">
      <DialogTitle id="notification-dialog-title">
        {translate(mode === 'create' ? 'app.new_record' : 'app.update_record', { name })}
      </DialogTitle>
      {mode !== 'create' && <RecordHistoryButton resource="notification" id={mode.id} corner />}
      {mode === 'create' ? (
        <CreateBase resource={NOTIFICATION_RESOURCE} redirect={false} mutationOptions={{ onSuccess: done('ra.notification.created') }}>
          <Fields onCancel={requestClose} onDirty={onDirty} />
        </CreateBase>
      ) : (
        <EditBase
          resource={NOTIFICATION_RESOURCE}
          id={mode.id}
          redirect={false}
          mutationMode="pessimistic"
          mutationOptions={{
            ...held.mutation,
            onSuccess: done('ra.notification.updated'),
            onError: (error, variables) => {
              if (!catchConflict(error, variables))
                notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
            },
          }}
          queryOptions={held.query}
        >
          <Fields
            onCancel={requestClose}
            onDirty={onDirty}
            guard={<FormConflictGuard fields={CONFLICT_FIELDS} refused={refused} onSaved={done('ra.notification.updated')} />}
          />
        </EditBase>
      )}
      {question}
    </Dialog>
  );
}
