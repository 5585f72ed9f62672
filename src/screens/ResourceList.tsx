import { cloneElement, useEffect, useMemo, useState, type ReactElement } from 'react';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { matchPath, useLocation, useNavigate } from 'react-router-dom';
import {
  DataTable,
  List,
  SearchInput,
  SelectInput,
  useCanAccess,
  useListContext,
  useNotify,
  useRequireAccess,
  useResourceContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { ResourceDescriptor } from '../../resources';
import { useRegistry } from '../registry-context';
import { entryOf } from '../fields/kinds';
import { ListHeader } from './ListHeader';
import { DataNotFound, Spinner } from './ListStates';
import { ListError, ListPagination } from './ListError';
import { RowActions } from './RowActions';
import { PendingRowBadge, usePendingRecords } from './pending';
import { ListCards } from './ListCards';
import { useDeferredPart } from '../layout/useDeferredPart';
import { useRowActionExtensions } from './row-action-extensions';
import { SerialField } from './SerialField';
import { bulkButtonsFor } from './BulkActions';
import { ListToolsRow } from './ListTools';
import { NamedRowCheckboxes } from './NamedRowCheckboxes';
import { ManageableRowsProvider, useExtensionFilters, useManageableRows, useScreenExtension } from './extensions';
import { lazyComponent } from '../lazy';
import { LIST_PER_PAGE, listSort, useFirstPageOptions } from './firstPage';
import { useStoredAccess } from '../storedAnswers';
import { shownFields, useFieldRules, type FieldRules } from './field-rules';
import { PublicationState } from './PublicationState';

/** The create/edit dialog (the form and its inputs) loads the first time a dialog opens. */
const FormDialog = lazyComponent(() => import('./FormDialog').then((m) => m.FormDialog), null);

const statusChoices = [
  { id: '1', name: 'app.active' },
  { id: '0', name: 'app.inactive' },
];

/** Search box, status filter, then the descriptor's own `filter: true` fields the user may see. */
function filtersOf(d: ResourceDescriptor, rules: FieldRules): ReactElement[] {
  const filters: ReactElement[] = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="status" source="status" label="app.status" choices={statusChoices} emptyText="app.all" alwaysOn />,
  ];
  for (const f of shownFields(d.fields, rules)) {
    const make = entryOf(f).filter;
    // FilterForm reads `source` and `alwaysOn` from the element itself, so set them there.
    if (f.filter && make)
      filters.push(
        cloneElement(make({ field: f, resource: d.name }) as ReactElement<{ alwaysOn?: boolean }>, { key: f.name, alwaysOn: true }),
      );
  }
  return filters;
}

/**
 * The extension's filters replace the generic ones with the same source, or come after them; none
 * on a field hidden from the user (filtering on it would reveal it: the server refuses it).
 */
function mergeFilters(generic: ReactElement[], given: readonly ReactElement<{ source: string }>[], rules: FieldRules): ReactElement[] {
  const custom = given.filter((f) => !rules.hidden.has(f.props.source));
  const bySource = new Map(custom.map((f) => [f.props.source, f]));
  const merged = generic.map((f) => bySource.get((f.props as { source?: string }).source ?? '') ?? f);
  return [...merged, ...custom.filter((f) => !merged.includes(f))];
}

/** A list that needs a filter value before it loads (the user list's branch) says so, once. */
function useNeededFilter(descriptor: ResourceDescriptor): string | undefined {
  const filterValues: unknown = useListContext().filterValues;
  const translate = useTranslate();
  const notify = useNotify();
  const field = descriptor.listNeedsFilter;
  const value = field ? (filterValues as Record<string, unknown> | undefined)?.[field] : 'none needed';
  const missing = value === undefined || value === null || value === '';
  const message = missing ? translate(`resources.${descriptor.name}.needs_filter`, { _: field }) : undefined;
  useEffect(() => {
    if (message) notify(message, { type: 'warning' });
  }, [message, notify]);
  return message;
}

/**
 * A sortable column's header before its sort control is rendered (see Table): the room the
 * control's arrow will take (MUI TableSortLabel's 18 px icon and 4 px margins), so the columns do
 * not move when it arrives (tests/e2e/firstRow.test.ts).
 */
const SORT_PENDING = 'sort-pending';
const SORT_PENDING_SX = {
  // Laid out as the control is: the label and the arrow in an inline flex row.
  [`& .${SORT_PENDING} > span`]: {
    display: 'inline-flex',
    alignItems: 'center',
    '&::after': { content: '""', flexShrink: 0, width: '26px' },
  },
};

/** A table wider than the screen (a phone) scrolls sideways inside its own area, not the page. */
const TABLE_SX = { ...SORT_PENDING_SX, '& .RaDataTable-tableWrapper': { overflowX: 'auto' } };

/**
 * Holds the filter bar's place until its inputs are rendered: a one-line bar is 64 px, 16 px of
 * which react-admin's list leaves empty above its content when it has no bar. On a wide screen
 * (lg and up) every descriptor's filters fit on one line, so the rows do not move when the bar
 * arrives (tests/e2e/firstRow.test.ts); on a narrower one the bar may wrap, so it is not deferred.
 */
function FilterBarPlace() {
  return <Box aria-hidden sx={{ height: 48 }} />;
}

/**
 * A list that could not be loaded says so in its own error block, in words (ListError); react-admin's
 * default would also raise a toast with the raw error, such as the browser's "Failed to fetch".
 */
const keepErrorInList = () => undefined;

/** The table, or the spinner / error block / "Data Not Found" the spec asks for instead. */
function Table({ descriptor, ready }: { descriptor: ResourceDescriptor; ready: boolean }) {
  const { isPending, error, data } = useListContext<RaRecord>();
  const { canAccess: canEdit } = useCanAccess(useStoredAccess({ resource: descriptor.name, action: 'edit' }));
  const { canAccess: canDelete } = useCanAccess(useStoredAccess({ resource: descriptor.name, action: 'delete' }));
  const extras = useRowActionExtensions(descriptor.name);
  const withActions = canEdit === true || canDelete === true || extras.length > 0;
  const ids = useMemo(() => (withActions && data ? data.map((r) => r.id) : []), [withActions, data]);
  const mayManage = useManageableRows(descriptor.name, ids);
  // Records waiting for review (issue 48): one answer for the page, a badge per row.
  const pending = usePendingRecords(descriptor.name);
  const needed = useNeededFilter(descriptor);
  // A field hidden from the user has no column, hence no sort control either.
  const rules = useFieldRules(descriptor.name);
  // A phone gets one card per row (ListCards): a table of every column was wider than the screen.
  const phone = useMediaQuery((t) => t.breakpoints.down('sm'), { noSsr: true });
  if (needed) return <DataNotFound message={needed} />;
  if (isPending) return <Spinner />;
  if (error) return <ListError />;
  const bulkButtons = bulkButtonsFor(descriptor, canEdit === true, canDelete === true);
  if (phone)
    return (
      <ManageableRowsProvider value={mayManage}>
        <ListCards
          descriptor={descriptor}
          rules={rules}
          canEdit={canEdit === true}
          canDelete={canDelete === true}
          withActions={withActions}
          bulkButtons={bulkButtons}
          ready={ready}
        />
      </ManageableRowsProvider>
    );
  return (
    <ManageableRowsProvider value={mayManage}>
      <DataTable bulkActionButtons={bulkButtons} rowClick={false} empty={<DataNotFound />} sx={TABLE_SX}>
        <DataTable.Col label="app.serial" disableSort>
          <SerialField />
          <PendingRowBadge pending={pending} />
        </DataTable.Col>
        {shownFields(descriptor.fields, rules)
          .filter((f) => f.list)
          .map((f) => {
            const { column: Column, sortable = true } = entryOf(f);
            return (
              <DataTable.Col
                key={f.name}
                source={f.name}
                disableSort={!ready || !sortable}
                headerClassName={!ready && sortable ? SORT_PENDING : undefined}
              >
                <Column field={f} resource={descriptor.name} />
              </DataTable.Col>
            );
          })}
        {descriptor.scheduled && (
          <DataTable.Col label="schedule.state.label" disableSort>
            <PublicationState scheduled={descriptor.scheduled} />
          </DataTable.Col>
        )}
        {withActions && (
          <DataTable.Col label="app.options" disableSort>
            <RowActions canEdit={canEdit === true} canDelete={canDelete === true} tips={ready} />
          </DataTable.Col>
        )}
      </DataTable>
    </ManageableRowsProvider>
  );
}

/**
 * The generated list screen of any descriptor. The Resource registers only this component: its
 * route is `/{name}/*`, so `/{name}/create` and `/{name}/{id}` also land here and open the dialog
 * (the pattern of react-admin's demo reviews).
 */
export function ResourceList() {
  const resource = useResourceContext() ?? '';
  const descriptor = useRegistry().get(resource);
  const location = useLocation();
  const navigate = useNavigate();
  const close = () => {
    void navigate({ pathname: `/${resource}`, search: location.search });
  };
  const extension = useScreenExtension(resource);
  const custom = useExtensionFilters(extension);
  const [saved, setSaved] = useState<RaRecord>();
  const AfterSave = extension.AfterSave;
  const onSaved = AfterSave ? setSaved : undefined;
  const creating = matchPath(`/${resource}/create`, location.pathname);
  const editing = !creating && matchPath(`/${resource}/:id`, location.pathname);
  const ready = useDeferredPart();
  // Read at the first render (noSsr): the filter bar waits only where its place is known.
  const wide = useMediaQuery((t) => t.breakpoints.up('lg'), { noSsr: true });
  const barLater = wide && !ready;
  // The list's own checks are asked here rather than by react-admin's list (disableAuthentication),
  // starting from the stored session's answer: its rows are not held back a render for an answer
  // known at once, and a later check re-renders this screen's checks, not the list. The session
  // check is the layout's (SessionCheck); a refusal goes to the access-denied page as before, and
  // only a permitted list asks the server for rows.
  const access = useStoredAccess({ resource, action: 'list' });
  useRequireAccess(access);
  const { canAccess: mayList } = useCanAccess(access);
  const rules = useFieldRules(resource);
  const firstPage = useFirstPageOptions(descriptor, location.search, extension.useListFilters !== undefined);
  return (
    <>
      <ListHeader descriptor={descriptor} />
      {barLater && <FilterBarPlace />}
      <List
        resource={resource}
        title={false}
        actions={false}
        filters={barLater ? undefined : mergeFilters(filtersOf(descriptor, rules), custom.filters, rules)}
        filterDefaultValues={custom.defaults}
        sort={listSort(descriptor)}
        perPage={LIST_PER_PAGE}
        pagination={ready ? <ListPagination rowsPerPageOptions={[10, 25, 50, 100]} /> : false}
        empty={false}
        error={<ListError />}
        disableSyncWithLocation={false}
        disableAuthentication
        queryOptions={{ ...firstPage, enabled: mayList === true, onError: keepErrorInList }}
      >
        <ListToolsRow descriptor={descriptor} ready={ready} />
        <NamedRowCheckboxes>
          <Table descriptor={descriptor} ready={ready} />
        </NamedRowCheckboxes>
      </List>
      {creating && <FormDialog descriptor={descriptor} mode="create" onClose={close} onSaved={onSaved} />}
      {editing && editing.params.id && (
        <FormDialog key={editing.params.id} descriptor={descriptor} mode={{ id: editing.params.id }} onClose={close} onSaved={onSaved} />
      )}
      {AfterSave && saved && (
        <AfterSave
          record={saved}
          onClose={() => {
            setSaved(undefined);
          }}
        />
      )}
    </>
  );
}
