import type { AppContext } from '../../context';
import { approvalsOf } from '../approvals';

/** A workflow that holds, put into words: why a save of the resource becomes a change request. */
export interface ExplainedWorkflow {
  resource: string;
  mode: string;
  groups: number[];
  group_names: string[];
  reason: string;
}

/**
 * The workflows of the explainer (issue 48): for a resource (or every one), whether saves become
 * change requests and who approves them ("medicine changes need review by Pharmacy Managers"),
 * read from the same state the write path's gate asks.
 */
export function workflowsExplainer(ctx: AppContext) {
  const gated = ctx.registry.find('workflow') !== undefined;
  return async (resource?: string): Promise<ExplainedWorkflow[]> => {
    if (!gated) return [];
    const all = await approvalsOf(ctx).state.load();
    return [...all.values()]
      .filter((f) => resource === undefined || f.resource === resource)
      .map((f) => ({ resource: f.resource, mode: f.mode, groups: [...f.groups], group_names: [...f.groupNames], reason: f.why }));
  };
}
