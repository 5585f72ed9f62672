import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import PersonOff from '@mui/icons-material/PersonOff';
import { useNotify, useRecordContext, useRefresh, useResourceDefinition, useTranslate } from 'react-admin';
import { registry } from '../../../resources';
import { erasurePath } from '../../../resources/erasure';
import { authorisedFetch, refusal } from '../spreadsheets/transfer';

/**
 * A person's row's "Erase this person" button (issue 49): erasure cannot be undone (the person's
 * key in the trail is destroyed), so the dialog asks for the person's name, typed, before it is
 * sent. The server's refusal (a legal hold, oneself, the last Super Admin, another branch) is
 * shown in the dialog as the server says it, and nothing changes.
 */
export function EraseButton() {
  const record = useRecordContext<Record<string, unknown> & { id: number | string }>();
  const { name } = useResourceDefinition();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string>();
  const d = name ? registry.find(name) : undefined;
  if (!record || !d) return null;
  const title = record[d.titleField];
  const who = typeof title === 'string' && title.trim() ? title.trim() : String(record.id);
  const label = translate('privacy.erase.button');
  const close = () => {
    setOpen(false);
    setTyped('');
    setRefused(undefined);
  };
  const erase = async () => {
    setBusy(true);
    try {
      const res = await authorisedFetch(erasurePath(d.name, record.id), { method: 'POST' });
      if (!res.ok) {
        setRefused((await refusal(res)).message);
        return;
      }
      close();
      notify('privacy.erase.done', { type: 'info', messageArgs: { name: who } });
      refresh();
    } catch (err) {
      setRefused(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  const matches = typed.trim() === who;
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          size="small"
          color="error"
          aria-label={`${label}: ${who}`}
          onClick={(e) => {
            e.stopPropagation();
            setOpen(true);
          }}
        >
          <PersonOff fontSize="small" />
        </IconButton>
      </Tooltip>
      <Dialog open={open} onClose={close} onClick={(e) => e.stopPropagation()} aria-labelledby="erase-person-title" maxWidth="sm" fullWidth>
        <DialogTitle id="erase-person-title">{translate('privacy.erase.title', { name: who })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('privacy.erase.body')}</DialogContentText>
          {refused && (
            <DialogContentText role="alert" color="error" sx={{ mt: 2 }}>
              {refused}
            </DialogContentText>
          )}
          <TextField
            autoFocus
            fullWidth
            margin="normal"
            label={translate('privacy.erase.type_name', { name: who })}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && matches && !busy) void erase();
            }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('ra.action.cancel')}</Button>
          <Button color="error" variant="contained" disabled={!matches || busy} onClick={() => void erase()}>
            {translate('privacy.erase.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
