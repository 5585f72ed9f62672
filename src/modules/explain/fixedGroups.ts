import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Identifier } from 'react-admin';
import { fetchJson } from '../../../dataProvider/httpClient';
import { API_URL } from '../../config';
import type { RowRefusal } from '../../screens/extensions';

const SUPER_ADMIN: RowRefusal = { delete: 'shell.refused.super_admin_group' };

/**
 * The groups list's rows the server never deletes: the Super Admin group (server/modules/access/
 * group-guards.ts refuses it with 409). Its Delete button is off, saying why, rather than asking
 * "Do you want to delete?" for a refusal. Undefined while unknown (the button stays as it was).
 */
export function useFixedGroups(): ((id: Identifier) => RowRefusal | undefined) | undefined {
  const { data } = useQuery({
    queryKey: ['explain', 'fixed-groups'],
    queryFn: async () => (await fetchJson(`${API_URL}/explain/fixed-groups`)).json.data as { super_admin: number },
    // Set once at the first start; it does not change while the console runs.
    staleTime: Infinity,
    retry: false,
  });
  const superAdmin = data?.super_admin;
  const refusals = useCallback((id: Identifier) => (String(id) === String(superAdmin) ? SUPER_ADMIN : undefined), [superAdmin]);
  return superAdmin === undefined ? undefined : refusals;
}
