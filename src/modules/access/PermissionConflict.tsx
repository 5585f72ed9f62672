import { useMemo } from 'react';
import { ConflictDialog } from '../../screens/conflict/ConflictDialog';
import type { ConflictField } from '../../screens/conflict/fieldValues';
import type { PermissionConflict, PermissionEntry } from './api';
import { useMenuLabel } from './menuLabel';
import { indexTree, statusesOf, type Statuses } from './tree-logic';

type Values = Record<string, unknown>;

/** A toggle's save refused: the statuses the user saw, the ones they chose, and the set as stored now. */
export interface RefusedToggle {
  before: Statuses;
  after: Statuses;
  error: PermissionConflict;
}

const valuesOf = (statuses: Statuses): Values => Object.fromEntries([...statuses].map(([id, v]) => [String(id), v]));

/** Statuses from the dialog's values (menu id → 0/1). */
export const statusesFrom = (values: Values): Map<number, number> =>
  new Map(Object.entries(values).map(([id, v]) => [Number(id), v === 1 || v === true ? 1 : 0]));

interface Props {
  refused: RefusedToggle;
  busy: boolean;
  /** Save `merged` (menu id → status) over the set as stored (`theirs`). */
  onResolve: (merged: Map<number, number>, theirs: Map<number, number>) => void;
  /** Take the stored set, dropping the user's toggle. */
  onReload: () => void;
}

/**
 * The conflict dialog for a permission tree: each menu whose state differs between what is stored
 * now and what the user chose, with the state they both started from; per menu, keep the user's
 * choice or take the other's, or take theirs entirely.
 */
export function PermissionConflictDialog({ refused, busy, onResolve, onReload }: Props) {
  const nameOf = useMenuLabel();
  const theirs = refused.error.current.entries;
  const fields = useMemo<ConflictField[]>(() => {
    const ix = indexTree(theirs);
    // A child is named with its parent ("Branches › Create"): many children share a name.
    const pathOf = (e: PermissionEntry): string => {
      const parent = ix.parentOf.get(e.menu_id);
      const p = parent === undefined ? undefined : ix.byId.get(parent);
      return p ? `${pathOf(p)} › ${nameOf(e)}` : nameOf(e);
    };
    return ix.order.map((e) => ({ name: String(e.menu_id), label: e.menu_slug, text: pathOf(e), kind: 'flag' }));
  }, [theirs, nameOf]);
  const theirStatuses = useMemo(() => statusesOf(indexTree(theirs)), [theirs]);
  return (
    <ConflictDialog
      key={refused.error.current.version ?? ''}
      state={{
        mode: 'save',
        base: valuesOf(refused.before),
        yours: valuesOf(refused.after),
        theirs: valuesOf(theirStatuses),
        changedBy: refused.error.changedBy,
        changedAt: refused.error.changedAt,
      }}
      fields={fields}
      busy={busy}
      wording={{ title: 'conflicts.permissions_title', intro: 'conflicts.permissions_intro', back: 'conflicts.back_to_tree' }}
      onResolve={(merged) => {
        onResolve(statusesFrom(merged), theirStatuses);
      }}
      onReload={onReload}
      onCancel={onReload}
    />
  );
}
