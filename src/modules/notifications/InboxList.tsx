import { useState } from 'react';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslate, type RaRecord } from 'react-admin';
import { LazyNoticeDialog } from './LazyNoticeDialog';
import { NoticeIcon } from './NoticeIcon';
import { useFormat } from '../i18n/useFormat';

/** Rows of notices (icon, title, time and date); clicking one opens the detail dialog and marks it read. */
export function InboxList({ notices, markRead }: { notices: readonly RaRecord[]; markRead: (n: RaRecord) => void }) {
  const translate = useTranslate();
  const [open, setOpen] = useState<RaRecord | null>(null);
  const { dateTime } = useFormat();
  if (notices.length === 0) return <Typography sx={{ p: 2 }}>{translate('notifications.empty')}</Typography>;
  return (
    <>
      <List dense aria-label={translate('notifications.title')}>
        {notices.map((n) => {
          const unread = Number(n.notification_read_status) !== 1;
          return (
            <ListItemButton
              key={n.id}
              onClick={() => {
                setOpen(n);
                markRead(n);
              }}
            >
              <ListItemIcon>
                <NoticeIcon unread={unread} />
              </ListItemIcon>
              <ListItemText
                primary={String(n.notification_title ?? '')}
                secondary={dateTime(n.notification_date)}
                slotProps={{ primary: { sx: { fontWeight: unread ? 700 : 400 } } }}
              />
            </ListItemButton>
          );
        })}
      </List>
      {open && (
        <LazyNoticeDialog
          notice={open}
          onClose={() => {
            setOpen(null);
          }}
        />
      )}
    </>
  );
}
