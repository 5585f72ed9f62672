import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useRecordContext, useResourceContext, type RaRecord } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { isConflict } from '../../../dataProvider/versions';
import { ConflictGuard, type RefusedSave } from './ConflictGuard';
import type { ConflictField } from './fieldValues';

type Values = Record<string, unknown>;

/**
 * The edit form's side of a version conflict: `catchConflict` is the first thing its save's
 * onError asks (true: the conflict dialog takes it from here, no toast), `refused` goes to the
 * FormConflictGuard inside the form.
 */
export function useRefusedSave() {
  const [refused, setRefused] = useState<RefusedSave>();
  const catchConflict = (error: unknown, variables?: { data?: unknown }): boolean => {
    if (!isConflict(error)) return false;
    setRefused({ error, yours: (variables?.data ?? {}) as Values });
    return true;
  };
  return { refused, catchConflict };
}

/** Names the held record's query apart from the shared one other screens refresh (the app bar's recent items). */
const HELD = { held: true };

/**
 * Options for an edit form's record query and save: read once, then held. A refetch (another
 * user's save pushed over the socket) would put the stored record in the form and drop what the
 * user typed; instead the guard says that it changed and lets the user review it. The save names
 * the same query, so react-admin puts the saved record in it.
 */
export function useHeldRecord() {
  const [loaded, setLoaded] = useState(false);
  return {
    query: {
      meta: HELD,
      ...(loaded && { enabled: false }),
      onSuccess: () => {
        setLoaded(true);
      },
    },
    mutation: { meta: HELD },
  };
}

interface Props {
  fields: readonly ConflictField[];
  refused?: RefusedSave;
  onSaved: (record: RaRecord) => void;
}

/** The ConflictGuard of a react-admin edit form: rendered inside the form, for its record and values. */
export function FormConflictGuard({ fields, refused, onSaved }: Props) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const form = useFormContext();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  if (!record || !resource) return null;
  const id = record.id;
  // The form follows its record: putting one in the query makes react-admin's Form reset to it.
  const setRecord = (r: Values) => {
    queryClient.setQueriesData({ queryKey: [resource, 'getOne', { id: String(id) }] }, r);
  };
  return (
    <ConflictGuard
      resource={resource}
      id={id}
      fields={fields}
      base={record}
      refused={refused}
      yours={() => form.getValues()}
      read={async () => (await dataProvider.getOne<RaRecord>(resource, { id })).data}
      save={async (merged, theirs) => {
        const { data } = await dataProvider.update<RaRecord>(resource, { id, data: merged, previousData: theirs as RaRecord });
        setRecord(data);
        return data;
      }}
      reload={setRecord}
      onSaved={(saved) => {
        onSaved(saved as RaRecord);
      }}
    />
  );
}
