import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import HelpOutline from '@mui/icons-material/HelpOutline';
import Visibility from '@mui/icons-material/Visibility';
import { useNavigate } from 'react-router-dom';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import { explainApi } from './api';
import { enterView } from './enterView';

/** The users list's "Check access" button: the check page for this user, one click from the list. */
export function CheckAccessButton() {
  const record = useRecordContext<{ id: number; user_id?: number; user_name?: string }>();
  const translate = useTranslate();
  const navigate = useNavigate();
  if (!record) return null;
  const label = translate('explain.check_access');
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        color="secondary"
        aria-label={`${label}: ${record.user_name ?? ''}`}
        onClick={(e) => {
          e.stopPropagation();
          void navigate(`/explain/check-access?user=${record.user_id ?? record.id}`);
        }}
      >
        <HelpOutline fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/** The users list's "View as" button: opens the console as this user, read only (the server may refuse). */
export function ViewAsButton() {
  const record = useRecordContext<{ id: number; user_id?: number; user_name?: string }>();
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const label = translate('explain.view_as.button');
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        color="secondary"
        disabled={busy}
        aria-label={`${label}: ${record.user_name ?? ''}`}
        onClick={(e) => {
          e.stopPropagation();
          setBusy(true);
          explainApi.startViewAs(record.user_id ?? record.id).then(
            (v) => enterView(v.token, { name: v.user_name, ends_at: v.ends_at }),
            (err: unknown) => {
              setBusy(false);
              notify(err instanceof Error ? err.message : String(err), { type: 'error' });
            },
          );
        }}
      >
        <Visibility fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
