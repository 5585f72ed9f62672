import { useContext, useMemo, type ReactElement, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import MuiLink from '@mui/material/Link';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  AutocompleteInput,
  CanAccess,
  DataProviderContext,
  DataTable,
  DateInput,
  List,
  ReferenceInput,
  SelectInput,
  TextInput,
  useListContext,
  useTranslate,
  type DataProvider,
  type GetListParams,
  type RaRecord,
} from 'react-admin';
import type { Registry } from '../../../resources';
import { useRegistry } from '../../registry-context';
import { PageHeading } from '../../screens/PageHeading';
import { DataNotFound, Spinner } from '../../screens/ListStates';
import { ListError, ListPagination } from '../../screens/ListError';
import { useFormat } from '../i18n/useFormat';
import { usersPickerFilter } from '../users/branchScope';
import { AUDIT_ACTIONS, AUDIT_SLUGS, auditApi, type AuditEntry, type LogFilters } from './api';
import { fieldChangesOf, slugChangeOf } from './changes';
import { useFieldLabel } from './ChangeValues';
import { useActionLabel } from './EntryHeading';
import { deletedPath, recordPath } from './links';
import { AccessDeniedPage } from '../access/AccessDeniedPage';

/** The log's resource name is its permission slug, so react-admin's canAccess checks the slug. */
const LOG = AUDIT_SLUGS.log;

type Entry = AuditEntry & RaRecord;

const digits = (v: unknown) => (typeof v === 'string' || typeof v === 'number') && /^\d+$/.test(String(v));
const numberOf = (v: unknown) => (digits(v) ? Number(v) : undefined);
const textOf = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

/** The list's filter values as the log's route takes them (a partly typed record id is left out). */
export function logFilters(filter: Record<string, unknown>): LogFilters {
  return {
    actor: numberOf(filter.actor),
    resource: textOf(filter.resource),
    record: numberOf(filter.record),
    action: textOf(filter.action),
    from: textOf(filter.from),
    to: textOf(filter.to),
    branch: numberOf(filter.branch),
  };
}

/** The console's data provider, answering the log's page too (the log is no descriptor). */
function useLogDataProvider(): DataProvider {
  const base = useContext(DataProviderContext);
  return useMemo(() => {
    if (!base) throw new Error('No data provider');
    const getList = async (resource: string, params: GetListParams) => {
      if (resource !== LOG) return base.getList(resource, params);
      const page = params.pagination?.page ?? 1;
      const perPage = params.pagination?.perPage ?? 25;
      const { data, total } = await auditApi.log(logFilters(params.filter as Record<string, unknown>), page, perPage);
      return { data: data.map((e) => ({ ...e, id: e.audit_id })), total };
    };
    return { ...base, getList } as DataProvider;
  }, [base]);
}

/** Resources an entry can name: every descriptor, and the modules' own records. */
function resourceNames(registry: Registry): string[] {
  return [...registry.all.map((d) => d.name), 'menu', 'notification', 'audit'];
}

function useFilters(): ReactElement[] {
  const translate = useTranslate();
  const registry = useRegistry();
  const actionLabel = useActionLabel();
  const branch = registry.find('branch');
  return useMemo(
    () => [
      // Who: the users of every branch the viewer may see, searched on the server as one types.
      <ReferenceInput
        key="actor"
        source="actor"
        reference="users"
        filter={usersPickerFilter(registry.find('users')?.listNeedsFilter)}
        alwaysOn
      >
        <AutocompleteInput label="audit.log.actor" optionText="user_name" sx={{ minWidth: 200 }} />
      </ReferenceInput>,
      <SelectInput
        key="resource"
        source="resource"
        label="audit.log.resource"
        translateChoice={false}
        choices={resourceNames(registry).map((r) => ({ id: r, name: translate(`resources.${r}.name`, { smart_count: 2, _: r }) }))}
        emptyText="app.all"
        alwaysOn
      />,
      <TextInput key="record" source="record" label="audit.log.record" alwaysOn parse={(v: string) => v.replace(/\D/g, '')} />,
      <SelectInput
        key="action"
        source="action"
        label="audit.log.action"
        translateChoice={false}
        choices={AUDIT_ACTIONS.map((a) => ({ id: a, name: actionLabel(a) }))}
        emptyText="app.all"
        alwaysOn
      />,
      <DateInput key="from" source="from" label="audit.log.from" alwaysOn />,
      <DateInput key="to" source="to" label="audit.log.to" alwaysOn />,
      ...(branch
        ? [
            <ReferenceInput key="branch" source="branch" reference={branch.name} alwaysOn>
              <SelectInput label="audit.log.branch" optionText={branch.titleField} emptyText="app.all" />
            </ReferenceInput>,
          ]
        : []),
    ],
    [registry, translate, actionLabel, branch],
  );
}

/** The entry's record, linked to where it opens (a deleted record: the deleted records of its resource). */
function RecordLink({ entry }: { entry: Entry }) {
  const translate = useTranslate();
  const registry = useRegistry();
  const name = translate(`resources.${entry.audit_resource}.name`, { smart_count: 1, _: entry.audit_resource });
  const to =
    entry.audit_action === 'delete' ? deletedPath(entry.audit_resource) : recordPath(entry.audit_resource, entry.audit_record, registry);
  const text = entry.audit_record === null ? name : `${name} #${String(entry.audit_record)}`;
  if (!to) return <>{text}</>;
  return (
    <MuiLink component={Link} to={to} aria-label={translate('audit.log.open', { name, id: String(entry.audit_record ?? '') })}>
      {text}
    </MuiLink>
  );
}

/** What the entry changed: field labels, or the slugs a permission change granted and withdrew. */
function ChangedFields({ entry }: { entry: Entry }) {
  const translate = useTranslate();
  const label = useFieldLabel(entry.audit_resource);
  const slugs = slugChangeOf(entry.audit_changes);
  if (slugs)
    return (
      <>
        {slugs.granted.length > 0 && <Box>{translate('audit.history.granted', { slugs: slugs.granted.join(', ') })}</Box>}
        {slugs.withdrawn.length > 0 && <Box>{translate('audit.history.withdrawn', { slugs: slugs.withdrawn.join(', ') })}</Box>}
      </>
    );
  return (
    <>
      {fieldChangesOf(entry.audit_changes)
        .map((c) => label(c.name))
        .join(', ')}
    </>
  );
}

function Entries() {
  const { isPending, error, data = [] } = useListContext<Entry>();
  const format = useFormat();
  const actionLabel = useActionLabel();
  const translate = useTranslate();
  // A phone gets one card per entry, as the generated lists do (src/screens/ListCards.tsx).
  const phone = useMediaQuery((t) => t.breakpoints.down('sm'), { noSsr: true });
  if (isPending) return <Spinner />;
  if (error) return <ListError />;
  if (phone) {
    if (!data.length) return <DataNotFound />;
    const parts: [string, (e: Entry) => ReactNode][] = [
      ['audit.log.actor', (e) => e.audit_actor_name ?? translate('audit.system')],
      ['audit.log.action', (e) => actionLabel(e.audit_action)],
      ['audit.log.record', (e) => <RecordLink entry={e} />],
      ['audit.log.changes', (e) => <ChangedFields entry={e} />],
      ['audit.log.address', (e) => e.audit_ip],
    ];
    return (
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, px: 1, display: 'grid', gap: 1 }}>
        {data.map((e) => (
          <Card component="li" variant="outlined" key={e.id} data-testid="list-card" sx={{ p: 1.5, minWidth: 0, overflowWrap: 'anywhere' }}>
            <Typography variant="subtitle2" component="p">
              {format.dateTime(e.audit_at)}
            </Typography>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, auto) minmax(0, 1fr)', columnGap: 1 }}>
              {parts.map(([label, show]) => (
                <Box key={label} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {translate(label)}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0 }}>
                    {show(e)}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Card>
        ))}
      </Box>
    );
  }
  return (
    <DataTable<Entry>
      bulkActionButtons={false}
      rowClick={false}
      empty={<DataNotFound />}
      sx={{ '& .RaDataTable-tableWrapper': { overflowX: 'auto' } }}
    >
      <DataTable.Col label="audit.log.when" disableSort render={(e: Entry) => format.dateTime(e.audit_at)} />
      <DataTable.Col label="audit.log.actor" disableSort render={(e: Entry) => e.audit_actor_name ?? translate('audit.system')} />
      <DataTable.Col label="audit.log.action" disableSort render={(e: Entry) => actionLabel(e.audit_action)} />
      <DataTable.Col label="audit.log.record" disableSort render={(e: Entry) => <RecordLink entry={e} />} />
      <DataTable.Col label="audit.log.changes" disableSort render={(e: Entry) => <ChangedFields entry={e} />} />
      <DataTable.Col label="audit.log.address" disableSort source="audit_ip" />
    </DataTable>
  );
}

/**
 * The audit log (`/audit/audit-list`, the route of its menu entry): every entry newest first,
 * filtered by actor, resource, record, action, date range and branch (kept in the address like
 * every list's), paged like the other lists; each entry links to its record.
 */
/** A viewer without the log's permission gets the access-denied page, before any request. */
export function AuditLogPage() {
  return (
    <CanAccess resource={AUDIT_SLUGS.log} action="list" accessDenied={<AccessDeniedPage />}>
      <AuditLog />
    </CanAccess>
  );
}

function AuditLog() {
  const translate = useTranslate();
  const dataProvider = useLogDataProvider();
  const filters = useFilters();
  return (
    <DataProviderContext.Provider value={dataProvider}>
      <Box sx={{ mt: 2, mb: 1 }}>
        <PageHeading title={translate('audit.log.title')} group={translate('audit.log.group')} />
      </Box>
      <List
        resource={LOG}
        title={false}
        actions={false}
        filters={filters}
        perPage={25}
        pagination={<ListPagination rowsPerPageOptions={[25, 50, 100]} />}
        empty={false}
        error={<ListError />}
        disableSyncWithLocation={false}
        storeKey="audit-log"
      >
        <Entries />
      </List>
    </DataProviderContext.Provider>
  );
}
