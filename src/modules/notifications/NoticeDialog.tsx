import DOMPurify from 'dompurify';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslate, type RaRecord } from 'react-admin';
import { useFormat } from '../i18n/useFormat';

/** The spec's detail modal: title, the HTML description (or the title when there is none), date. */
export function NoticeDialog({ notice, onClose }: { notice: RaRecord | null; onClose: () => void }) {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  if (!notice) return null;
  const title = String(notice.notification_title ?? '');
  const html = DOMPurify.sanitize(String(notice.notification_description ?? ''), { USE_PROFILES: { html: true } });
  const hasText = html.replace(/<[^>]*>/g, '').trim() !== '' || /<img/i.test(html);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="notice-dialog-title">
      <DialogTitle id="notice-dialog-title">{title}</DialogTitle>
      <DialogContent dividers>
        {hasText ? <Box className="notice-body" dangerouslySetInnerHTML={{ __html: html }} /> : <Typography>{title}</Typography>}
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
          {dateTime(notice.notification_date)}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('notifications.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
