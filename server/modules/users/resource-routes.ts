import type { ResourceRoutes } from '../../routes/resource-routes';
import { ApiError } from '../../http/envelope';
import { seesEveryBranch } from '../../auth/scope';

/**
 * What the users' generated routes add (spec 000 section 7: `GET /users/user-list` takes
 * `branch`, `group`, `status`, `search`): the branch asked for, or every branch (`all`, only for
 * a viewer who sees them all); the service then holds the viewer to their own branch.
 */
export const usersRoutes: ResourceRoutes = {
  listQuery: (raw, actor, parse) => {
    const { branch: asked, user_branch, group, ...rest } = raw;
    const q = parse({ ...rest, ...(group !== undefined ? { user_group: group } : {}) });
    const branch = asked ?? user_branch;
    const filters = { ...q.filters };
    delete filters.user_branch;
    if (branch !== undefined && branch !== '' && branch !== 'all') {
      const id = Number(branch);
      if (!/^[0-9]{1,10}$/.test(branch) || !Number.isSafeInteger(id)) throw new ApiError(400, 'branch must be all or a branch id');
      filters.user_branch = id;
    } else if (branch === 'all' && !seesEveryBranch(actor)) {
      throw new ApiError(403, 'Only users of every branch (branch 0) may list all branches');
    }
    return { ...q, filters };
  },
};
