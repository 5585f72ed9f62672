import { useState } from 'react';
import Button from '@mui/material/Button';
import HistoryIcon from '@mui/icons-material/History';
import { useCanAccess, useRefresh, useTranslate, type Identifier } from 'react-admin';
import { lazyComponent, withToolMessages } from '../../lazy';
import { AUDIT_SLUGS } from './api';
import { useReloadHeldRecord } from '../../screens/conflict/heldRecord';

// The history view (and the word diff library with it) loads the first time it opens. Every
// screen that shows this button is loaded after the shell's chunk (src/signed-in.ts), so Rollup
// keeps what the view shares with the shell there.
const RecordHistoryDialog = lazyComponent(
  withToolMessages('audit', () => import('./RecordHistoryDialog').then((m) => m.RecordHistoryDialog)),
);

interface Props {
  resource: string;
  id: Identifier;
  /**
   * After a restore. By default an open edit form's record (held while the form is open) is read
   * again, so the form shows the restored values, and everything else on screen refreshes.
   */
  onRestored?: () => void;
  /** Placed in the top corner of a dialog (its title row), or in the flow of a page. */
  corner?: boolean;
}

/** "History" for holders of audit/history: the record's versions in a dialog of their own. */
export function RecordHistoryButton({ resource, id, onRestored, corner = false }: Props) {
  const translate = useTranslate();
  const reloadHeld = useReloadHeldRecord(resource, id);
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const { canAccess } = useCanAccess({ resource: AUDIT_SLUGS.history, action: 'list' });
  if (!canAccess) return null;
  const reload = async () => {
    if (onRestored) {
      onRestored();
      return;
    }
    await reloadHeld();
    refresh();
  };
  return (
    <>
      <Button
        size="small"
        startIcon={<HistoryIcon />}
        onClick={() => {
          setOpen(true);
        }}
        sx={corner ? { position: 'absolute', top: 12, insetInlineEnd: 16 } : undefined}
      >
        {translate('audit.history.button')}
      </Button>
      {open && (
        <RecordHistoryDialog
          resource={resource}
          id={id}
          onClose={() => {
            setOpen(false);
          }}
          onRestored={reload}
        />
      )}
    </>
  );
}
