import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslate } from 'react-admin';
import { explainApi } from './api';
import { currentView, leaveView } from './viewAsSession';

/** Ends the view on the server (it may have ended already), then puts the viewer's session back. */
async function endView() {
  try {
    await explainApi.endViewAs();
  } catch {
    // Ended already (its time was up): the viewer's own session comes back all the same.
  }
  leaveView();
}

/** "Viewing as NAME, read only", with the end button; ends by itself when the view's time is up. */
export function ViewAsBanner() {
  const translate = useTranslate();
  const view = currentView();
  useEffect(() => {
    if (!view) return;
    const timer = setTimeout(() => void endView(), Math.max(0, Date.parse(view.ends_at) - Date.now()));
    return () => clearTimeout(timer);
  }, [view?.ends_at]); // eslint-disable-line react-hooks/exhaustive-deps -- the view is read from storage on every render
  if (!view) return null;
  return (
    <Alert
      severity="warning"
      variant="filled"
      role="status"
      sx={{ py: 0, mx: 1, alignItems: 'center' }}
      action={
        <Button color="inherit" size="small" variant="outlined" onClick={() => void endView()}>
          {translate('explain.view_as.end')}
        </Button>
      }
    >
      {translate('explain.view_as.banner', { name: view.name })}
    </Alert>
  );
}
