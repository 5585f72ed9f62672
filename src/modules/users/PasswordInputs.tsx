import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { PasswordInput, required, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { usePasswordStrength } from './passwordStrength';

const COLORS = ['error', 'error', 'warning', 'info', 'success'] as const;
const LABELS = ['very_weak', 'weak', 'fair', 'good', 'strong'] as const;

/** How strong the typed password looks (zxcvbn's 0-4), as a bar and a word. */
function StrengthHint() {
  const translate = useTranslate();
  const password = useWatch<{ password?: string }>({ name: 'password' }) ?? '';
  const score = usePasswordStrength(password);
  if (score === undefined) return null;
  const index = Math.min(Math.max(score, 0), 4) as 0 | 1 | 2 | 3 | 4;
  return (
    <Box sx={{ mt: -1, mb: 2 }} data-testid="password-strength">
      <LinearProgress variant="determinate" value={(index + 1) * 20} color={COLORS[index]} aria-hidden />
      <Typography variant="caption" color={`${COLORS[index]}.main`}>
        {translate('users.strength.label')}: {translate(`users.strength.${LABELS[index]}`)}
      </Typography>
    </Box>
  );
}

/**
 * Password and its confirmation, on create only (spec 000 section 5), each with react-admin's
 * show/hide toggle. The server checks that they match and applies the password policy.
 */
export function PasswordInputs() {
  return (
    <>
      <Box>
        <PasswordInput
          source="password"
          label="resources.users.fields.password"
          validate={required()}
          fullWidth
          autoComplete="new-password"
        />
        <StrengthHint />
      </Box>
      <PasswordInput
        source="c_password"
        label="resources.users.fields.c_password"
        validate={required()}
        fullWidth
        autoComplete="new-password"
      />
    </>
  );
}
