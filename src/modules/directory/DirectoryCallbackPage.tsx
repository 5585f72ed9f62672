import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link, useNavigate } from 'react-router-dom';
import { Loading, useLogin, useTranslate } from 'react-admin';
import type { SecondFactorStep } from '../../../authProvider/second-factor';
import { lazyComponent, withToolMessages } from '../../lazy';
import type { SignedInUser } from '../second-factor/api';
import { directoryApi, PENDING_KEY, type DirectoryAnswer } from './api';

const SecondStep = lazyComponent(withToolMessages('second-factor', () => import('../second-factor/SecondStep').then((m) => m.SecondStep)));

interface Attempt {
  search: string;
  remember: boolean;
  ours: boolean;
  /** The one exchange of the provider's answer, shared by every mount of the page. */
  answer?: Promise<DirectoryAnswer>;
}
let current: Attempt | undefined;

/**
 * The attempt this browser started, and whether the provider's answer is for it. Read once per
 * answer, not once per mount: the page can mount again while the console starts (its routes are
 * drawn again once the session check ends), and a second read would find the pending state gone
 * and call the sign-in "not started in this browser", or spend the provider's one-time code twice.
 */
function readAttempt(): Attempt {
  const search = window.location.search;
  if (current?.search === search) return current;
  const pending = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as { state: string; remember: boolean } | null;
  sessionStorage.removeItem(PENDING_KEY);
  const ours = !!pending && pending.state === new URLSearchParams(search).get('state');
  current = { search, remember: pending?.remember ?? false, ours };
  return current;
}

/**
 * Where the OpenID provider sends the browser back (OIDC_REDIRECT_URI): the state must be the one
 * this browser left with (so nobody can sign someone in to their own account), then the server
 * checks the answer and signs in exactly as the password form does, second step included.
 */
export function DirectoryCallbackPage() {
  const translate = useTranslate();
  const login = useLogin();
  const navigate = useNavigate();
  const [attempt] = useState(readAttempt);
  const [problem, setProblem] = useState<string | undefined>(() => (attempt.ours ? undefined : translate('directory.sign_in.not_ours')));
  const [step, setStep] = useState<{ step: SecondFactorStep; remember: boolean }>();
  useEffect(() => {
    if (!attempt.ours) return;
    let mounted = true;
    attempt.answer ??= directoryApi.callback(attempt.search);
    attempt.answer.then(
      async (answer) => {
        if (!mounted) return;
        if (answer.second_factor) setStep({ step: answer.second_factor, remember: attempt.remember });
        else if (answer.token) await login({ completed: { ...answer, token: answer.token }, remember: attempt.remember });
      },
      (error: unknown) => {
        if (mounted) setProblem(error instanceof Error ? error.message : translate('directory.sign_in.failed'));
      },
    );
    return () => {
      mounted = false;
    };
  }, [attempt, login, translate]);

  const finish = (user: SignedInUser, keep: boolean) => void login({ completed: user, remember: keep });
  if (step) return <SecondStep step={step.step} onDone={(user) => finish(user, step.remember)} onCancel={() => void navigate('/login')} />;
  if (!problem) return <Loading loadingPrimary="directory.sign_in.returning" loadingSecondary="" />;
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Card sx={{ width: 420, maxWidth: '95vw' }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate('directory.sign_in.refused_title')}
          </Typography>
          <Alert severity="error" sx={{ mb: 2 }}>
            {problem}
          </Alert>
          <MuiLink component={Link} to="/login">
            {translate('directory.sign_in.back')}
          </MuiLink>
        </CardContent>
      </Card>
    </Box>
  );
}
