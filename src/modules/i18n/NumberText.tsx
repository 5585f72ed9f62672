import { useRecordContext } from 'react-admin';
import Typography from '@mui/material/Typography';
import { MONEY } from '../../../i18n/format';
import { useFormat } from './useFormat';

/** A record's number in the current language's digits and grouping (money with two decimals). */
export function NumberText({ source, money = false }: { source: string; money?: boolean }) {
  const record = useRecordContext();
  const format = useFormat();
  const value: unknown = record?.[source];
  return (
    <Typography component="span" variant="body2">
      {format.number(value, money ? MONEY : undefined)}
    </Typography>
  );
}
