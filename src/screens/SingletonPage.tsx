import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import Card from '@mui/material/Card';
import { CreateBase, EditBase, useCanAccess, useGetList, useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import type { ResourceDescriptor } from '../../resources';
import { ResourceForm } from './ResourceForm';
import { PageHeading } from './PageHeading';
import { ErrorBlock, Spinner } from './ListStates';
import { messageOf } from './failures';
import { useFormDefaults } from './defaults';
import { RecordHistoryButton } from '../modules/audit/RecordHistoryButton';
import { FormConflictGuard, useHeldRecord, useRefusedSave } from './conflict/FormConflictGuard';
import { descriptorFields } from './conflict/fieldValues';
import { notifySaved } from './savedNotice';
import { PendingRecordBadge } from './pending';
import { shownFields, useFieldRules, withoutHidden, withoutRuled } from './field-rules';

/** Title and breadcrumb of a one-record page (no New button: there is only ever one record). */
function SingletonHeader({ descriptor, section }: { descriptor: ResourceDescriptor; section?: boolean }) {
  const translate = useTranslate();
  const title = translate(`resources.${descriptor.name}.name`, { smart_count: 1 });
  // A part of another page (the About form below the home page's summary): an h2, the page keeps its title.
  if (section)
    return (
      <Typography id={`${descriptor.name}-section`} variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        {title}
      </Typography>
    );
  return (
    <Box sx={{ mt: 2, mb: 1 }}>
      <PageHeading title={title} />
    </Box>
  );
}

/**
 * A singleton (about, hero section) is one form: it loads the record through the list call and
 * updates it when there is one, otherwise creates it; after a create the page reloads the record
 * and every later save is an update.
 */
export function SingletonEditor({ descriptor, section = false }: { descriptor: ResourceDescriptor; section?: boolean }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const { data, isPending, error } = useGetList<RaRecord>(descriptor.name, { pagination: { page: 1, perPage: 1 } });
  const record = data?.[0];
  const rules = useFieldRules(descriptor.name);
  const formDefaults = useFormDefaults(descriptor);
  const defaults = formDefaults && withoutHidden(formDefaults, rules);
  // Saving needs update permission for the record, create permission for the first save.
  const { canAccess: canSave } = useCanAccess({ resource: descriptor.name, action: record ? 'edit' : 'create' });
  const { refused, catchConflict } = useRefusedSave();
  const held = useHeldRecord();
  const saved = (message: string) => (record?: RaRecord) => {
    notifySaved(notify, message, record);
    refresh();
  };
  return (
    <>
      <SingletonHeader descriptor={descriptor} section={section} />
      {record && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 1, mb: 1 }}>
          <PendingRecordBadge resource={descriptor.name} id={record.id} />
          <RecordHistoryButton resource={descriptor.name} id={record.id} />
        </Box>
      )}
      <Card>
        {isPending || (!record && !defaults) ? (
          <Spinner />
        ) : error ? (
          <ErrorBlock message={error.message} />
        ) : record ? (
          <EditBase
            resource={descriptor.name}
            id={record.id}
            redirect={false}
            mutationMode="pessimistic"
            transform={(data: RaRecord) => withoutRuled(data, rules)}
            mutationOptions={{
              ...held.mutation,
              onSuccess: saved('ra.notification.updated'),
              onError: (error, variables) => {
                if (!catchConflict(error, variables)) notify(messageOf(error) || 'ra.notification.http_error', { type: 'error' });
              },
            }}
            queryOptions={held.query}
          >
            <ResourceForm
              descriptor={descriptor}
              readOnly={!canSave}
              extraInputs={
                <FormConflictGuard
                  fields={descriptorFields(descriptor.name, shownFields(descriptor.fields, rules))}
                  refused={refused}
                  onSaved={saved('ra.notification.updated')}
                />
              }
            />
          </EditBase>
        ) : (
          <CreateBase
            resource={descriptor.name}
            redirect={false}
            transform={(data: RaRecord) => withoutRuled(data, rules)}
            mutationOptions={{ onSuccess: saved('ra.notification.created') }}
          >
            <ResourceForm descriptor={descriptor} defaultValues={defaults} readOnly={!canSave} />
          </CreateBase>
        )}
      </Card>
    </>
  );
}
