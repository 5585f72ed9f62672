import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { ChangeCells, useFieldLabel } from '../audit/ChangeValues';
import type { FieldChange } from '../audit/changes';
import { bodyOf, type ChangeRequest } from './api';

/** Columns of the live record that are not the record's own values. */
const BOOKKEEPING: ReadonlySet<string> = new Set(['created_at', 'updated_at', 'deleted_at', 'created_by', 'updated_by']);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? '') === JSON.stringify(b ?? '');

/**
 * What the request would change, field by field, against the record as it is now: the fields asked
 * for that differ from the live ones (a create: every field; a delete: every live field, to nothing).
 */
export function changesOf(request: ChangeRequest): FieldChange[] {
  const live = request.live ?? {};
  if (request.change_request_action === 'delete')
    return Object.entries(live)
      .filter(([name]) => !BOOKKEEPING.has(name))
      .map(([name, before]) => ({ name, before, after: undefined }));
  return Object.entries(bodyOf(request))
    .filter(([name, after]) => request.change_request_action === 'create' || !same(live[name], after))
    .map(([name, after]) => ({ name, before: live[name], after }));
}

/** The request's diff against the live record, in the record history's own table (audit's ChangeCells). */
export function RequestDiff({ request }: { request: ChangeRequest }) {
  const translate = useTranslate();
  const resource = request.change_request_resource;
  const label = useFieldLabel(resource);
  const changes = changesOf(request);
  if (!changes.length)
    return (
      <Typography color="text.secondary" sx={{ my: 2 }}>
        {translate('approvals.console.no_changes')}
      </Typography>
    );
  return (
    <Table size="small" aria-label={translate('approvals.console.diff')}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: '22%' }}>{translate('audit.history.field')}</TableCell>
          <TableCell>{translate('approvals.console.live_record')}</TableCell>
          <TableCell>{translate('approvals.console.asked')}</TableCell>
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
  );
}
