import { useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { useTranslate } from 'react-admin';
import { factorApi, messageOf, type FactorStatus } from './api';
import { QrCode } from './QrCode';
import { useFormat } from '../i18n/useFormat';
import { RecoveryCodes } from './RecoveryCodes';

/**
 * My profile's "Sign-in security": the authenticator app (set up with a QR code drawn here and the
 * key as text, confirmed by a first code; recovery codes; removal with the password again) and
 * passkeys (named, listed, removable).
 */
export function SecondFactorPanel() {
  const translate = useTranslate();
  const { date } = useFormat();
  const [status, setStatus] = useState<FactorStatus>();
  const [error, setError] = useState<string>();
  const [enrolment, setEnrolment] = useState<{ secret: string; uri: string }>();
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[]>();
  const [asking, setAsking] = useState<'remove' | 'renew'>();
  const [password, setPassword] = useState('');
  const [keyName, setKeyName] = useState('');
  const [busy, setBusy] = useState(false);
  const reload = useCallback(() => factorApi.status().then(setStatus, (e: unknown) => setError(messageOf(e))), []);
  useEffect(() => {
    void reload();
  }, [reload]);

  const act = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(undefined);
    try {
      await work();
      await reload();
    } catch (e) {
      const m = messageOf(e);
      setError(translate(m, { _: m }));
    } finally {
      setBusy(false);
    }
  };

  if (!status) return null;
  return (
    <Card component="section" aria-labelledby="second-factor-title">
      <CardContent>
        <Typography id="second-factor-title" variant="h6" component="h2" gutterBottom>
          {translate('second_factor.panel.title')}
        </Typography>
        {status.required && !status.totp && !status.passkeys.length && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {translate('second_factor.panel.required')}{' '}
            {status.due_at && translate('second_factor.panel.due', { date: date(status.due_at) })}
          </Alert>
        )}
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 1 }}>
            {error}
          </Alert>
        )}
        {codes ? (
          <RecoveryCodes codes={codes} onDone={() => setCodes(undefined)} />
        ) : (
          <Stack spacing={2}>
            <Box>
              <Typography variant="subtitle1" component="h3">
                {translate('second_factor.panel.app')}: {translate(status.totp ? 'second_factor.panel.on' : 'second_factor.panel.off')}
              </Typography>
              {status.totp && (
                <Typography variant="body2" color="text.secondary">
                  {translate('second_factor.recovery.left', { count: status.recovery_left })}
                </Typography>
              )}
              {!status.totp && !enrolment && (
                <Button variant="contained" disabled={busy} onClick={() => void act(async () => setEnrolment(await factorApi.startTotp()))}>
                  {translate('second_factor.panel.set_up')}
                </Button>
              )}
              {enrolment && (
                <Stack
                  spacing={1}
                  component="form"
                  onSubmit={(e) => {
                    e.preventDefault();
                    void act(async () => {
                      const made = await factorApi.confirmTotp(code.trim());
                      setEnrolment(undefined);
                      setCode('');
                      setCodes(made.recovery_codes);
                    });
                  }}
                >
                  <Typography variant="body2">{translate('second_factor.enrol.scan')}</Typography>
                  <QrCode text={enrolment.uri} alt={translate('second_factor.enrol.qr_alt')} />
                  <TextField
                    label={translate('second_factor.enrol.secret')}
                    value={enrolment.secret}
                    size="small"
                    slotProps={{ htmlInput: { readOnly: true, 'data-secret': enrolment.secret, dir: 'ltr' } }}
                  />
                  <TextField
                    label={translate('second_factor.enrol.code')}
                    value={code}
                    onChange={(e) => setCode(e.target.value)}
                    autoComplete="one-time-code"
                    size="small"
                    required
                    slotProps={{ htmlInput: { dir: 'ltr', maxLength: 10 } }}
                  />
                  <Stack direction="row" spacing={1}>
                    <Button type="submit" variant="contained" disabled={busy || !code.trim()}>
                      {translate('second_factor.enrol.confirm')}
                    </Button>
                    <Button onClick={() => setEnrolment(undefined)}>{translate('second_factor.panel.cancel')}</Button>
                  </Stack>
                </Stack>
              )}
              {status.totp && !asking && (
                <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                  <Button onClick={() => setAsking('renew')}>{translate('second_factor.recovery.renew')}</Button>
                  <Button color="error" onClick={() => setAsking('remove')}>
                    {translate('second_factor.panel.remove')}
                  </Button>
                </Stack>
              )}
              {asking && (
                <Stack
                  direction="row"
                  spacing={1}
                  component="form"
                  sx={{ mt: 1, alignItems: 'center' }}
                  onSubmit={(e) => {
                    e.preventDefault();
                    void act(async () => {
                      if (asking === 'renew') setCodes((await factorApi.renewRecovery(password)).recovery_codes);
                      else await factorApi.removeTotp(password);
                      setAsking(undefined);
                      setPassword('');
                    });
                  }}
                >
                  <TextField
                    type="password"
                    label={translate('second_factor.panel.password')}
                    value={password}
                    onChange={(e) => setPassword(e.target.value)}
                    autoComplete="current-password"
                    size="small"
                    autoFocus
                    required
                  />
                  <Button type="submit" variant="contained" color={asking === 'remove' ? 'error' : 'primary'} disabled={busy || !password}>
                    {translate(asking === 'remove' ? 'second_factor.panel.remove' : 'second_factor.recovery.renew')}
                  </Button>
                  <Button onClick={() => setAsking(undefined)}>{translate('second_factor.panel.cancel')}</Button>
                </Stack>
              )}
            </Box>
            <Box>
              <Typography variant="subtitle1" component="h3">
                {translate('second_factor.passkeys.title')}
              </Typography>
              {status.passkeys.length ? (
                <List dense aria-label={translate('second_factor.passkeys.title')}>
                  {status.passkeys.map((p) => (
                    <ListItem
                      key={p.passkey_id}
                      secondaryAction={
                        <IconButton
                          edge="end"
                          aria-label={translate('second_factor.passkeys.remove', { name: p.passkey_name })}
                          disabled={busy}
                          onClick={() => void act(() => factorApi.removePasskey(p.passkey_id))}
                        >
                          <DeleteOutline />
                        </IconButton>
                      }
                    >
                      <ListItemText
                        primary={p.passkey_name}
                        secondary={translate('second_factor.passkeys.created', { date: date(p.created_at) })}
                      />
                    </ListItem>
                  ))}
                </List>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {translate('second_factor.passkeys.none')}
                </Typography>
              )}
              <Stack
                direction="row"
                spacing={1}
                component="form"
                sx={{ mt: 1, alignItems: 'center' }}
                onSubmit={(e) => {
                  e.preventDefault();
                  void act(async () => {
                    await factorApi.addPasskey(keyName.trim());
                    setKeyName('');
                  });
                }}
              >
                <TextField
                  label={translate('second_factor.passkeys.name')}
                  value={keyName}
                  onChange={(e) => setKeyName(e.target.value)}
                  size="small"
                  slotProps={{ htmlInput: { maxLength: 100 } }}
                />
                <Button type="submit" variant="outlined" disabled={busy || !keyName.trim()}>
                  {translate('second_factor.passkeys.add')}
                </Button>
              </Stack>
            </Box>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
