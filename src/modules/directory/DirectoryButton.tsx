import { useEffect, useState } from 'react';
import MuiButton from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useNotify, useTranslate } from 'react-admin';
import { directoryApi, PENDING_KEY, type SignInOptions } from './api';

/**
 * The sign-in page's directory part: "Sign in with <name>" (OpenID Connect) and, where LDAP is on,
 * a switch that sends the username and password to the directory instead. Shows nothing while the
 * options are asked, or when no directory is configured.
 */
export function DirectoryButton({
  remember,
  useLdap,
  onUseLdap,
}: {
  remember: boolean;
  useLdap: boolean;
  onUseLdap: (on: boolean) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [options, setOptions] = useState<SignInOptions>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    directoryApi.options().then(
      (o) => live && setOptions(o),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  const start = async () => {
    setBusy(true);
    try {
      const { url, state } = await directoryApi.start(remember);
      sessionStorage.setItem(PENDING_KEY, JSON.stringify({ state, remember }));
      window.location.assign(url);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'directory.sign_in.failed', { type: 'error' });
      setBusy(false);
    }
  };
  if (!options) return null;
  return (
    <>
      {options.ldap && (
        <FormControlLabel
          control={<Switch checked={useLdap} onChange={(e) => onUseLdap(e.target.checked)} />}
          label={translate('directory.sign_in.use_ldap')}
        />
      )}
      {options.oidc && (
        <MuiButton variant="outlined" fullWidth disabled={busy} sx={{ mt: 1 }} onClick={() => void start()}>
          {translate('directory.sign_in.with', { name: options.oidc.name })}
        </MuiButton>
      )}
    </>
  );
}
