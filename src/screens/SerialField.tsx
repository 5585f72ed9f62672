import { useListContext, useRecordContext, type RaRecord } from 'react-admin';

/** Row number across pages, zero-padded to 2 digits (01, 02, ...; page 2 of 25 starts at 26). */
export function SerialField() {
  const record = useRecordContext();
  const { data = [], page, perPage } = useListContext<RaRecord>();
  if (!record) return null;
  const index = data.findIndex((r) => r.id === record.id);
  return <>{String((page - 1) * perPage + index + 1).padStart(2, '0')}</>;
}
