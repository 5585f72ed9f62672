import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import RestoreIcon from '@mui/icons-material/Restore';
import { Confirm, HttpError, useCanAccess, useNotify, useTranslate, type Identifier } from 'react-admin';
import { AUDIT_SLUGS, VERSION_ACTIONS, auditApi, type AuditEntry } from './api';
import { fieldChangesOf, slugChangeOf } from './changes';
import { ChangeCells, useFieldLabel } from './ChangeValues';
import { EntryHeading } from './EntryHeading';
import { Spinner, ErrorBlock } from '../../screens/ListStates';
import { messageOf } from '../../screens/failures';

const PAGE = 20;

export const historyKey = (resource: string, id: Identifier) => ['audit', 'history', resource, String(id)];

/** The slugs granted and withdrawn by a permission change. */
function SlugLines({ entry }: { entry: AuditEntry }) {
  const translate = useTranslate();
  const slugs = slugChangeOf(entry.audit_changes);
  if (!slugs) return null;
  return (
    <Box sx={{ mt: 1 }}>
      {slugs.granted.length > 0 && (
        <Typography variant="body2">{translate('audit.history.granted', { slugs: slugs.granted.join(', ') })}</Typography>
      )}
      {slugs.withdrawn.length > 0 && (
        <Typography variant="body2">{translate('audit.history.withdrawn', { slugs: slugs.withdrawn.join(', ') })}</Typography>
      )}
    </Box>
  );
}

/** One version: who and when, then each changed field's old and new value side by side. */
function Version({ entry, resource, onRestore }: { entry: AuditEntry; resource: string; onRestore?: () => void }) {
  const translate = useTranslate();
  const label = useFieldLabel(resource);
  const changes = fieldChangesOf(entry.audit_changes);
  return (
    <Paper
      variant="outlined"
      component="section"
      sx={{ p: 1.5, mb: 1.5 }}
      aria-label={translate('audit.history.version', { id: entry.audit_id })}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <EntryHeading entry={entry} />
        {onRestore && (
          <Button size="small" startIcon={<RestoreIcon />} onClick={onRestore}>
            {translate('audit.history.restore')}
          </Button>
        )}
      </Box>
      {changes.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" sx={{ mt: 1, tableLayout: 'fixed', minWidth: 420 }}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: '22%' }}>{translate('audit.history.field')}</TableCell>
                <TableCell>{translate('audit.history.before')}</TableCell>
                <TableCell>{translate('audit.history.after')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {changes.map((c) => (
                <TableRow key={c.name}>
                  <TableCell component="th" scope="row" sx={{ verticalAlign: 'top' }}>
                    {label(c.name)}
                  </TableCell>
                  <ChangeCells resource={resource} change={c} />
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <SlugLines entry={entry} />
    </Paper>
  );
}

interface Props {
  resource: string;
  id: Identifier;
  onClose: () => void;
  /** Told after a successful restore, with the record as the server wrote it. */
  onRestored: (record: Record<string, unknown>) => void | Promise<void>;
}

/**
 * A record's history: its versions newest first, and (for holders of the restore slug) "Restore
 * this version", which sends the newest entry id shown so that a change made since is refused (409).
 */
export function RecordHistoryDialog({ resource, id, onClose, onRestored }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const phone = useMediaQuery((t) => t.breakpoints.down('sm'));
  const [limit, setLimit] = useState(PAGE);
  const [chosen, setChosen] = useState<AuditEntry>();
  const [restoring, setRestoring] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const { canAccess: mayRestore } = useCanAccess({ resource: AUDIT_SLUGS.restore, action: 'list' });
  const key = historyKey(resource, id);
  const { data, isPending, error } = useQuery({
    queryKey: [...key, limit],
    queryFn: () => auditApi.history(resource, id, 1, limit),
    placeholderData: (previous) => previous,
  });
  const entries = data?.data ?? [];
  const newest = entries[0];
  const name = translate(`resources.${resource}.name`, { smart_count: 1, _: resource });

  async function restore(entry: AuditEntry) {
    if (!newest) return;
    setRestoring(true);
    setRefusal(undefined);
    try {
      const record = await auditApi.restore(entry.audit_id, newest.audit_id);
      notify('audit.history.restored', { type: 'success' });
      await onRestored(record);
    } catch (e) {
      const text = messageOf(e);
      if (e instanceof HttpError && e.status === 409) setRefusal(translate(text, { _: text }));
      else notify(text || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setRestoring(false);
      setChosen(undefined);
      await queryClient.invalidateQueries({ queryKey: key });
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth fullScreen={phone} maxWidth="md" aria-labelledby="record-history-title">
      <DialogTitle id="record-history-title">{translate('audit.history.title', { name, id: String(id) })}</DialogTitle>
      <DialogContent dividers>
        {refusal && (
          <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
            {refusal}
          </Alert>
        )}
        {isPending ? (
          <Spinner />
        ) : error ? (
          <ErrorBlock message={messageOf(error)} />
        ) : entries.length === 0 ? (
          <Typography color="text.secondary">{translate('audit.history.none')}</Typography>
        ) : (
          entries.map((entry, index) => (
            <Version
              key={entry.audit_id}
              entry={entry}
              resource={resource}
              onRestore={
                mayRestore && index > 0 && VERSION_ACTIONS.has(entry.audit_action) && entry.audit_snapshot
                  ? () => {
                      setChosen(entry);
                    }
                  : undefined
              }
            />
          ))
        )}
        {data && data.total > entries.length && (
          <Button
            onClick={() => {
              setLimit((l) => l + PAGE);
            }}
          >
            {translate('audit.history.older', { count: data.total - entries.length })}
          </Button>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
      <Confirm
        isOpen={chosen !== undefined}
        loading={restoring}
        title="audit.history.confirm_title"
        content="audit.history.confirm_body"
        confirm="audit.history.restore"
        cancel="ra.action.cancel"
        onClose={() => {
          setChosen(undefined);
        }}
        onConfirm={() => {
          if (chosen) void restore(chosen);
        }}
      />
    </Dialog>
  );
}
