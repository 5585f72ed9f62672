import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import { CanAccess, HttpError, useCanAccess, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { ResourceDescriptor } from '../../../resources';
import { useRegistry } from '../../registry-context';
import { PageHeading } from '../../screens/PageHeading';
import { DataNotFound, ErrorBlock, Spinner } from '../../screens/ListStates';
import { messageOf } from '../../screens/failures';
import { useFormat } from '../i18n/useFormat';
import { AUDIT_SLUGS, auditApi, type AuditEntry } from './api';
import { AccessDeniedPage } from '../access/AccessDeniedPage';
import { plainText } from './changes';
import { useFieldLabel } from './ChangeValues';
import { listPath } from './links';
import { UndeleteDialog } from './UndeleteDialog';
import { ReferenceName } from './ReferenceName';

const PAGE_SIZES = [25, 50, 100];
const FIRST_SIZE = 25;

/** The fields that name a deleted record: the descriptor's title and listed text-like columns (3 at most). */
function summaryFields(d: ResourceDescriptor | undefined, snapshot: Record<string, unknown>): string[] {
  if (!d)
    return Object.keys(snapshot)
      .filter((k) => typeof snapshot[k] === 'string' && !k.endsWith('_at'))
      .slice(0, 3);
  const listed = d.fields.filter((f) => f.list && f.kind !== 'image' && f.kind !== 'imageList' && f.kind !== 'richText').map((f) => f.name);
  return [...new Set([d.titleField, ...listed])].filter((n) => n in snapshot).slice(0, 3);
}

function LastValues({ resource, entry }: { resource: string; entry: AuditEntry }) {
  const registry = useRegistry();
  const label = useFieldLabel(resource);
  const snapshot = entry.audit_snapshot ?? {};
  const d = registry.find(resource);
  return (
    <>
      {summaryFields(d, snapshot).map((name) => {
        const field = d?.fields.find((f) => f.name === name);
        return (
          <Box key={name} component="span" sx={{ display: 'block' }}>
            {label(name)}:{' '}
            {field?.kind === 'reference' ? <ReferenceName reference={field.reference} id={snapshot[name]} /> : plainText(snapshot[name])}
          </Box>
        );
      })}
    </>
  );
}

/** A refusal's field messages, each under its field's label (a code taken since, a referenced record gone). */
function Refusal({ resource, error }: { resource: string; error: unknown }) {
  const translate = useTranslate();
  const label = useFieldLabel(resource);
  const message = messageOf(error);
  const body = error instanceof HttpError ? (error.body as { errors?: Record<string, string> } | undefined) : undefined;
  const fields = Object.entries(body?.errors ?? {});
  return (
    <Alert severity="error" role="alert" sx={{ mb: 2 }}>
      {translate('audit.deleted.refused')}{' '}
      {fields.length === 0
        ? translate(message, { _: message })
        : fields.map(([field, text]) => (
            <Box key={field} component="span" sx={{ display: 'block' }}>
              <strong>{label(field)}</strong>: {translate(text, { _: text })}
            </Box>
          ))}
    </Alert>
  );
}

function DeletedRecords({ resource }: { resource: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const format = useFormat();
  const registry = useRegistry();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(FIRST_SIZE);
  const [chosen, setChosen] = useState<AuditEntry>();
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<unknown>();
  const { canAccess: mayUndelete } = useCanAccess({ resource: AUDIT_SLUGS.restore, action: 'list' });
  const key = ['audit', 'deleted', resource];
  const { data, isPending, error } = useQuery({
    queryKey: [...key, page, perPage],
    queryFn: () => auditApi.deleted(resource, page + 1, perPage),
  });
  const name = translate(`resources.${resource}.name`, { smart_count: 2, _: resource });
  const back = listPath(resource, registry);

  async function undelete(entry: AuditEntry, body: Record<string, string>) {
    setBusy(true);
    setRefused(undefined);
    try {
      await auditApi.undelete(entry.audit_id, body);
      notify('audit.deleted.undeleted', { type: 'success' });
      refresh();
    } catch (e) {
      if (e instanceof HttpError && e.status < 500) setRefused(e);
      else notify(messageOf(e) || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
      setChosen(undefined);
      await queryClient.invalidateQueries({ queryKey: key });
    }
  }

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 2, mb: 1, gap: 1, flexWrap: 'wrap' }}>
        <PageHeading title={translate('audit.deleted.title', { name })} />
        {back && (
          <Button component={Link} to={back} startIcon={<ArrowBackIcon />}>
            {translate('audit.deleted.back')}
          </Button>
        )}
      </Box>
      {refused !== undefined && <Refusal resource={resource} error={refused} />}
      <Card sx={{ overflowX: 'auto' }}>
        {isPending ? (
          <Spinner />
        ) : error ? (
          <ErrorBlock message={messageOf(error)} />
        ) : data.data.length === 0 ? (
          <DataNotFound message={translate('audit.deleted.none')} />
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('audit.deleted.record')}</TableCell>
                <TableCell>{translate('audit.deleted.values')}</TableCell>
                <TableCell>{translate('audit.deleted.deleted_by')}</TableCell>
                <TableCell>{translate('audit.deleted.deleted_at')}</TableCell>
                {mayUndelete && <TableCell>{translate('app.options')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.data.map((entry) => (
                <TableRow key={entry.audit_id}>
                  <TableCell>{entry.audit_record}</TableCell>
                  <TableCell>
                    <LastValues resource={resource} entry={entry} />
                  </TableCell>
                  <TableCell>{entry.audit_actor_name ?? translate('audit.system')}</TableCell>
                  <TableCell>{format.dateTime(entry.audit_at)}</TableCell>
                  {mayUndelete && (
                    <TableCell>
                      <Button
                        size="small"
                        startIcon={<RestoreFromTrashIcon />}
                        aria-label={`${translate('audit.deleted.undelete')} #${String(entry.audit_record)}`}
                        onClick={() => {
                          setChosen(entry);
                        }}
                      >
                        {translate('audit.deleted.undelete')}
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {data && data.total > 0 && (
          <TablePagination
            component="div"
            count={data.total}
            page={page}
            rowsPerPage={perPage}
            rowsPerPageOptions={PAGE_SIZES}
            labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
            labelDisplayedRows={({ from, to, count }) =>
              translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })
            }
            onPageChange={(_e, p) => {
              setPage(p);
            }}
            onRowsPerPageChange={(e) => {
              setPerPage(Number(e.target.value));
              setPage(0);
            }}
          />
        )}
      </Card>
      {chosen && (
        <UndeleteDialog
          resource={resource}
          busy={busy}
          onCancel={() => {
            setChosen(undefined);
          }}
          onConfirm={(body) => {
            void undelete(chosen, body);
          }}
        />
      )}
    </>
  );
}

/**
 * A resource's deleted records (`/{resource}/deleted`): who deleted each and when, its last
 * values, and Undelete for holders of audit/restore. Held by audit/history, like a record's history.
 */
export function DeletedRecordsPage() {
  // The first segment of /{resource}/deleted (a route of its own for a screen whose /{id} would take it).
  const resource = useLocation().pathname.split('/')[1] ?? '';
  return (
    <CanAccess resource={AUDIT_SLUGS.history} action="list" accessDenied={<AccessDeniedPage />}>
      <DeletedRecords key={resource} resource={resource} />
    </CanAccess>
  );
}
