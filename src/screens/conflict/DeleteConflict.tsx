import { useState } from 'react';
import { useDataProvider, useNotify, useRefresh, type RaRecord } from 'react-admin';
import { isConflict, versionOf, type VersionConflict } from '../../../dataProvider/versions';
import { useRegistry } from '../../registry-context';
import { messageOf } from '../failures';
import { ConflictDialog, type ConflictState } from './ConflictDialog';
import { descriptorFields, type ConflictField } from './fieldValues';

/** A delete refused because the record changed since it was read: the record as read, and the refusal. */
export interface RefusedDelete {
  base: RaRecord;
  error: Pick<VersionConflict, 'current' | 'changedBy' | 'changedAt'>;
}

const stateOf = ({ base, error }: RefusedDelete): ConflictState => ({
  mode: 'delete',
  base,
  yours: base,
  theirs: error.current,
  changedBy: error.changedBy,
  changedAt: error.changedAt,
});

interface Props {
  resource: string;
  refused: RefusedDelete;
  onDeleted: () => void;
  /** The user kept the record (or it could not be deleted). */
  onCancel: () => void;
  /** The fields to compare, for a record no descriptor declares (a menu, a notification); else the descriptor's. */
  fields?: readonly ConflictField[];
  /** Deletes the record as shown (its version as `If-Match`); else the data provider's delete. */
  remove?: (theirs: RaRecord) => Promise<unknown>;
}

/**
 * A delete asked again: the record changed since the user read it, so the conflict dialog shows
 * what changed (as read against as stored) and deletes it only when the user says so, with the
 * version it showed; changed yet again meanwhile, it asks again with the newer change.
 */
export function DeleteConflict({ resource, refused, onDeleted, onCancel, fields, remove }: Props) {
  const registry = useRegistry();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [state, setState] = useState<ConflictState>(() => stateOf(refused));
  const [busy, setBusy] = useState(false);
  const confirm = async (theirs: RaRecord) => {
    setBusy(true);
    try {
      await (remove ? remove(theirs) : dataProvider.delete(resource, { id: theirs.id, previousData: theirs }));
      notify('ra.notification.deleted', { type: 'success', messageArgs: { smart_count: 1 } });
      // Deleted outside react-admin's mutation: the lists showing it read again.
      refresh();
      onDeleted();
    } catch (error) {
      if (isConflict(error)) setState(stateOf({ base: theirs, error }));
      else {
        notify(messageOf(error) || 'ra.notification.http_error', { type: 'error' });
        onCancel();
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConflictDialog
      // A newer change starts a fresh dialog.
      key={versionOf(state.theirs) ?? ''}
      state={state}
      fields={fields ?? descriptorFields(resource, registry.get(resource).fields)}
      busy={busy}
      onResolve={() => undefined}
      onReload={() => undefined}
      onConfirmDelete={(theirs) => void confirm(theirs as RaRecord)}
      onCancel={onCancel}
    />
  );
}
