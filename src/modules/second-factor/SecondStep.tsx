import { useEffect, useState, type SyntheticEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { SecondFactorStep } from '../../../authProvider/second-factor';
import { factorApi, messageOf, type SignedInUser } from './api';
import { QrCode } from './QrCode';
import { RecoveryCodes } from './RecoveryCodes';

interface Props {
  step: SecondFactorStep;
  onDone: (user: SignedInUser) => void;
  onCancel: () => void;
}

/**
 * Plain text instead of MUI's alert box here: this chunk hangs off the sign-in page, and a component
 * it shared with the signed-in shell would split off into a chunk of its own on the first screen.
 *
 * The sign-in's second step, after a right password: a code from the authenticator app (or a
 * recovery code), or a passkey; or, past the group's grace period, setting up the app, whose
 * recovery codes are shown before the console opens.
 */
export function SecondStep({ step, onDone, onCancel }: Props) {
  const translate = useTranslate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [enrolment, setEnrolment] = useState<{ secret: string; uri: string }>();
  const [finished, setFinished] = useState<SignedInUser>();
  const say = (e: unknown) => {
    const m = messageOf(e);
    setError(translate(m, { _: m }));
  };

  useEffect(() => {
    if (step.enrol) factorApi.enrolAtSignIn(step.ticket).then(setEnrolment, say);
    // Once per step: the ticket does not change while this is shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step.ticket]);

  const run = async (work: () => Promise<SignedInUser>) => {
    setBusy(true);
    setError(undefined);
    try {
      const user = await work();
      if (user.recovery_codes?.length) setFinished(user);
      else onDone(user);
    } catch (e) {
      say(e);
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    if (!code.trim()) return;
    void run(() => (step.enrol ? factorApi.confirmAtSignIn(step.ticket, code.trim()) : factorApi.withCode(step.ticket, code.trim())));
  };

  const body = finished?.recovery_codes ? (
    <RecoveryCodes codes={finished.recovery_codes} onDone={() => onDone(finished)} />
  ) : (
    <Box component="form" onSubmit={submit} noValidate>
      <Typography variant="h5" component="h1" gutterBottom>
        {translate(step.enrol ? 'second_factor.enrol.title' : 'second_factor.step.title')}
      </Typography>
      {step.enrol ? (
        <Stack spacing={1} sx={{ mb: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {translate('second_factor.enrol.required')}
          </Typography>
          <Typography variant="body2">{translate('second_factor.enrol.scan')}</Typography>
          {enrolment && (
            <>
              <Box sx={{ alignSelf: 'center' }}>
                <QrCode text={enrolment.uri} alt={translate('second_factor.enrol.qr_alt')} />
              </Box>
              <TextField
                label={translate('second_factor.enrol.secret')}
                value={enrolment.secret}
                slotProps={{ htmlInput: { readOnly: true, 'data-secret': enrolment.secret, dir: 'ltr' } }}
                size="small"
              />
            </>
          )}
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {translate('second_factor.step.help')}
        </Typography>
      )}
      <TextField
        label={translate(step.enrol ? 'second_factor.enrol.code' : 'second_factor.step.code')}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="one-time-code"
        autoFocus
        fullWidth
        margin="normal"
        required
        slotProps={{ htmlInput: { dir: 'ltr', maxLength: 40 } }}
      />
      {error && (
        <Typography role="alert" color="error" variant="body2" sx={{ mb: 1 }}>
          {error}
        </Typography>
      )}
      <Button type="submit" variant="contained" fullWidth disabled={busy || !code.trim()}>
        {translate(step.enrol ? 'second_factor.enrol.confirm' : 'second_factor.step.submit')}
      </Button>
      {step.methods?.includes('passkey') && (
        <Button
          sx={{ mt: 1 }}
          fullWidth
          variant="outlined"
          disabled={busy}
          onClick={() => void run(() => factorApi.withPasskey(step.ticket))}
        >
          {translate('second_factor.step.use_passkey')}
        </Button>
      )}
      <Button sx={{ mt: 1 }} fullWidth onClick={onCancel}>
        {translate('second_factor.step.back')}
      </Button>
    </Box>
  );
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default' }}>
      <Card sx={{ width: 420, maxWidth: '95vw' }}>
        <CardContent>{body}</CardContent>
      </Card>
    </Box>
  );
}
