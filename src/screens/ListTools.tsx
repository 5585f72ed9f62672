import Box from '@mui/material/Box';
import { ColumnsButton } from 'react-admin';
import type { ResourceDescriptor } from '../../resources';
import { lazyComponent } from '../lazy';
import { loadToolMessages } from '../../i18n';
import { DeletedRecordsButton } from '../modules/audit/DeletedRecordsButton';

/** The saved filters and the columns' server copy load after the list: reading it needs neither. */
const SavedFilters = lazyComponent(() => import('./SavedFilters').then((m) => m.SavedFilters), null);
const ServerColumns = lazyComponent(() => import('./ListColumns').then((m) => m.ServerColumns), null);
// Export and import load on demand: their code (and their dialogs) never enter the first visit.
// Their English words too: the buttons show once both have arrived.
const SpreadsheetButtons = lazyComponent(
  () =>
    Promise.all([import('../modules/spreadsheets/SpreadsheetButtons'), loadToolMessages('spreadsheets')]).then(
      ([m]) => m.SpreadsheetButtons,
    ),
  null,
);

/** The row's height, kept from the list's first commit on so that the table never moves. */
const ROW_SX = { display: 'flex', justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'nowrap', gap: 1, height: 40 } as const;

/**
 * A list's own tools, in a row of their own between the filter bar and the table (beside the
 * filters they made the bar wrap on lists with several filters): saved filters and react-admin's
 * column chooser, both kept on the server for the user, and the modules' list buttons. The bulk
 * actions appear over the table when rows are selected (BulkActions). `ready`: the list's first
 * commit holds the row's place only; the buttons follow at once (useDeferredPart). The chooser's
 * button is not loaded on demand: the table's column list looks for its place only for a moment.
 */
export function ListToolsRow({ descriptor, ready }: { descriptor: ResourceDescriptor; ready: boolean }) {
  if (!ready) return <Box aria-hidden sx={ROW_SX} />;
  return (
    <Box sx={ROW_SX}>
      <ServerColumns resource={descriptor.name} />
      <SavedFilters resource={descriptor.name} />
      <ColumnsButton />
      <DeletedRecordsButton resource={descriptor.name} />
      <SpreadsheetButtons descriptor={descriptor} />
    </Box>
  );
}
