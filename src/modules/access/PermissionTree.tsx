import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslate } from 'react-admin';
import { accessApi, type PermissionChange } from './api';
import { PermissionTreeView } from './PermissionTreeView';

export interface PermissionTreeProps {
  /** The group whose permissions are edited; with `user`, the group the user's entries are compared with. */
  group: number;
  /** Edit this user's own permissions (grants and denials over the group) instead of the group's. */
  user?: number;
  /** Accessible name of the tree; defaults to "Permissions". */
  label?: string;
  readOnly?: boolean;
}

/**
 * The permission tree of a group or of one user, loaded from and saved to the API: each toggle
 * is saved at once (`/permission/permission-create` or `-create-user`), rolled back if refused.
 *
 *   <PermissionTree group={3} />            the group's permissions
 *   <PermissionTree group={3} user={12} />  user 12's permissions, marked where they differ from group 3
 */
export function PermissionTree({ group, user, label, readOnly }: PermissionTreeProps) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const key = ['access', 'permission-tree', group, user ?? 0];
  const { data, error, isPending } = useQuery({
    queryKey: key,
    queryFn: () => (user ? accessApi.userPermissions(user, group) : accessApi.groupPermissions(group)),
    // A tree being edited must not be replaced by a background refetch.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  if (isPending) return <CircularProgress size={24} aria-label={translate('ra.page.loading')} />;
  if (error) return <Alert severity="error">{error.message}</Alert>;
  const save = async (changes: PermissionChange[]) => {
    await (user ? accessApi.saveUser(user, group, changes) : accessApi.saveGroup(group, changes));
    // Other open trees of the same group or user must not show stale states.
    void queryClient.invalidateQueries({ queryKey: key, refetchType: 'none' });
  };
  return (
    <PermissionTreeView
      entries={data}
      onSave={save}
      mode={user ? 'user' : 'group'}
      label={label ?? translate('access.tree.label')}
      readOnly={readOnly}
    />
  );
}
