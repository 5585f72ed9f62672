import { ColumnsButton, TopToolbar } from 'react-admin';
import type { ResourceDescriptor } from '../../resources';
import { SavedFilters } from './SavedFilters';
import { useServerColumns } from './ListColumns';
import { DeletedRecordsButton } from '../modules/audit/DeletedRecordsButton';

/**
 * A list's own tools beside its filter bar: saved filters and react-admin's column chooser, both
 * kept on the server for the user (the bulk actions appear when rows are selected, see BulkActions).
 */
export function ListTools({ descriptor }: { descriptor: ResourceDescriptor }) {
  useServerColumns(descriptor.name);
  return (
    <TopToolbar>
      <SavedFilters resource={descriptor.name} />
      <ColumnsButton />
      <DeletedRecordsButton resource={descriptor.name} />
    </TopToolbar>
  );
}
