import { useEffect, useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/Notifications';
import SyncProblemIcon from '@mui/icons-material/SyncProblem';
import { useNavigate } from 'react-router-dom';
import { useCheckAuth, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { LazyNoticeDialog } from './LazyNoticeDialog';
import { NoticeIcon } from './NoticeIcon';
import { useFormat } from '../i18n/useFormat';
import { useInbox } from './useInbox';
import { useNoticeSocket } from './socket';

/**
 * The app bar's bell: unread count, the latest notices (closed envelope and bold title while
 * unread), the detail dialog that marks a notice read, "Mark all as read" and "Show all". A
 * pushed notice shows a toast and raises the count without a reload; after a reconnect the
 * count and list are fetched again so nothing missed while offline is lost.
 */
export function NotificationBell() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const checkAuth = useCheckAuth();
  const { socket, state } = useNoticeSocket();
  const { data = [], unread, markRead, markAllRead, refresh } = useInbox(10);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState<RaRecord | null>(null);
  const { dateTime } = useFormat();

  useEffect(() => {
    if (!socket) return;
    const onNotice = (n: { notification_title?: string }) => {
      notify('notifications.toast', { type: 'info', messageArgs: { title: n.notification_title ?? '' } });
      void refresh();
    };
    // A notice sent while the socket was down, or before its first connection (which waits for
    // the page to be idle, socket.ts), was not pushed: the inbox is read again on every connect.
    const onConnect = () => {
      void refresh();
    };
    socket.on('notification', onNotice);
    socket.on('connect', onConnect);
    return () => {
      socket.off('notification', onNotice);
      socket.off('connect', onConnect);
    };
  }, [socket, notify, refresh]);

  // The server ended the session (sign-out elsewhere, password change, deactivation).
  useEffect(() => {
    if (state === 'ended') checkAuth().catch(() => undefined);
  }, [state, checkAuth]);

  const label = translate('notifications.bell', { smart_count: unread });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center' }}>
      {(state === 'reconnecting' || state === 'restarting') && (
        <Tooltip title={translate(`notifications.${state}`)}>
          <SyncProblemIcon fontSize="small" role="status" aria-label={translate(`notifications.${state}`)} sx={{ mr: 0.5 }} />
        </Tooltip>
      )}
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="menu"
          onClick={(e) => {
            setAnchor(e.currentTarget);
          }}
        >
          <Badge badgeContent={unread} color="error" max={99} data-testid="notification-count">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => {
          setAnchor(null);
        }}
        slotProps={{ paper: { sx: { width: 360, maxWidth: '100%' } } }}
      >
        <Box sx={{ px: 2, py: 1, display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="subtitle1">{translate('notifications.title')}</Typography>
          <Button size="small" disabled={unread === 0} onClick={() => void markAllRead()}>
            {translate('notifications.mark_all_read')}
          </Button>
        </Box>
        <Divider />
        {data.length === 0 && (
          <MenuItem disabled>
            <ListItemText primary={translate('notifications.empty')} />
          </MenuItem>
        )}
        {data.map((n) => {
          const isUnread = Number(n.notification_read_status) !== 1;
          return (
            <MenuItem
              key={n.id}
              onClick={() => {
                setAnchor(null);
                setOpen(n);
                markRead(n);
              }}
            >
              <ListItemIcon>
                <NoticeIcon unread={isUnread} />
              </ListItemIcon>
              <ListItemText
                primary={String(n.notification_title ?? '')}
                secondary={dateTime(n.notification_date)}
                slotProps={{ primary: { sx: { fontWeight: isUnread ? 700 : 400 }, noWrap: true } }}
              />
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void navigate('/notification/inbox');
          }}
          sx={{ justifyContent: 'center' }}
        >
          {translate('notifications.show_all')}
        </MenuItem>
      </Menu>
      {open && (
        <LazyNoticeDialog
          notice={open}
          onClose={() => {
            setOpen(null);
          }}
        />
      )}
    </Box>
  );
}
