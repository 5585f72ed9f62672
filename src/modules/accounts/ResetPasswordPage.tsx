import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Form, HttpError, PasswordInput, required, useNotify, useTranslate } from 'react-admin';
import { accountsApi } from './api';
import { mismatch, type PasswordPair } from './password-match';

/** `/reset-password` after the code: a new password twice (show/hide toggles), then /login. */
export function ResetPasswordPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const token = (useLocation().state as { token?: string } | null)?.token;
  const [busy, setBusy] = useState(false);

  const submit = async (raw: Record<string, unknown>) => {
    if (!token) return undefined;
    const values = raw as unknown as PasswordPair;
    setBusy(true);
    try {
      const answer = await accountsApi.setNewPassword(token, values.new_password, values.c_password);
      notify(answer.message, { type: 'success' });
      await navigate('/login', { replace: true });
      return undefined;
    } catch (e) {
      notify(e instanceof Error ? e.message : 'ra.notification.http_error', { type: 'error' });
      const body = e instanceof HttpError ? (e.body as { errors?: Record<string, string> } | undefined) : undefined;
      return body?.errors;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default' }}>
      <Card sx={{ width: 380, maxWidth: '95vw' }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate('accounts.reset.title')}
          </Typography>
          {token ? (
            <Form onSubmit={submit} validate={mismatch} noValidate>
              <PasswordInput
                source="new_password"
                label="accounts.password.new_password"
                validate={required()}
                fullWidth
                autoFocus
                autoComplete="new-password"
              />
              <PasswordInput
                source="c_password"
                label="accounts.password.c_password"
                validate={required()}
                fullWidth
                autoComplete="new-password"
              />
              <Button type="submit" variant="contained" fullWidth disabled={busy}>
                {translate(busy ? 'app.processing' : 'accounts.reset.submit')}
              </Button>
            </Form>
          ) : (
            <Typography gutterBottom>{translate('accounts.reset.no_code')}</Typography>
          )}
          <MuiLink component={Link} to={token ? '/login' : '/forgot-password'} variant="body2" sx={{ display: 'block', mt: 2 }}>
            {translate(token ? 'app.forgot.back' : 'accounts.reset.ask_code')}
          </MuiLink>
        </CardContent>
      </Card>
    </Box>
  );
}
