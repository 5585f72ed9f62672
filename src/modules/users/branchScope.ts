import { session } from '../../../authProvider/storage';

/** The signed-in user's branch id: 0 means they see every branch (spec 000 section 6). */
export function viewerBranch(): number {
  const branch = session.user()?.user_branch;
  if (typeof branch === 'number') return branch;
  if (branch && typeof branch === 'object' && 'branch_id' in branch) return Number(branch.branch_id) || 0;
  return 0;
}

/**
 * The branch filter a "who" picker sends with the users list (its `listNeedsFilter`): every branch
 * for a viewer who sees them all (branch 0), otherwise the viewer's own. The server keeps each
 * viewer to their scope whatever is sent; this only asks for all that the viewer may see
 * (`user_branch: 0` would ask for the users of "All branches" alone).
 */
export const visibleBranches = (): number | 'all' => viewerBranch() || 'all';

/** The users list's filter for a picker: `{user_branch: ...}` when the list needs one, else nothing. */
export const usersPickerFilter = (listNeedsFilter: string | undefined): Record<string, number | 'all'> =>
  listNeedsFilter ? { [listNeedsFilter]: visibleBranches() } : {};
