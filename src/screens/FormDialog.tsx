import { useEffect, useMemo, useState, type ComponentType } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { CreateBase, EditBase, useNotify, useRefresh, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { useChoiceScopes, useManageableRows, useScreenExtension, withScopedDefaults } from './extensions';
import type { ResourceDescriptor } from '../../resources';
import { ResourceForm } from './ResourceForm';
import { useDiscardGuard } from './DiscardGuard';
import { useFormDefaults } from './defaults';
import { ErrorBlock, Spinner } from './ListStates';
import { isNetworkFailure, messageOf } from './failures';
import { RecordHistoryButton } from '../modules/audit/RecordHistoryButton';
import { FormConflictGuard, useHeldRecord, useRefusedSave } from './conflict/FormConflictGuard';
import { descriptorFields } from './conflict/fieldValues';
import { isOnDemand } from '../lazy';
import { notifySaved } from './savedNotice';
import { PendingRecordBadge } from './pending';
import { shownFields, useFieldRules, withoutHidden, withoutRuled } from './field-rules';

interface Props {
  descriptor: ResourceDescriptor;
  /** 'create' for a new record, otherwise the id of the record to edit. */
  mode: 'create' | { id: Identifier };
  onClose: () => void;
  /** Told the saved record after a successful save (a module's follow-up dialog). */
  onSaved?: (record: RaRecord) => void;
}

/**
 * Whether a module's create-only inputs are here when their code loads on demand: the create form
 * opens once they are, rather than without them for a moment.
 */
function useInputsReady(inputs: ComponentType | undefined): boolean {
  const [ready, setReady] = useState(() => !isOnDemand(inputs));
  useEffect(() => {
    if (ready || !isOnDemand(inputs)) return;
    let live = true;
    // preload never rejects: after a failed fetch the inputs render and retry it themselves.
    void inputs.preload().then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [inputs, ready]);
  return ready;
}

/**
 * A new record's default values, kept once the user has changed something. react-admin's form
 * starts again from its default values whenever they change, so a late answer (the field rules
 * asked again, a choice scope) would wipe what was typed meanwhile.
 */
function useSteadyDefaults(latest: Record<string, unknown> | undefined, changed: boolean) {
  const [steady, setSteady] = useState(latest);
  const moved = latest !== undefined && JSON.stringify(latest) !== JSON.stringify(steady);
  if (moved && !(changed && steady)) setSteady(latest);
  return moved && !(changed && steady) ? latest : steady;
}

/**
 * Create/edit dialog over the list. Its open state lives in the URL (/branch/create, /branch/12),
 * so the list owns it; on success the dialog closes, a toast shows and the list refreshes.
 * Failures follow the spec: the server's refusal (422, 409, ...) is a toast with its message and
 * the dialog stays; a network failure puts an error block in place of the form body (the form
 * keeps what was typed, for "Try again"); a record that cannot be loaded leaves the form open and
 * blank, saying why.
 */
export function FormDialog({ descriptor, mode, onClose, onSaved }: Props) {
  const CreateInputs = useScreenExtension(descriptor.name).CreateInputs;
  const inputsReady = useInputsReady(mode === 'create' ? CreateInputs : undefined);
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const scopes = useChoiceScopes(descriptor.name);
  const formDefaults = useFormDefaults(descriptor);
  // A field hidden from the user starts with nothing: the server stores its declared default.
  const rules = useFieldRules(descriptor.name);
  const latestDefaults = formDefaults && withScopedDefaults(withoutHidden(formDefaults, rules), scopes);
  const recordId = mode === 'create' ? undefined : mode.id;
  const ids = useMemo(() => (recordId === undefined ? [] : [recordId]), [recordId]);
  const mayManage = useManageableRows(descriptor.name, ids);
  // A record known to be beyond the user (a user holding more than they do) opens without Save, saying why.
  const locked = recordId !== undefined && mayManage(recordId) === false;
  // A phone gets the whole screen: a centred dialog was wider than it, with Save out of reach.
  const phone = useMediaQuery((t) => t.breakpoints.down('sm'));
  const [networkError, setNetworkError] = useState<string>();
  // A form holding unsaved changes asks before Escape, a click outside or Cancel throws them away.
  const { requestClose, onDirty, question, changed } = useDiscardGuard(onClose);
  const defaults = useSteadyDefaults(latestDefaults, changed);
  const [loadError, setLoadError] = useState<string>();
  const name = translate(`resources.${descriptor.name}.name`, { smart_count: 1 });
  const done = (message: string) => (record: RaRecord) => {
    notifySaved(notify, message, record);
    onClose();
    refresh();
    onSaved?.(record);
  };
  // A save over someone else's change opens the conflict dialog; an open record is not reloaded under the user.
  const { refused, catchConflict } = useRefusedSave();
  const held = useHeldRecord();
  const failed = (error: unknown, variables?: { data?: unknown }) => {
    if (catchConflict(error, variables)) return;
    if (isNetworkFailure(error)) setNetworkError(messageOf(error));
    // The form's resource tells which label a field named in the message has (several entities share a column name).
    else notify(messageOf(error) || 'ra.notification.http_error', { type: 'error', messageArgs: { field_resource: descriptor.name } });
  };
  const form = (
    <Box sx={networkError ? { display: 'none' } : undefined}>
      {loadError && (
        <Alert severity="warning" sx={{ mx: 2 }} role="alert">
          {translate('shell.form.load_failed', { message: loadError })}
        </Alert>
      )}
      {locked && (
        <Alert severity="info" sx={{ mx: 2, mt: 1 }}>
          {translate('shell.form.read_only')}
        </Alert>
      )}
      <ResourceForm
        descriptor={descriptor}
        onCancel={requestClose}
        onDirty={onDirty}
        defaultValues={mode === 'create' ? defaults : undefined}
        extraInputs={
          mode !== 'create' ? (
            <FormConflictGuard
              fields={descriptorFields(descriptor.name, shownFields(descriptor.fields, rules))}
              refused={refused}
              onSaved={done('ra.notification.updated')}
            />
          ) : CreateInputs ? (
            <CreateInputs />
          ) : undefined
        }
        readOnly={locked}
      />
      {locked && (
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.close')}</Button>
        </DialogActions>
      )}
    </Box>
  );
  // A module's create inputs come with the dialog, never a moment after it.
  if (!inputsReady) return null;
  return (
    <Dialog
      open
      onClose={requestClose}
      fullWidth
      fullScreen={phone}
      maxWidth={descriptor.dialog ?? 'md'}
      aria-labelledby="resource-dialog-title"
    >
      <DialogTitle id="resource-dialog-title">
        {translate(mode === 'create' ? 'app.new_record' : 'app.update_record', { name })}
      </DialogTitle>
      {recordId !== undefined && <RecordHistoryButton resource={descriptor.name} id={recordId} corner />}
      {recordId !== undefined && (
        <Box sx={{ px: 2 }}>
          <PendingRecordBadge resource={descriptor.name} id={recordId} />
        </Box>
      )}
      {networkError && (
        <>
          <ErrorBlock message={translate('shell.form.network_error', { message: networkError })} />
          <DialogActions>
            <Button onClick={requestClose}>{translate('ra.action.close')}</Button>
            <Button variant="contained" onClick={() => setNetworkError(undefined)}>
              {translate('app.retry')}
            </Button>
          </DialogActions>
        </>
      )}
      {mode === 'create' ? (
        defaults ? (
          <CreateBase
            resource={descriptor.name}
            redirect={false}
            transform={(data: RaRecord) => withoutRuled(data, rules)}
            mutationOptions={{ onSuccess: done('ra.notification.created'), onError: failed }}
          >
            {form}
          </CreateBase>
        ) : (
          <Spinner />
        )
      ) : (
        <EditBase
          resource={descriptor.name}
          id={mode.id}
          redirect={false}
          mutationMode="pessimistic"
          transform={(data: RaRecord) => withoutRuled(data, rules)}
          mutationOptions={{ ...held.mutation, onSuccess: done('ra.notification.updated'), onError: failed }}
          queryOptions={{ ...held.query, onError: (error: unknown) => setLoadError(messageOf(error) || translate('app.error_body')) }}
        >
          {form}
        </EditBase>
      )}
      {question}
    </Dialog>
  );
}
