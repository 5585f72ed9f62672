import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { useTranslate } from 'react-admin';
import { useFormat } from '../i18n/useFormat';
import type { AuditEntry } from './api';

/** An action's name in the viewer's language. */
export function useActionLabel() {
  const translate = useTranslate();
  return (action: string) => translate(`audit.actions.${action}`, { _: action });
}

/** Who did what, and when (in the viewer's time zone and digits). */
export function EntryHeading({ entry }: { entry: AuditEntry }) {
  const translate = useTranslate();
  const format = useFormat();
  const actionLabel = useActionLabel();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Chip size="small" label={actionLabel(entry.audit_action)} color={entry.audit_action === 'restore' ? 'primary' : 'default'} />
      <Typography component="span" variant="body2">
        {translate('audit.history.by_at', {
          name: entry.audit_actor_name ?? translate('audit.system'),
          at: format.dateTime(entry.audit_at),
        })}
      </Typography>
    </Box>
  );
}
