import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { useRegistry } from '../../registry-context';
import { useFieldLabel } from './ChangeValues';

interface Props {
  resource: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (body: Record<string, string>) => void;
}

/**
 * Asks before an undelete. A resource whose create takes values the trail never keeps (a user's
 * password) asks for them here: the record comes back with a new one.
 */
export function UndeleteDialog({ resource, busy, onCancel, onConfirm }: Props) {
  const translate = useTranslate();
  const label = useFieldLabel(resource);
  const secrets = useRegistry().find(resource)?.bodyOnly ?? [];
  const [values, setValues] = useState<Record<string, string>>({});
  return (
    <Dialog open onClose={onCancel} aria-labelledby="undelete-title">
      <DialogTitle id="undelete-title">{translate('audit.deleted.confirm_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('audit.deleted.confirm_body')}</DialogContentText>
        {secrets.length > 0 && <DialogContentText sx={{ mt: 1 }}>{translate('audit.deleted.password_hint')}</DialogContentText>}
        {secrets.map((name) => (
          <TextField
            key={name}
            type="password"
            autoComplete="new-password"
            label={label(name)}
            value={values[name] ?? ''}
            onChange={(e) => {
              setValues((v) => ({ ...v, [name]: e.target.value }));
            }}
            fullWidth
            margin="dense"
          />
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={busy}
          onClick={() => {
            onConfirm(values);
          }}
        >
          {translate('audit.deleted.undelete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
