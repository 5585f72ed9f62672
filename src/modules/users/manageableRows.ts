import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Identifier } from 'react-admin';
import { fetchJson } from '../../../dataProvider/httpClient';
import { API_URL } from '../../config';

async function manageable(ids: readonly Identifier[]): Promise<Identifier[]> {
  const { json } = await fetchJson(`${API_URL}/users/manageable?ids=${ids.map((id) => encodeURIComponent(String(id))).join(',')}`);
  return json.data as Identifier[];
}

/**
 * The users of a list page the signed-in user may edit, delete or give permissions: the server
 * answers those holding nothing the viewer does not (server/auth/no-escalation.ts), so a branch
 * manager sees no button on their Super Admin's row. Undefined while unknown or refused.
 */
export function useManageableUsers(ids: readonly Identifier[]): ReadonlySet<Identifier> | undefined {
  const { data } = useQuery({
    queryKey: ['users', 'manageable', ids],
    queryFn: () => manageable(ids),
    enabled: ids.length > 0,
    retry: false,
  });
  return useMemo(() => (data ? new Set(data) : undefined), [data]);
}
