import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { CreateBase, EditBase, useNotify, useRefresh, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { useScreenExtension } from './extensions';
import type { ResourceDescriptor } from '../../resources';
import { ResourceForm } from './ResourceForm';
import { defaultValues } from './defaults';

interface Props {
  descriptor: ResourceDescriptor;
  /** 'create' for a new record, otherwise the id of the record to edit. */
  mode: 'create' | { id: Identifier };
  onClose: () => void;
  /** Told the saved record after a successful save (a module's follow-up dialog). */
  onSaved?: (record: RaRecord) => void;
}

/**
 * Create/edit dialog over the list. Its open state lives in the URL (/branch/create, /branch/12),
 * so the list owns it; on success the dialog closes, a toast shows and the list refreshes.
 */
export function FormDialog({ descriptor, mode, onClose, onSaved }: Props) {
  const CreateInputs = useScreenExtension(descriptor.name).CreateInputs;
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const name = translate(`resources.${descriptor.name}.name`, { smart_count: 1 });
  const done = (message: string) => (record: RaRecord) => {
    notify(message, { type: 'success', messageArgs: { smart_count: 1 } });
    onClose();
    refresh();
    onSaved?.(record);
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth={descriptor.dialog ?? 'md'} aria-labelledby="resource-dialog-title">
      <DialogTitle id="resource-dialog-title">
        {translate(mode === 'create' ? 'app.new_record' : 'app.update_record', { name })}
      </DialogTitle>
      {mode === 'create' ? (
        <CreateBase resource={descriptor.name} redirect={false} mutationOptions={{ onSuccess: done('ra.notification.created') }}>
          <ResourceForm
            descriptor={descriptor}
            onCancel={onClose}
            defaultValues={defaultValues(descriptor)}
            extraInputs={CreateInputs && <CreateInputs />}
          />
        </CreateBase>
      ) : (
        <EditBase
          resource={descriptor.name}
          id={mode.id}
          redirect={false}
          mutationMode="pessimistic"
          mutationOptions={{ onSuccess: done('ra.notification.updated') }}
        >
          <ResourceForm descriptor={descriptor} onCancel={onClose} />
        </EditBase>
      )}
    </Dialog>
  );
}
