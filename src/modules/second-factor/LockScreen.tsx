import { useContext, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { useGetIdentity, useLogout, useTranslate } from 'react-admin';
// The calls' module is shared with the sign-in page's chunks: fetched when used, so it is no extra file of the first screen.
const api = () => import('./api').then((m) => m.factorApi);
import { unlocked } from './lock-state';
import { LockCoverContext } from './lock-cover-context';

/**
 * The lock screen's form, inside the lock's cover (LockCover hides the console and any open
 * dialog, which stays mounted behind it with what was typed): asks for the same user's password or
 * passkey. "Sign in as someone else" signs this user out. The dialog is mounted inside the cover
 * (anywhere else the cover would hide it) and without a fade (the page never shows through).
 */
export function LockScreen() {
  const translate = useTranslate();
  const cover = useContext(LockCoverContext);
  const logout = useLogout();
  const { identity } = useGetIdentity();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [hasPasskey, setHasPasskey] = useState(false);
  useEffect(() => {
    api()
      .then((a) => a.status())
      .then(
        (s) => setHasPasskey(s.passkeys.length > 0),
        () => undefined,
      );
  }, []);
  const attempt = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(undefined);
    try {
      await work();
      unlocked();
    } catch (e) {
      const m = e instanceof Error ? e.message : String(e);
      setError(translate(m, { _: m }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      fullScreen
      disableEscapeKeyDown
      container={cover}
      transitionDuration={0}
      aria-labelledby="lock-title"
      // Above every other layer (dialogs, menus, snackbars, tooltips) of the console.
      sx={{ zIndex: 2000 }}
      data-testid="lock-screen"
    >
      <Box sx={{ minHeight: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default' }}>
        <Box
          component="form"
          // A flex column, not MUI's Stack: Stack would be one more shared file of the first signed-in screen.
          sx={{ width: 360, maxWidth: '92vw', display: 'flex', flexDirection: 'column', gap: 2 }}
          onSubmit={(e) => {
            e.preventDefault();
            if (password) void attempt(async () => (await api()).unlock(password));
          }}
        >
          <Avatar sx={{ alignSelf: 'center', bgcolor: 'primary.main' }}>
            <LockOutlined />
          </Avatar>
          <DialogTitle id="lock-title" component="h1" variant="h5" sx={{ textAlign: 'center', p: 0 }}>
            {translate('second_factor.lock.title')}
          </DialogTitle>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            {translate('second_factor.lock.help', { name: identity?.fullName ?? '' })}
          </Typography>
          <TextField
            type="password"
            label={translate('second_factor.lock.password')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
            autoFocus
            required
            name="unlock-password"
          />
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <Button type="submit" variant="contained" disabled={busy || !password}>
            {translate('second_factor.lock.unlock')}
          </Button>
          {hasPasskey && (
            <Button variant="outlined" disabled={busy} onClick={() => void attempt(async () => (await api()).unlockWithPasskey())}>
              {translate('second_factor.lock.passkey')}
            </Button>
          )}
          <Button
            onClick={() => {
              unlocked();
              void logout();
            }}
          >
            {translate('second_factor.lock.someone_else')}
          </Button>
        </Box>
      </Box>
    </Dialog>
  );
}
