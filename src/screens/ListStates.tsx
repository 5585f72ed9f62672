import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

/** Shared list states of the spec: spinner, error block, "Data Not Found". */
export function Spinner() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
      <CircularProgress role="progressbar" />
    </Box>
  );
}

export function ErrorBlock({ message }: { message?: string }) {
  const translate = useTranslate();
  return (
    <Alert severity="error" sx={{ m: 2 }} role="alert">
      <AlertTitle>{translate('app.error_title')}</AlertTitle>
      {message === undefined || message === '' ? translate('app.error_body') : message}
    </Alert>
  );
}

export function DataNotFound({ message }: { message?: string }) {
  const translate = useTranslate();
  return (
    <Typography align="center" color="text.secondary" sx={{ p: 4 }}>
      {message ?? translate('app.data_not_found')}
    </Typography>
  );
}
