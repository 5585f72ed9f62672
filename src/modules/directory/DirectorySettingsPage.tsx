import { useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CanAccess, Title, useNotify, useTranslate } from 'react-admin';
import { DIRECTORY_SLUGS } from '../../../resources/directory';
import { AccessDeniedPage } from '../access/AccessDeniedPage';
import { directoryApi, type ScimToken } from './api';

/** The directory settings as the server's environment gave them (read only), and the SCIM tokens. */
export function DirectorySettingsPage() {
  return (
    <CanAccess resource={DIRECTORY_SLUGS.settings} action="list" accessDenied={<AccessDeniedPage />}>
      <Settings />
    </CanAccess>
  );
}

const shown = (v: unknown): string =>
  v === null || v === undefined || v === ''
    ? '-'
    : typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'
      ? String(v)
      : JSON.stringify(v);

function Section({ title, values }: { title: string; values: Record<string, unknown> | null }) {
  const translate = useTranslate();
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {values ? (
        <Table size="small" aria-label={title}>
          <TableBody>
            {Object.entries(values).map(([k, v]) => (
              <TableRow key={k}>
                <TableCell component="th" scope="row" sx={{ width: '40%' }}>
                  <code>{k}</code>
                </TableCell>
                <TableCell>{shown(v)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <Typography color="text.secondary">{translate('directory.settings.off')}</Typography>
      )}
    </Box>
  );
}

function Settings() {
  const translate = useTranslate();
  const [settings, setSettings] = useState<Record<string, unknown>>();
  useEffect(() => {
    void directoryApi.settings().then(setSettings);
  }, []);
  if (!settings) return null;
  const { oidc, ldap, ...rest } = settings;
  return (
    <Box component="main" sx={{ p: 2 }}>
      <Title title={translate('directory.settings.title')} />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('directory.settings.title')}
      </Typography>
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate('directory.settings.from_environment')}
      </Alert>
      <Section title="OpenID Connect" values={oidc as Record<string, unknown> | null} />
      <Section title="LDAP / Active Directory" values={ldap as Record<string, unknown> | null} />
      <Section title={translate('directory.settings.accounts')} values={rest} />
      <CanAccess resource={DIRECTORY_SLUGS.scimTokens} action="list" accessDenied={null}>
        <Tokens />
      </CanAccess>
    </Box>
  );
}

function Tokens() {
  const translate = useTranslate();
  const notify = useNotify();
  const [tokens, setTokens] = useState<ScimToken[]>([]);
  const [name, setName] = useState('');
  const [made, setMade] = useState<string>();
  const reload = useCallback(() => void directoryApi.tokens().then(setTokens), []);
  useEffect(reload, [reload]);
  const make = async () => {
    try {
      const token = await directoryApi.makeToken(name);
      setMade(token.token);
      setName('');
      reload();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    }
  };
  const revoke = async (id: number) => {
    await directoryApi.revokeToken(id);
    notify('directory.scim.revoked', { type: 'info' });
    reload();
  };
  return (
    <Box>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('directory.scim.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {translate('directory.scim.help')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 2 }}>
        <TextField size="small" label={translate('directory.scim.name')} value={name} onChange={(e) => setName(e.target.value)} />
        <MuiButton variant="contained" disabled={!name.trim()} onClick={() => void make()}>
          {translate('directory.scim.make')}
        </MuiButton>
      </Box>
      {made && (
        <Alert severity="warning" sx={{ mb: 2 }} onClose={() => setMade(undefined)}>
          {translate('directory.scim.copy_now')} <code>{made}</code>
        </Alert>
      )}
      <Table size="small" aria-label={translate('directory.scim.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('directory.scim.name')}</TableCell>
            <TableCell>{translate('directory.scim.made_by')}</TableCell>
            <TableCell>{translate('directory.scim.last_used')}</TableCell>
            <TableCell>{translate('directory.scim.status')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {tokens.map((t) => (
            <TableRow key={t.scim_token_id}>
              <TableCell>{t.token_name}</TableCell>
              <TableCell>{t.created_by ?? '-'}</TableCell>
              <TableCell>{t.last_used_at || '-'}</TableCell>
              <TableCell>
                {t.revoked_at ? (
                  translate('directory.scim.revoked_at', { at: t.revoked_at })
                ) : (
                  <MuiButton size="small" color="error" onClick={() => void revoke(t.scim_token_id)}>
                    {translate('directory.scim.revoke')}
                  </MuiButton>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
