import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import { useNotify, useTranslate } from 'react-admin';
import { accountsApi, useLoad } from './api';
import { browserName } from './format';
import { useFormat } from '../i18n/useFormat';

/** My sessions, this one marked; sign out one of the others, or all of them at once. */
export function ActiveSessions() {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const notify = useNotify();
  const { data, loading, error, reload } = useLoad(() => accountsApi.sessions());
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<{ message: string }>) => {
    setBusy(true);
    try {
      await action();
      notify('accounts.sessions.ended', { type: 'success' });
      reload();
    } catch (e) {
      notify(e instanceof Error ? e.message : 'accounts.load_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const others = data?.filter((s) => !s.session_current) ?? [];

  return (
    <Card>
      <CardContent>
        <Stack direction="row" justifyContent="space-between" alignItems="center" flexWrap="wrap" gap={1}>
          <Typography variant="h6" component="h2">
            {translate('accounts.sessions.title')}
          </Typography>
          <Button
            size="small"
            startIcon={<LogoutIcon />}
            disabled={busy || !others.length}
            onClick={() => void run(() => accountsApi.endOtherSessions())}
          >
            {translate('accounts.sessions.end_others')}
          </Button>
        </Stack>
        {loading || error ? (
          <Typography sx={{ py: 2 }}>{translate(loading ? 'accounts.loading' : 'accounts.load_error')}</Typography>
        ) : (
          <List dense aria-label={translate('accounts.sessions.title')}>
            {data?.map((s) => (
              <ListItem
                key={s.session_id}
                divider
                secondaryAction={
                  s.session_current ? (
                    <Chip size="small" color="primary" label={translate('accounts.sessions.current')} />
                  ) : (
                    <Button size="small" disabled={busy} onClick={() => void run(() => accountsApi.endSession(s.session_id))}>
                      {translate('accounts.sessions.end')}
                    </Button>
                  )
                }
              >
                <Tooltip title={s.session_browser} placement="top-start">
                  <ListItemText
                    primary={`${browserName(s.session_browser)} · ${s.session_ip}`}
                    secondary={translate('accounts.sessions.times', {
                      started: dateTime(s.session_started),
                      last_used: dateTime(s.session_last_used),
                    })}
                  />
                </Tooltip>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
