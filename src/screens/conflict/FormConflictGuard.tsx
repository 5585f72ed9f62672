import { useState } from 'react';
import { useDataProvider, useEditContext, useRecordContext, useResourceContext, type RaRecord } from 'react-admin';
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

export { useHeldRecord } from './heldRecord';

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
  // The form follows its record: the edit controller reading it again (its query is held, so only
  // when asked) makes react-admin's Form reset to the record as stored now.
  const { refetch } = useEditContext();
  if (!record || !resource) return null;
  const id = record.id;
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
        await refetch();
        return data;
      }}
      reload={() => void refetch()}
      onSaved={(saved) => {
        onSaved(saved as RaRecord);
      }}
    />
  );
}
