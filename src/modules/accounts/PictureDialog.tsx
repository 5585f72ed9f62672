import { useEffect, useMemo, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useGetIdentity, useNotify, useTranslate } from 'react-admin';
import { rememberUser, uploadPicture, type ProfileUser } from './api';

/**
 * Change my picture: an image file input with preview and upload progress. On success the stored
 * user is updated and react-admin's identity refetched, so the app bar's avatar changes without
 * a reload; on failure the server's message shows and the old picture stays.
 */
export function PictureDialog({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: (user: ProfileUser) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { refetch } = useGetIdentity();
  const [file, setFile] = useState<File>();
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : undefined), [file]);
  const [progress, setProgress] = useState<number>();

  // The preview's object URL is released when the file changes or the dialog goes away.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const close = () => {
    setFile(undefined);
    setProgress(undefined);
    onClose();
  };

  const save = async () => {
    if (!file) return;
    setProgress(0);
    try {
      const user = await uploadPicture(file, setProgress);
      rememberUser(user);
      await refetch();
      onSaved(user);
      notify('accounts.picture.saved', { type: 'success' });
      close();
    } catch (e) {
      notify(e instanceof Error ? e.message : 'ra.notification.http_error', { type: 'error' });
      setProgress(undefined);
    }
  };

  const busy = progress !== undefined;
  return (
    <Dialog open={open} onClose={busy ? undefined : close} fullWidth maxWidth="xs" aria-labelledby="picture-dialog-title">
      <DialogTitle id="picture-dialog-title">{translate('accounts.picture.title')}</DialogTitle>
      <DialogContent>
        <Stack alignItems="center" spacing={2} sx={{ pt: 1 }}>
          <Avatar src={preview} sx={{ width: 128, height: 128 }} alt={translate('accounts.picture.preview')} />
          <Button variant="outlined" component="label" disabled={busy}>
            {translate('accounts.picture.choose')}
            <input
              hidden
              type="file"
              accept="image/*"
              aria-label={translate('accounts.picture.choose')}
              onChange={(e) => {
                setFile(e.target.files?.[0]);
              }}
            />
          </Button>
          {file && <Typography variant="body2">{file.name}</Typography>}
          {busy && (
            <LinearProgress
              variant="determinate"
              value={progress}
              sx={{ width: '100%' }}
              aria-label={translate('accounts.picture.progress')}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={!file || busy}>
          {translate('accounts.picture.upload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
