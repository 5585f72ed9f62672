import { ColumnsButton, TopToolbar } from 'react-admin';
import type { ResourceDescriptor } from '../../resources';
import { lazyComponent } from '../lazy';
import { DeletedRecordsButton } from '../modules/audit/DeletedRecordsButton';

/** The saved filters and the columns' server copy load after the list: reading it needs neither. */
const SavedFilters = lazyComponent(() => import('./SavedFilters').then((m) => m.SavedFilters), null);
const ServerColumns = lazyComponent(() => import('./ListColumns').then((m) => m.ServerColumns), null);

/**
 * A list's own tools beside its filter bar: saved filters and react-admin's column chooser, both
 * kept on the server for the user (the bulk actions appear when rows are selected, see BulkActions).
 * The chooser's button itself is here at once: the table's column list looks for its place only
 * for a moment after the table appears.
 */
export function ListTools({ descriptor }: { descriptor: ResourceDescriptor }) {
  return (
    <TopToolbar>
      <ServerColumns resource={descriptor.name} />
      {/* First: the toolbar is aligned to the end, so the columns button does not move when it arrives. */}
      <SavedFilters resource={descriptor.name} />
      <ColumnsButton />
      <DeletedRecordsButton resource={descriptor.name} />
    </TopToolbar>
  );
}
