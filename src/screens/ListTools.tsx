import Box from '@mui/material/Box';
import type { ResourceDescriptor } from '../../resources';
import { lazyComponent } from '../lazy';
import { DeletedRecordsButton } from '../modules/audit/DeletedRecordsButton';
import { ColumnsChooser, useColumnsPlace } from './ColumnsChooser';

/**
 * The tools' buttons and the columns' server copy load after the list, in one small chunk: reading
 * it needs none of them. What a button opens loads when the user reaches for it (ListToolButtons).
 */
const toolButtons = () => import('./ListToolButtons');
const SavedFiltersButton = lazyComponent(() => toolButtons().then((m) => m.SavedFiltersButton), null);
const ServerColumns = lazyComponent(() => toolButtons().then((m) => m.ServerColumns), null);
// The buttons' two words are in the shell's catalogue; the rest of the spreadsheet tools' words
// come with the menu and dialog they open (SpreadsheetButtons).
const SpreadsheetButtons = lazyComponent(() => toolButtons().then((m) => m.SpreadsheetButtons), null);

/** The row's height, kept from the list's first commit on so that the table never moves. */
const ROW_SX = { display: 'flex', justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'nowrap', gap: 1, height: 40 } as const;

/**
 * A list's own tools, in a row of their own between the filter bar and the table (beside the
 * filters they made the bar wrap on lists with several filters): saved filters and react-admin's
 * column chooser, both kept on the server for the user, and the modules' list buttons. The bulk
 * actions appear over the table when rows are selected (BulkActions). `ready`: the list's first
 * commit holds the row's place only; the buttons follow at once (useDeferredPart). The column
 * chooser's place is made in that first commit (useColumnsPlace): the table looks for it only then.
 */
export function ListToolsRow({ descriptor, ready }: { descriptor: ResourceDescriptor; ready: boolean }) {
  const columnsPlace = useColumnsPlace(`${descriptor.name}.datatable`);
  if (!ready) return <Box aria-hidden sx={ROW_SX} />;
  return (
    <Box sx={ROW_SX}>
      <ServerColumns resource={descriptor.name} />
      <SavedFiltersButton resource={descriptor.name} />
      <ColumnsChooser place={columnsPlace} />
      <DeletedRecordsButton resource={descriptor.name} />
      <SpreadsheetButtons descriptor={descriptor} />
    </Box>
  );
}
