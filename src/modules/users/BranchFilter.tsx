import { SelectInput, useGetList, useTranslate, type RaRecord } from 'react-admin';
import { session } from '../../../authProvider/storage';
import { viewerBranch } from './branchScope';

export { viewerBranch };
import { MAX_LIST_LIMIT } from '../../../resources';
import { useRegistry } from '../../registry-context';

/** The signed-in user's branch name as the session embeds it (`title` is the branch's title field). */
function ownBranchName(title: string): string {
  const branch: unknown = session.user()?.user_branch;
  const name: unknown = branch && typeof branch === 'object' ? (branch as Record<string, unknown>)[title] : undefined;
  return typeof name === 'string' ? name : '';
}

/**
 * The user list's branch filter: active branches, plus "All branches" for branch-0 users; a
 * branch-scoped user is offered only their own branch. Until a branch is chosen the list makes no
 * call (the descriptor's `listNeedsFilter`).
 */
export function BranchFilter({ source }: { source: string; alwaysOn?: boolean }) {
  const translate = useTranslate();
  const registry = useRegistry();
  const usersField = registry.get('users').fields.find((f) => f.name === source);
  const branch = registry.get(usersField?.kind === 'reference' ? usersField.reference : 'branch');
  const own = viewerBranch();
  const { data = [], isPending } = useGetList<RaRecord>(branch.name, {
    filter: { status: 1 },
    pagination: { page: 1, perPage: MAX_LIST_LIMIT },
    sort: { field: branch.titleField, order: 'ASC' },
  });
  // Until the branches come, a scoped user's own branch (chosen already) is named from the session:
  // the select shows it at once instead of an out-of-range value.
  const branches =
    own !== 0 && isPending
      ? [{ id: own, name: ownBranchName(branch.titleField) }]
      : data.filter((b) => own === 0 || b.id === own).map((b) => ({ id: b.id, name: String(b[branch.titleField] ?? '') }));
  const choices = own === 0 ? [{ id: 'all', name: translate('users.all_branches') }, ...branches] : branches;
  return (
    <SelectInput
      source={source}
      label={`resources.users.fields.${source}`}
      choices={choices}
      translateChoice={false}
      emptyText={translate('users.select_branch')}
      sx={{ minWidth: 200 }}
    />
  );
}

/** The users list's filters: the branch filter above, defaulting to a scoped user's own branch. */
export function useUserListFilters() {
  const own = viewerBranch();
  const source = useRegistry().get('users').listNeedsFilter ?? 'user_branch';
  return {
    filters: [<BranchFilter key={source} source={source} alwaysOn />],
    defaults: own === 0 ? undefined : { [source]: own },
  };
}
