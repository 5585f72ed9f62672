import Chip from '@mui/material/Chip';
import { useRecordContext, useTranslate } from 'react-admin';

/** The list's status badge: 1 is Active (green), anything else Inactive. */
export function StatusChip({ source }: { source: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const active = Number(record[source]) === 1;
  return <Chip size="small" color={active ? 'success' : 'default'} label={translate(active ? 'app.active' : 'app.inactive')} />;
}
