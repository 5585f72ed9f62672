import { useContext, useLayoutEffect, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MuiButton from '@mui/material/Button';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link, useLocation } from 'react-router-dom';
import { Form, PasswordInput, TextInput, required, useLogin, useNotify, useTranslate } from 'react-admin';
import { SecondFactorNeeded } from '../../authProvider/second-factor';
import { lazyComponent, withToolMessages } from '../lazy';
import type { SignedInUser } from '../modules/second-factor/api';
// Already in the first script: it is the app bar's switch too (src/modules/i18n), so the sign-in page grows by nothing.
import { LanguageSwitch } from '../modules/i18n/LanguageSwitch';
import { dropEarlySignIn, readEarlySignIn, type EarlySignIn } from './earlySignIn';
import { EarlyPagesContext } from '../screens/firstPage';

// The second step (code, passkey, enrolment) is a chunk of its own: most sign-ins never need it.
const SecondStep = lazyComponent(
  withToolMessages('second-factor', () => import('../modules/second-factor/SecondStep').then((m) => m.SecondStep)),
);
// The directory's button asks the server which directories are on; a chunk of its own, drawn when it arrives.
const DirectoryButton = lazyComponent(() => import('../modules/directory/DirectoryButton').then((m) => m.DirectoryButton), null);

interface Credentials {
  username: string;
  password: string;
}

/**
 * Takes over the sign-in form index.html showed before the console's script arrived (./earlySignIn).
 * Its values, read as the page first rendered, are this form's defaults; here, in the same commit
 * as this form appears (no key press falls between), it is read again (a rendering that yielded
 * may have let the visitor type or submit meanwhile) and removed, its focus comes here, and
 * `onTaken` gets what it held last.
 */
function TakeOverEarlyForm({ early, onTaken }: { early: EarlySignIn | undefined; onTaken: (last: EarlySignIn) => void }) {
  const { setFocus } = useFormContext();
  const taken = useRef(onTaken);
  useLayoutEffect(() => {
    if (!early) return;
    const last = readEarlySignIn() ?? early;
    dropEarlySignIn();
    if (last.focused) setFocus(last.focused);
    taken.current(last);
  }, [early, setFocus]);
  return null;
}

/** Sign-in page of spec 000: username, password (toggle), remember me, forgot-password link; and the language switch. */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  // What the visitor typed in index.html's own form before the console was here (./earlySignIn).
  const [early] = useState(readEarlySignIn);
  // One object until the early form's last values replace it: react-admin's form resets its
  // values to its defaults whenever they are a new object.
  const [defaults, setDefaults] = useState(() => early && { username: early.username, password: early.password });
  const [remember, setRemember] = useState(early?.remember ?? false);
  const [step, setStep] = useState<SecondFactorNeeded>();
  // The username and password go to the directory (LDAP) instead of the console's own accounts.
  const [useLdap, setUseLdap] = useState(false);
  // The list the console returns to (react-admin's redirect state): its first page is asked for
  // as soon as the session is saved, before the layout's first render (~1 s of a slow phone's CPU).
  const earlyPages = useContext(EarlyPagesContext);
  const next = (useLocation().state ?? {}) as { nextPathname?: string; nextSearch?: string };
  const signedIn = () => void earlyPages?.firstPageAt?.({ pathname: next.nextPathname ?? '/', search: next.nextSearch ?? '' });
  const finish = (user: SignedInUser, keep: boolean) => login({ completed: user, remember: keep }).then(signedIn);
  const withPasskey = async () => {
    try {
      const { factorApi } = await import('../modules/second-factor/api');
      await finish(await factorApi.withPasskey(undefined, remember), remember);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'second_factor.passkeys.failed', { type: 'error' });
    }
  };

  // `keep`: the remember box as the early form had it (this render's state is older).
  const submit = async (values: Record<string, unknown>, keep = remember) => {
    const { username, password } = values as unknown as Credentials;
    setBusy(true);
    try {
      if (useLdap) {
        const { directoryApi } = await import('../modules/directory/api');
        const answer = await directoryApi.ldap(username, password, keep);
        if (answer.second_factor) throw new SecondFactorNeeded(answer.second_factor, keep);
        if (answer.token) await finish({ ...answer, token: answer.token }, keep);
      } else {
        await login({ username, password, remember: keep });
        signedIn();
      }
    } catch (error) {
      if (error instanceof SecondFactorNeeded) setStep(error);
      else notify(error instanceof Error ? error.message : 'ra.auth.sign_in_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  if (step) return <SecondStep step={step.step} onDone={(user) => void finish(user, step.remember)} onCancel={() => setStep(undefined)} />;
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default' }}>
      <Card sx={{ width: 380, maxWidth: '95vw' }}>
        <CardContent>
          {/* The language before signing in (the same stored preference the app bar's switch sets). */}
          <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="h5" component="h1" gutterBottom>
              {translate('app.sign_in.title')}
            </Typography>
            <LanguageSwitch />
          </Box>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {translate('app.sign_in.greeting')}
          </Typography>
          <Form onSubmit={(values: Record<string, unknown>) => submit(values)} defaultValues={defaults} noValidate>
            <TakeOverEarlyForm
              early={early}
              onTaken={(last) => {
                setRemember(last.remember);
                if (last.username !== early?.username || last.password !== early.password)
                  setDefaults({ username: last.username, password: last.password });
                if (last.submitted && last.username !== '' && last.password !== '')
                  void submit({ username: last.username, password: last.password }, last.remember);
              }}
            />
            <TextInput source="username" label="app.sign_in.username" autoComplete="username" validate={required()} fullWidth autoFocus />
            <PasswordInput source="password" label="app.sign_in.password" autoComplete="current-password" validate={required()} fullWidth />
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
              <FormControlLabel
                control={<Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)} />}
                label={translate('app.sign_in.remember')}
              />
              <MuiLink component={Link} to="/forgot-password" variant="body2">
                {translate('app.sign_in.forgot')}
              </MuiLink>
            </Box>
            <MuiButton type="submit" variant="contained" fullWidth disabled={busy} sx={{ mt: 2 }}>
              {translate(busy ? 'app.processing' : 'app.sign_in.submit')}
            </MuiButton>
            <MuiButton variant="outlined" fullWidth disabled={busy} sx={{ mt: 1 }} onClick={() => void withPasskey()}>
              {translate('second_factor.passkeys.sign_in')}
            </MuiButton>
            <DirectoryButton remember={remember} useLdap={useLdap} onUseLdap={setUseLdap} />
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
}
