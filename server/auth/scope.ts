import type { ResourceDescriptor } from '../../resources';
import type { AuthUser } from './auth-user';
import type { Row } from '../db/database';

/**
 * The one branch rule (spec 000 section 6: "0 means default or all"): an actor of branch 0 sees
 * every branch, any other actor only their own. Lists, reads, writes, the audit log, the
 * explainer, accounts, the second factor's admin screens, spreadsheets and sockets all ask here;
 * a lint rule (eslint.config.js, `no-restricted-syntax`) refuses a `user_branch` compared with 0
 * anywhere else, so the rule cannot be restated (and drift) in a second place.
 */
export const ALL_BRANCHES = 0;

type Placed = Pick<AuthUser, 'user_branch'>;

/** Whether the actor sees every branch. No actor is the server's own work (the first start's samples). */
export const seesEveryBranch = (actor: Placed | undefined): boolean => actor === undefined || actor.user_branch === ALL_BRANCHES;

/** The branch the actor is held to, or undefined when they see every branch. */
export const branchOf = (actor: Placed | undefined): number | undefined => (seesEveryBranch(actor) ? undefined : actor?.user_branch);

/** Whether a record of `branch` is within the actor's reach. */
export const reaches = (actor: Placed | undefined, branch: unknown): boolean => {
  const held = branchOf(actor);
  return held === undefined || Number(branch) === held;
};

/** The branch field and branch an actor is held to on this resource, or undefined when unscoped. */
export const scopeOf = (d: Pick<ResourceDescriptor, 'branchScope'>, actor: Placed | undefined) => {
  const branch = branchOf(actor);
  return d.branchScope !== undefined && branch !== undefined ? { field: d.branchScope, branch } : undefined;
};

/** Whether the record lies within the actor's branch scope: what reads, updates and deletes are held to. */
export const inBranchScope = (d: Pick<ResourceDescriptor, 'branchScope'>, actor: Placed | undefined, row: Row): boolean => {
  const scope = scopeOf(d, actor);
  return !scope || Number(row[scope.field]) === scope.branch;
};
