import Chip from '@mui/material/Chip';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import { useRecordContext, useTranslate, type Identifier } from 'react-admin';
import { useConsoleModules } from '../modules-context';

const noneKnown = (): undefined => undefined;

/**
 * The ids of a resource's records waiting for review (a change request, issue 48), from the
 * module that declares `usePendingRecords` (approvals); undefined without one or while unknown.
 * The modules' list never changes while the console runs, so the hook called is always the same.
 */
export function usePendingRecords(resource: string): ReadonlySet<string> | undefined {
  const hook = useConsoleModules().find((m) => m.usePendingRecords)?.usePendingRecords ?? noneKnown;
  return hook(resource);
}

/** "Pending review": shown on a record that has an open change request. */
export function PendingBadge() {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color="warning"
      variant="outlined"
      icon={<HourglassTopIcon fontSize="small" />}
      label={translate('approvals.console.pending_badge')}
      data-testid="pending-review"
      sx={{ ml: 1 }}
    />
  );
}

/** The badge when the record `id` of `resource` is pending (a dialog's or a one-record page's). */
export function PendingRecordBadge({ resource, id }: { resource: string; id: Identifier }) {
  const pending = usePendingRecords(resource);
  return pending?.has(String(id)) ? <PendingBadge /> : null;
}

/** The badge in a list row (react-admin's record context), from the page's set of pending ids. */
export function PendingRowBadge({ pending }: { pending: ReadonlySet<string> | undefined }) {
  const record = useRecordContext();
  return record && pending?.has(String(record.id)) ? <PendingBadge /> : null;
}
