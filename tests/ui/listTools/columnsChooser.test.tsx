import { useEffect, useState } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, DataTable, ListContextProvider, ResourceContextProvider, memoryStore, type ListControllerResult } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { ColumnsChooser, useColumnsPlace } from '../../../src/screens/ColumnsChooser';
import { createI18nProvider } from '../../../i18n';

const rows = [
  { id: 1, code: 'DHK', name: 'Dhanmondi' },
  { id: 2, code: 'CTG', name: 'Chattogram' },
];
const list = {
  data: rows,
  total: rows.length,
  isPending: false,
  isFetching: false,
  isLoading: false,
  page: 1,
  perPage: 10,
  sort: { field: 'id', order: 'ASC' },
  filterValues: {},
  displayedFilters: {},
  selectedIds: [],
  resource: 'branch',
  hasNextPage: false,
  hasPreviousPage: false,
  onToggleItem: () => undefined,
  onSelect: () => undefined,
  onUnselect: () => undefined,
  onSelectAll: () => undefined,
  setFilters: () => undefined,
  setPage: () => undefined,
  setPerPage: () => undefined,
  setSort: () => undefined,
  showFilter: () => undefined,
  hideFilter: () => undefined,
  refetch: () => undefined,
} as unknown as ListControllerResult;

/** The table first, the chooser's button `buttonAfterMs` later, as a busy computer renders a list. */
function List({ buttonAfterMs }: { buttonAfterMs: number }) {
  const place = useColumnsPlace('branch.datatable');
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), buttonAfterMs);
    return () => clearTimeout(timer);
  }, [buttonAfterMs]);
  return (
    <>
      {ready && <ColumnsChooser place={place} />}
      <DataTable bulkActionButtons={false}>
        <DataTable.Col source="code" label="Code" />
        <DataTable.Col source="name" label="Name" />
      </DataTable>
    </>
  );
}

describe('the column chooser', () => {
  it('lists the columns even when its button comes well after the table (react-admin looks for 500 ms)', async () => {
    render(
      <AdminContext store={memoryStore()} i18nProvider={createI18nProvider()}>
        <ResourceContextProvider value="branch">
          <ListContextProvider value={list}>
            <List buttonAfterMs={900} />
          </ListContextProvider>
        </ResourceContextProvider>
      </AdminContext>,
    );
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Code')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Columns' }, { timeout: 3000 }));
    fireEvent.click(await screen.findByRole('switch', { name: 'Code' }));
    await waitFor(() => expect(within(table).queryByText('Code')).not.toBeInTheDocument());
    // One place only: no second element with the id react-admin looks for.
    expect(document.querySelectorAll('[id="branch.datatable-columnsSelector"]')).toHaveLength(1);
  });
});
