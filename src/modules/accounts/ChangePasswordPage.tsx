import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import {
  Form,
  HttpError,
  PasswordInput,
  TextInput,
  Title,
  email,
  required,
  useAuthenticated,
  useLogout,
  useNotify,
  useTranslate,
} from 'react-admin';
import { accountsApi } from './api';
import { mismatch, type PasswordPair } from './password-match';

interface Values extends PasswordPair {
  verify_email: string;
  current_password: string;
}

/**
 * `/users/reset-password`: change my password. 'Password Not Matched!' is found here and nothing
 * is sent; the server's messages highlight their field; on success every session has ended, so
 * the console signs out to /login.
 */
export function ChangePasswordPage() {
  useAuthenticated();
  const translate = useTranslate();
  const notify = useNotify();
  const logout = useLogout();
  const [busy, setBusy] = useState(false);

  const submit = async (raw: Record<string, unknown>) => {
    const values = raw as unknown as Values;
    setBusy(true);
    try {
      const answer = await accountsApi.changePassword(values);
      notify(answer.message, { type: 'success' });
      // Every session has ended on the server; after the next sign-in go home, not back here.
      await logout({}, '/login', false);
      return undefined;
    } catch (e) {
      notify(e instanceof Error ? e.message : 'ra.notification.http_error', { type: 'error' });
      // react-admin puts the returned messages on the fields they name.
      const body = e instanceof HttpError ? (e.body as { errors?: Record<string, string> } | undefined) : undefined;
      return body?.errors;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack sx={{ p: 2, maxWidth: 520 }} spacing={2}>
      <Title title={translate('accounts.password.title')} />
      <Card>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate('accounts.password.title')}
          </Typography>
          <Form onSubmit={submit} validate={mismatch} noValidate>
            <TextInput
              source="verify_email"
              type="email"
              label="accounts.password.verify_email"
              validate={[required(), email()]}
              fullWidth
              autoComplete="email"
            />
            <PasswordInput
              source="current_password"
              label="accounts.password.current_password"
              validate={required()}
              fullWidth
              autoComplete="current-password"
            />
            <PasswordInput
              source="new_password"
              label="accounts.password.new_password"
              validate={required()}
              fullWidth
              autoComplete="new-password"
            />
            <PasswordInput
              source="c_password"
              label="accounts.password.c_password"
              validate={required()}
              fullWidth
              autoComplete="new-password"
            />
            <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mt: 1 }}>
              <Link component={RouterLink} to="/users/my-profile">
                {translate('accounts.password.back')}
              </Link>
              <Button type="submit" variant="contained" disabled={busy}>
                {translate(busy ? 'app.processing' : 'accounts.password.submit')}
              </Button>
            </Stack>
          </Form>
        </CardContent>
      </Card>
    </Stack>
  );
}
