import { useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import { useNotify, useTranslate } from 'react-admin';
import { accessApi, PermissionConflict, type PermissionChange, type PermissionSet } from './api';
import { PermissionTreeView, type PermissionTreeViewProps } from './PermissionTreeView';
import { PermissionConflictDialog, type RefusedToggle } from './PermissionConflict';
import { changes as changesBetween, type Statuses } from './tree-logic';
import { useFieldRules } from './field-rules';

export interface PermissionTreeProps {
  /** The group whose permissions are edited; with `user`, the group the user's entries are compared with. */
  group: number;
  /** Edit this user's own permissions (grants and denials over the group) instead of the group's. */
  user?: number;
  /** Accessible name of the tree; defaults to "Permissions". */
  label?: string;
  readOnly?: boolean;
  /** With `user`: where each entry's state comes from, shown on its row (see PermissionTreeView). */
  originOf?: PermissionTreeViewProps['originOf'];
}

/**
 * The permission tree of a group or of one user, loaded from and saved to the API: each toggle
 * is saved at once (`/permission/permission-create` or `-create-user`), rolled back if refused.
 * Each save names the set's version; a toggle on a set someone else changed meanwhile opens the
 * conflict dialog, which shows the toggles changed under the user and lets them keep theirs or
 * take the others'.
 *
 *   <PermissionTree group={3} />            the group's permissions
 *   <PermissionTree group={3} user={12} />  user 12's permissions, marked where they differ from group 3
 */
export function PermissionTree({ group, user, label, readOnly, originOf }: PermissionTreeProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const key = ['access', 'permission-tree', group, user ?? 0];
  // The set's version as last read or saved: what the next save sends as If-Match.
  const version = useRef<string | undefined>(undefined);
  // One save at a time, each with the version the one before left.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const [refused, setRefused] = useState<RefusedToggle>();
  const [busy, setBusy] = useState(false);
  // The field level under each resource (issue 47), for a viewer who may list field rules.
  const target = useMemo(() => ({ group, user }), [group, user]);
  const fields = useFieldRules(target, readOnly);
  const { data, error, isPending } = useQuery({
    queryKey: key,
    queryFn: async () => {
      const set = await read();
      version.current = set.version;
      return set;
    },
    // A tree being edited must not be replaced by a background refetch.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  function read(): Promise<PermissionSet> {
    return user ? accessApi.userPermissions(user, group) : accessApi.groupPermissions(group);
  }
  if (isPending) return <CircularProgress size={24} aria-label={translate('ra.page.loading')} />;
  if (error) return <Alert severity="error">{error.message}</Alert>;
  const send = async (changes: PermissionChange[], expected: string | undefined) => {
    version.current = await (user ? accessApi.saveUser(user, group, changes, expected) : accessApi.saveGroup(group, changes, expected));
    // Other open trees of the same group or user must not show stale states.
    void queryClient.invalidateQueries({ queryKey: key, refetchType: 'none' });
  };
  /** Shows `set` in the tree (its statuses replace the tree's) and saves next against its version. */
  const show = (set: PermissionSet) => {
    version.current = set.version;
    queryClient.setQueryData(key, set);
  };
  const save = (changes: PermissionChange[], states?: { before: Statuses; after: Statuses }) => {
    const run = queue.current.then(async () => {
      try {
        await send(changes, version.current);
      } catch (e) {
        // The tree keeps the user's toggle on screen while the dialog asks what to keep.
        if (e instanceof PermissionConflict && states) setRefused({ ...states, error: e });
        else throw e;
      }
    });
    queue.current = run.catch(() => undefined);
    return run;
  };
  const resolve = async (merged: Map<number, number>, theirs: Map<number, number>) => {
    if (!refused) return;
    setBusy(true);
    try {
      await send(changesBetween(theirs, merged), refused.error.current.version);
      setRefused(undefined);
      // The tree shows the set as stored now, with the user's choices in it.
      show(await read());
    } catch (e) {
      if (e instanceof PermissionConflict) setRefused({ before: theirs, after: merged, error: e });
      else notify(e instanceof Error && e.message ? e.message : 'access.tree.save_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <PermissionTreeView
        entries={data.entries}
        onSave={save}
        mode={user ? 'user' : 'group'}
        label={label ?? translate('access.tree.label')}
        readOnly={readOnly}
        originOf={originOf}
        fields={fields}
      />
      {refused && (
        <PermissionConflictDialog
          refused={refused}
          busy={busy}
          onResolve={(merged, theirs) => void resolve(merged, theirs)}
          onReload={() => {
            // The user's toggle is dropped: the tree shows the set as the others left it.
            show(refused.error.current);
            setRefused(undefined);
          }}
        />
      )}
    </>
  );
}
