import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link, useNavigate } from 'react-router-dom';
import { Form, TextInput, email, required, useNotify, useTranslate } from 'react-admin';
import { accountsApi } from '../modules/accounts/api';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : 'ra.notification.http_error');

/** The one-time code dialog: the code from the e-mail buys a reset token for /reset-password. */
function CodeDialog({ address, onClose }: { address: string; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const submit = async (values: Record<string, unknown>) => {
    setBusy(true);
    try {
      const answer = await accountsApi.verifyCode(address, (typeof values.otp === 'string' ? values.otp : '').trim());
      notify(answer.message, { type: 'success' });
      // The token travels in router state only: never in the address bar or history.
      await navigate('/reset-password', { state: { token: answer.data.token } });
    } catch (e) {
      notify(messageOf(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="code-dialog-title">
      <DialogTitle id="code-dialog-title">{translate('accounts.forgot.code_title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" gutterBottom>
          {translate('accounts.forgot.code_help', { email: address })}
        </Typography>
        <Form onSubmit={submit} noValidate>
          <TextInput
            source="otp"
            label="accounts.forgot.code"
            validate={required()}
            fullWidth
            autoFocus
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          />
          <Button type="submit" variant="contained" fullWidth disabled={busy}>
            {translate(busy ? 'app.processing' : 'accounts.forgot.verify')}
          </Button>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/** Forgot password (spec 000 section 2): e-mail, send, then the one-time code dialog. */
export function ForgotPasswordPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string>();

  const submit = async (values: Record<string, unknown>) => {
    const address = (typeof values.email === 'string' ? values.email : '').trim();
    setBusy(true);
    try {
      const answer = await accountsApi.requestCode(address);
      notify(answer.message, { type: 'success' });
      setSentTo(address);
    } catch (e) {
      notify(messageOf(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default' }}>
      <Card sx={{ width: 380, maxWidth: '95vw' }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate('app.forgot.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {translate('accounts.forgot.help')}
          </Typography>
          <Form onSubmit={submit} noValidate>
            <TextInput
              source="email"
              type="email"
              label="accounts.forgot.email"
              validate={[required(), email()]}
              fullWidth
              autoFocus
              autoComplete="email"
            />
            <Button type="submit" variant="contained" fullWidth disabled={busy}>
              {translate(busy ? 'app.processing' : 'accounts.forgot.send')}
            </Button>
          </Form>
          <MuiLink component={Link} to="/login" variant="body2" sx={{ display: 'block', mt: 2 }}>
            {translate('app.forgot.back')}
          </MuiLink>
        </CardContent>
      </Card>
      {sentTo && (
        <CodeDialog
          address={sentTo}
          onClose={() => {
            setSentTo(undefined);
          }}
        />
      )}
    </Box>
  );
}
