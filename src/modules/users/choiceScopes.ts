import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fetchJson } from '../../../dataProvider/httpClient';
import { API_URL } from '../../config';
import { useRegistry } from '../../registry-context';
import type { ChoiceScopes } from '../../screens/extensions';
import { viewerBranch } from './BranchFilter';

/** The ids of the groups the signed-in user may put a user in (server: none granting more than they hold). */
async function assignableGroups(): Promise<number[]> {
  const { json } = await fetchJson(`${API_URL}/users/assignable-groups`);
  return json.data as number[];
}

/**
 * The user form's choices: a branch-scoped viewer may only put users in their own branch (the
 * server answers 403 otherwise), so only it is offered, without "All branches"; and only the
 * groups that grant nothing the viewer does not hold (server/auth/no-escalation.ts). Until those
 * are known, every group is offered: the server still refuses the others.
 */
export function useUserChoiceScopes(): ChoiceScopes {
  const own = viewerBranch();
  const users = useRegistry().get('users');
  const source = users.listNeedsFilter ?? 'user_branch';
  const groupField = users.fields.find((f) => f.kind === 'reference' && f.reference === 'group')?.name;
  const { data: groups } = useQuery({
    queryKey: ['users', 'assignable-groups'],
    queryFn: assignableGroups,
    staleTime: 60_000,
    retry: false,
  });
  return useMemo(
    () => ({
      ...(own === 0 ? {} : { [source]: { only: [own], noneChoice: false } }),
      ...(groups && groupField ? { [groupField]: { only: groups } } : {}),
    }),
    [own, source, groups, groupField],
  );
}
