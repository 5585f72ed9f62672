import type { AppContext } from '../../context';
import type { Db, Row } from '../../db/database';
import { dynamic } from '../../db/database';
import { ApiError } from '../../http/envelope';
import { noEscalation } from '../../auth/no-escalation';
import { directoryMapping } from '../../../resources/directory-mapping';
import type { CrudGuards } from '../../crud/service';
import type { PolicyDeclaration } from '../policy-declaration';
import { seesEveryBranch } from '../../auth/scope';

/** Where a person's claims or attributes came from; the mapping's `mapping_source` names it (or `any`). */
export type Source = 'oidc' | 'ldap' | 'scim';

/** What the mapping gave a person, and from which rows: the trail and the explainer show it. */
export interface Placement {
  group: number;
  branch: number;
  /** The directory value and the mapping row that gave the group. */
  groupFrom: { value: string; mapping: number };
  branchFrom: { value: string; mapping: number };
}

const MATCH_ALL = '*';

/** A claim's values as text: a list, one value, or nothing. */
export function claimValues(raw: unknown): string[] {
  const list = Array.isArray(raw) ? (raw as unknown[]) : raw === undefined || raw === null ? [] : [raw];
  return list.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number').map((v) => String(v).trim());
}

/**
 * The group and branch the mapping gives these directory values, read afresh at every call (an
 * edit takes effect at the next sign-in). Undefined `group` or `branch`: nothing matched, and the
 * caller refuses the sign-in with nothing created. Only active rows naming an active group count.
 */
export async function placementOf(db: Db, source: Source, groups: readonly string[], branch: readonly string[]) {
  const rows = await dynamic(db)
    .selectFrom('directory_mapping as m')
    .leftJoin('user_group as g', 'g.group_id', 'm.mapping_group')
    .leftJoin('branch as b', 'b.branch_id', 'm.mapping_branch')
    .select(['m.mapping_id', 'm.mapping_kind', 'm.mapping_value', 'm.mapping_group', 'm.mapping_branch', 'm.mapping_priority'])
    .select(['g.group_status', 'b.branch_status'])
    .where('m.mapping_status', '=', 1)
    .where('m.mapping_source', 'in', [source, 'any'])
    .orderBy('m.mapping_priority')
    .orderBy('m.mapping_id')
    .execute();
  const pick = (kind: string, values: readonly string[], active: (r: Row) => boolean) =>
    rows.find((r) => r.mapping_kind === kind && active(r) && (r.mapping_value === MATCH_ALL || values.includes(String(r.mapping_value))));
  const g = pick('group', groups, (r) => Number(r.group_status) === 1);
  const b = pick('branch', branch, (r) => Number(r.branch_status) === 1);
  const from = (r: Row, values: readonly string[]) => ({
    value: r.mapping_value === MATCH_ALL ? (values[0] ?? MATCH_ALL) : String(r.mapping_value),
    mapping: Number(r.mapping_id),
  });
  return {
    group: g && { id: Number(g.mapping_group), from: from(g, groups) },
    branch: b && { id: Number(b.mapping_branch), from: from(b, branch) },
  };
}

/** The placement, or the refusal every directory path gives when the mapping places nobody. */
export async function placementOrRefuse(db: Db, source: Source, groups: readonly string[], branch: readonly string[]): Promise<Placement> {
  const found = await placementOf(db, source, groups, branch);
  if (!found.group)
    throw new ApiError(
      403,
      'Your directory account is in no group the console knows (no mapping gives it a permission group): ask an administrator to map one of your directory groups',
    );
  if (!found.branch)
    throw new ApiError(
      403,
      'Your directory account names no branch the console knows (no mapping gives it a branch): ask an administrator to map your branch',
    );
  return { group: found.group.id, branch: found.branch.id, groupFrom: found.group.from, branchFrom: found.branch.from };
}

/**
 * The mapping screen obeys the rule of group edits: nobody maps the directory to a group granting
 * more than they hold, nor changes or removes a row that does. Rows are hospital-wide (they may put
 * anyone in any branch), so only administrators of every branch (branch 0) edit them.
 */
export const mappingPolicy: PolicyDeclaration = { resource: directoryMapping.name, build: buildMappingPolicy };

function buildMappingPolicy(ctx: AppContext): CrudGuards {
  const escalation = noEscalation(ctx);
  const groupSlugs = (group: unknown) => ctx.permissions.slugsFor({ user_id: 0, user_group: Number(group) });
  const check = async (actor: Parameters<typeof escalation.assertHolds>[0] | undefined, row: Row | undefined) => {
    if (!actor || !row) return;
    if (!seesEveryBranch(actor))
      throw new ApiError(403, 'Only administrators of every branch may change the directory mapping', { mapping_branch: 'branch 0 only' });
    if (row.mapping_kind === 'group' && Number(row.mapping_group) > 0)
      await escalation.assertHolds(actor, await groupSlugs(row.mapping_group), 'This mapping');
  };
  const complete = (row: Row) => {
    if (row.mapping_kind === 'group' && !(Number(row.mapping_group) > 0))
      throw new ApiError(422, 'mapping_group is required for a group mapping', { mapping_group: 'is required' });
    if (row.mapping_kind === 'branch' && !(Number(row.mapping_branch) > 0))
      throw new ApiError(422, 'mapping_branch is required for a branch mapping', { mapping_branch: 'is required' });
  };
  return {
    async beforeCreate({ actor, after }) {
      complete(after);
      await check(actor, after);
    },
    async beforeUpdate({ actor, before, after }) {
      complete(after);
      await check(actor, before);
      await check(actor, after);
    },
    async beforeDelete({ actor, before }) {
      await check(actor, before);
    },
  };
}
