import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { dynamic, type DynamicDb } from '../../db/database';
import { parseJsonList } from '../../../resources';

/** The pseudo resource of access changes: group permissions, per-user grants, the menus' groups, workflows. */
export const ACCESS = 'access';

export type Mode = 'review' | 'four-eyes';

/** A workflow that holds (active, mode not `none`), as the gate and the decisions read it. */
export interface Workflow {
  id: number;
  resource: string;
  mode: Mode;
  groups: readonly number[];
  groupNames: readonly string[];
  /** Approvals needed: one for review, two for four-eyes. */
  needed: 1 | 2;
  /** Why a save of the resource becomes a request, in the explainer's words. */
  why: string;
}

/** A JSON list of group ids as stored (`[3,5]`); anything else is no group. */
export function groupIdsOf(raw: unknown): number[] {
  return parseJsonList(raw)
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);
}

const listOf = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? 'nobody') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;

/** "medicine changes need review by Pharmacy Managers" (four-eyes: "need two approvals from ..."). */
export function whyOf(resource: string, mode: Mode, groupNames: readonly string[]): string {
  const what = resource === ACCESS ? 'Access changes' : `${resource} changes`;
  return mode === 'four-eyes' ? `${what} need two approvals from ${listOf(groupNames)}` : `${what} need review by ${listOf(groupNames)}`;
}

export interface WorkflowState {
  /** The workflows that hold, by resource name, once read (undefined until then: `load`). */
  now(): ReadonlyMap<string, Workflow> | undefined;
  /**
   * `within`: a caller's open transaction (an import's), through which workflows not known yet are
   * read, and not kept (the transaction may still roll back). On SQLite a read on the connection
   * while that transaction holds it would wait for ever (the import hang of field rules, again).
   */
  load(within?: DynamicDb): Promise<ReadonlyMap<string, Workflow>>;
  invalidate(): void;
}

/**
 * The workflows that hold, read once (two queries) and kept until a workflow or a group changes
 * (or the permissions do: the event other instances hear, see the policy), like the field rules'
 * resolver. A write of a resource without a workflow then costs one map lookup.
 */
export function workflowState(ctx: AppContext): WorkflowState {
  const db = dynamic(ctx.conn.db);
  const groups = ctx.registry.find('group');
  let known: ReadonlyMap<string, Workflow> | undefined;
  let loading: Promise<ReadonlyMap<string, Workflow>> | undefined;
  let generation = 0;

  async function read(via: DynamicDb = db): Promise<ReadonlyMap<string, Workflow>> {
    const rows = await via
      .selectFrom('workflow')
      .select(['workflow_id', 'workflow_resource', 'workflow_mode', 'workflow_groups'])
      .where('workflow_status', '=', 1)
      .where('workflow_mode', '<>', 'none')
      .execute();
    const ids = [...new Set(rows.flatMap((r) => groupIdsOf(r.workflow_groups)))];
    const names = new Map<number, string>();
    if (ids.length && groups)
      for (const g of await via
        .selectFrom(groups.table)
        .select([sql.ref(groups.idField).as('id'), sql.ref(groups.titleField).as('name')])
        .where(sql.ref(groups.idField), 'in', ids)
        .execute())
        names.set(Number(g.id), String(g.name));
    const out = new Map<string, Workflow>();
    for (const r of rows) {
      const mode: Mode = r.workflow_mode === 'four-eyes' ? 'four-eyes' : 'review';
      const groupIds = groupIdsOf(r.workflow_groups);
      const groupNames = groupIds.map((id) => names.get(id) ?? `group #${id}`);
      const resource = String(r.workflow_resource);
      out.set(resource, {
        id: Number(r.workflow_id),
        resource,
        mode,
        groups: groupIds,
        groupNames,
        needed: mode === 'four-eyes' ? 2 : 1,
        why: whyOf(resource, mode, groupNames),
      });
    }
    return out;
  }

  const state: WorkflowState = {
    now: () => known,
    load(within) {
      if (known) return Promise.resolve(known);
      if (within) return read(within);
      if (!loading) {
        const at = generation;
        loading = read().then(
          (m) => {
            loading = undefined;
            // A change heard while reading: this read may predate it, so it is not kept.
            if (at === generation) known = m;
            return m;
          },
          (err: unknown) => {
            loading = undefined;
            throw err;
          },
        );
      }
      return loading;
    },
    invalidate() {
      generation++;
      known = undefined;
      loading = undefined;
    },
  };
  ctx.events.on('record-changed', (change) => {
    if (change.resource === 'workflow' || change.resource === 'group') state.invalidate();
  });
  // Other instances' workflow changes arrive as a permissions change (server/cluster/relay.ts).
  ctx.events.on('permissions-changed', () => state.invalidate());
  return state;
}
