import { useRecordContext, type FieldProps } from 'react-admin';
import Typography from '@mui/material/Typography';
import { useFormat } from './useFormat';

/**
 * A record's date as the spec shows it, in the current language's digits: day/month/year with
 * two digits, or `yyyy-MM-dd HH:mm:ss` with `showTime` (notification dates). For lists and forms.
 */
export function DateText({ source, showTime = false }: Pick<FieldProps, 'source'> & { showTime?: boolean; label?: FieldProps['label'] }) {
  const record = useRecordContext();
  const format = useFormat();
  const value: unknown = record?.[source];
  return (
    <Typography component="span" variant="body2">
      {showTime ? format.dateTime(value) : format.date(value)}
    </Typography>
  );
}
