import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import HistoryIcon from '@mui/icons-material/History';
import { useCanAccess, useDataProvider, useRefresh, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { lazyComponent, withToolMessages } from '../../lazy';
import { AUDIT_SLUGS } from './api';

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
   * After a restore. By default the record is read again into react-admin's cache, so an open
   * edit form (which holds its record while open) shows the restored values, and lists refresh.
   */
  onRestored?: () => void;
  /** Placed in the top corner of a dialog (its title row), or in the flow of a page. */
  corner?: boolean;
}

/** "History" for holders of audit/history: the record's versions in a dialog of their own. */
export function RecordHistoryButton({ resource, id, onRestored, corner = false }: Props) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const { canAccess } = useCanAccess({ resource: AUDIT_SLUGS.history, action: 'list' });
  if (!canAccess) return null;
  const reload = async () => {
    if (onRestored) {
      onRestored();
      return;
    }
    const { data } = await dataProvider.getOne<RaRecord>(resource, { id });
    queryClient.setQueriesData({ queryKey: [resource, 'getOne', { id: String(id) }] }, data);
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
