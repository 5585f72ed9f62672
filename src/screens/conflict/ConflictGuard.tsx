import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useNotify, useTranslate, type Identifier } from 'react-admin';
import { isConflict, versionOf, type VersionConflict } from '../../../dataProvider/versions';
import { ConflictDialog, type ConflictState } from './ConflictDialog';
import type { ConflictField } from './fieldValues';
import { useRecordWatch } from './useRecordWatch';
import { useToolMessages } from '../../lazy';

type Values = Record<string, unknown>;

/** A save the server refused because the record changed since it was read, with what was sent. */
export interface RefusedSave {
  error: VersionConflict;
  yours: Values;
}

/** What an edit form lends the guard: its record, its values, and how it reads, saves and reloads. */
export interface GuardHost {
  resource: string;
  id: Identifier;
  fields: readonly ConflictField[];
  /** The record as the form read it (its version is what a save sends). */
  base: Values;
  /** The form's values now. */
  yours: () => Values;
  /** The record as stored now. */
  read: () => Promise<Values>;
  /** Saves `merged` over `theirs` (their version); a VersionConflict when it moved on again. */
  save: (merged: Values, theirs: Values) => Promise<Values>;
  /** Puts `theirs` in the form, as if just opened. */
  reload: (theirs: Values) => void;
  onSaved: (saved: Values) => void;
}

interface Props extends GuardHost {
  /** The host's last save refused with 412 (a new object for each refusal). */
  refused?: RefusedSave;
}

/**
 * Watches an open record and resolves version conflicts: a notice when someone else saves or
 * deletes it meanwhile (with a way to review their change), and the conflict dialog when a save
 * is refused, which saves again, with the version as it is now, what the user chose field by field.
 */
export function ConflictGuard({ refused, ...host }: Props) {
  const translate = useTranslate();
  // The notice's and the dialog's words load with the form, not with the first screen.
  const wordsReady = useToolMessages('conflicts');
  const notify = useNotify();
  const [state, setState] = useState<ConflictState>();
  const [busy, setBusy] = useState(false);
  const { change, dismiss } = useRecordWatch(host.resource, host.id, versionOf(host.base), host.read);

  // A new refusal opens the dialog (state adjusted while rendering, as React advises for a prop's change).
  const [seen, setSeen] = useState(refused);
  if (refused !== seen) {
    setSeen(refused);
    if (refused) {
      setState({
        mode: 'save',
        base: host.base,
        yours: refused.yours,
        theirs: refused.error.current,
        changedBy: refused.error.changedBy,
        changedAt: refused.error.changedAt,
      });
    }
  }

  const resolve = async (merged: Values, theirs: Values) => {
    setBusy(true);
    try {
      const saved = await host.save(merged, theirs);
      setState(undefined);
      dismiss();
      host.onSaved(saved);
    } catch (error) {
      if (isConflict(error)) {
        setState({
          mode: 'save',
          base: theirs,
          yours: merged,
          theirs: error.current,
          changedBy: error.changedBy,
          changedAt: error.changedAt,
        });
      } else {
        notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {wordsReady && change && !state && (
        <Alert
          severity="warning"
          role="alert"
          // First in the form's grid, above the fields.
          sx={{ gridColumn: '1 / -1', order: -1, mb: 2 }}
          action={
            change.kind === 'updated' ? (
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  setState({ mode: 'review', base: host.base, yours: host.yours(), theirs: change.current });
                }}
              >
                {translate('conflicts.review')}
              </Button>
            ) : undefined
          }
        >
          {translate(change.kind === 'updated' ? 'conflicts.notice_updated' : 'conflicts.notice_deleted')}
        </Alert>
      )}
      {wordsReady && state && (
        <ConflictDialog
          // A new round (their record moved on again) starts with fresh choices.
          key={`${state.mode}:${versionOf(state.theirs) ?? ''}`}
          state={state}
          fields={host.fields}
          busy={busy}
          onResolve={(merged, theirs) => void resolve(merged, theirs)}
          onReload={(theirs) => {
            host.reload(theirs);
            setState(undefined);
            dismiss();
          }}
          onCancel={() => {
            setState(undefined);
          }}
        />
      )}
    </>
  );
}
