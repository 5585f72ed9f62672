import { useGetManyAggregate, type RaRecord } from 'react-admin';
import { useRegistry } from '../../registry-context';

/**
 * The name of the record a reference value points to (a department's name, not its id), read in
 * one batch with the other references shown; its id while unknown or unreadable (gone since, or
 * beyond the viewer's permissions).
 */
export function ReferenceName({ reference, id }: { reference: string; id: unknown }) {
  const target = useRegistry().find(reference);
  const valid = (typeof id === 'number' || typeof id === 'string') && String(id) !== '' && String(id) !== '0';
  const { data } = useGetManyAggregate<RaRecord>(
    reference,
    { ids: valid ? [id] : [] },
    { enabled: valid && target !== undefined, retry: false },
  );
  const title: unknown = target ? data?.[0]?.[target.titleField] : undefined;
  // No reference at all (null, empty): a dash, never the word "null".
  if ((typeof id !== 'number' && typeof id !== 'string') || id === '') return <>—</>;
  return <>{typeof title === 'string' && title !== '' ? title : String(id)}</>;
}
