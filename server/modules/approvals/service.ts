import { AsyncLocalStorage } from 'node:async_hooks';
import type { AppContext, AuthUser } from '../../context';
import type { Row } from '../../db/database';
import type { GatedWrite, WriteGate, WriteOptions } from '../../crud/service';
import type { WriteBody } from '../../crud/body';
import { ApiError, notFound } from '../../http/envelope';
import { versionOf } from '../../crud/versions';
import { servedBesides, type ResourceDescriptor } from '../../../resources';
import { changeRequest } from '../../../resources/change-request';
import { writeIntent } from '../audit/trail';
import { ACCESS, workflowState, type Workflow, type WorkflowState } from './workflows';
import { announce } from './live';

/** The links whose change is an access change (resources/menu.ts, group, users). */
const ACCESS_LINKS = new Set(['permission_group', 'permission_menus', 'user_permissions']);
/** The links whose change the trail records as a permission change (the permission tree's saves). */
const PERMISSION_LINKS = new Set(['permission_menus', 'user_permissions']);

const VIA_WORDS: Record<Exclude<GatedWrite['via'], 'write'>, string> = {
  bulk: 'bulk actions',
  import: 'imports',
  restore: 'restoring a version (or undoing an import)',
  undelete: 'undelete',
};

/** One decision on a request, as `change_request_approvals` keeps it. */
export interface Decision {
  user_id: number;
  user_name: string;
  decision: 'approve' | 'reject' | 'rebase';
  comment: string;
  at: string;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const decisionsOf = (row: Row): Decision[] => {
  try {
    const parsed: unknown = JSON.parse(text(row.change_request_approvals) || '[]');
    return Array.isArray(parsed) ? (parsed as Decision[]) : [];
  } catch {
    return [];
  }
};
const bodyOf = (row: Row): Record<string, unknown> => {
  const parsed: unknown = JSON.parse(text(row.change_request_body) || '{}');
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
};

export type Approvals = ReturnType<typeof createApprovals>;

/**
 * The approvals (issue 48): the gate the service adopts once (`crud.gatedBy`), which stores a
 * change request instead of a gated change, and the decisions (approve, reject, rebase), which
 * write requests and apply approved changes through the one write path. Only this module writes
 * change requests (`writing`, asked by their policy) and only it holds the pass the gate lets
 * through (`pass`).
 */
export function createApprovals(ctx: AppContext) {
  const state: WorkflowState = workflowState(ctx);
  /** The gate lets through the writes that carry this, and only this module can hand it over. */
  const pass = Object.freeze({ approvals: true });
  /** Set while this module writes a change request: their policy refuses every other write. */
  const writing = new AsyncLocalStorage<true>();
  const named = (name: string): ResourceDescriptor | undefined => ctx.registry.find(name) ?? servedBesides.find((x) => x.name === name);

  /** Whether a write changes who may do what (the pseudo resource `access`). */
  const isAccess = (d: ResourceDescriptor, w: Pick<GatedWrite, 'reason' | 'links'>) =>
    d.name === 'workflow' || w.reason === 'permission-change' || [...(w.links?.keys() ?? [])].some((n) => ACCESS_LINKS.has(n));

  /** The workflow a write of the resource meets: the resource's own, else `access` for an access change. */
  const flowOf = (m: ReadonlyMap<string, Workflow>, d: ResourceDescriptor, w: Pick<GatedWrite, 'reason' | 'links'>) =>
    m.get(d.name) ?? (isAccess(d, w) ? m.get(ACCESS) : undefined);

  /** A request's workflow as it holds now (the resource's, else access's). */
  async function flowOfRequest(cr: Row): Promise<Workflow> {
    const m = await state.load();
    const resource = text(cr.change_request_resource);
    const flow = m.get(resource) ?? m.get(ACCESS);
    if (!flow)
      throw new ApiError(409, `${resource} is no longer under a workflow: reject this request and save the change again`, undefined, cr);
    return flow;
  }

  /** Writes a change request through the one write path, as the actor, under the trail's name for it. */
  function writeRequest(
    actor: AuthUser,
    action: 'submit' | 'approve' | 'reject' | 'rebase' | undefined,
    id: number | undefined,
    fields: Row,
    expectedVersion?: string,
  ): Promise<Row> {
    const body: WriteBody = { fields, files: [] };
    const run = () =>
      writing.run(true, () =>
        id === undefined
          ? ctx.crud.create(changeRequest, body, { actor })
          : ctx.crud.update(changeRequest, id, body, { actor, expectedVersion }),
      );
    return action ? writeIntent.run({ action, resource: changeRequest.name, ...(id !== undefined && { record: id }) }, run) : run();
  }

  const nameOf = async (userId: number): Promise<string> => {
    const row = await ctx.conn.db.selectFrom('users').select('user_name').where('user_id', '=', userId).executeTakeFirst();
    return row ? row.user_name : `user #${userId}`;
  };

  /** Stores the request instead of the change and answers it (202). */
  async function submit(d: ResourceDescriptor, flow: Workflow, w: GatedWrite): Promise<never> {
    const files = w.body?.files ?? [];
    if (files.length)
      throw new ApiError(409, `${flow.why}: pictures cannot be sent for review yet; save the other fields first, without pictures`);
    const secret = (d.bodyOnly ?? []).find((f) => w.body?.fields[f] !== undefined && w.body.fields[f] !== '');
    if (secret) throw new ApiError(409, `${flow.why}: a change carrying ${secret} cannot be sent for review`);
    const base = w.before ? versionOf(w.before) : '';
    if (w.before && w.expectedVersion !== undefined && w.expectedVersion !== base)
      throw new ApiError(412, 'This record was changed by someone else after you opened it; review their changes and save again');
    const request = await writeRequest(w.actor, 'submit', undefined, {
      change_request_resource: d.name,
      change_request_record: w.id ?? 0,
      change_request_action: w.action,
      change_request_body: JSON.stringify(w.action === 'delete' ? {} : (w.body?.fields ?? {})),
      change_request_base_version: base,
      change_request_author: w.actor.user_id,
      change_request_author_name: await nameOf(w.actor.user_id),
      change_request_state: 'pending',
      change_request_mode: flow.mode,
      change_request_needed: flow.needed,
      change_request_approvals: '[]',
      change_request_why: flow.why,
      change_request_decided_at: '',
      change_request_status: 1,
    });
    announce(ctx, { groups: flow.groups }, request);
    throw new ApiError(202, `Sent for review: ${flow.why}`, undefined, request);
  }

  const gate: WriteGate = {
    hold(d, w) {
      // The requests themselves, an approved change applied, and a password set by its owner or a code pass.
      if (d.name === changeRequest.name || w.approval === pass) return;
      if (w.reason === 'password-change' || w.reason === 'password-reset') return;
      const known = state.now();
      if (!known) return state.load(w.within).then((m) => judge(m, d, w));
      return judge(known, d, w);
    },
  };

  function judge(m: ReadonlyMap<string, Workflow>, d: ResourceDescriptor, w: GatedWrite): undefined | Promise<never> {
    if (!m.size) return undefined;
    const flow = flowOf(m, d, w);
    if (!flow) return undefined;
    if (w.via !== 'write')
      throw new ApiError(409, `${flow.why}: ${VIA_WORDS[w.via]} cannot send them for review; save each record on its own`);
    return submit(d, flow, w);
  }

  /** The record a request is about, or 404. */
  function targetOf(cr: Row): ResourceDescriptor {
    const d = named(text(cr.change_request_resource));
    if (!d) throw notFound(`resource ${text(cr.change_request_resource)}`);
    return d;
  }

  /**
   * The request's change through the one write path as the actor, version-checked against its
   * base, with the gate's pass. `checkOnly`: every check and policy, nothing stored (could the
   * actor make it: an approver of an access change and the no-escalation rule).
   */
  async function applyAs(actor: AuthUser, cr: Row, options: Pick<WriteOptions, 'checkOnly' | 'note'>): Promise<Row> {
    const d = targetOf(cr);
    const record = Number(cr.change_request_record);
    const fields = bodyOf(cr);
    const base = text(cr.change_request_base_version);
    const common = { actor, approval: pass, ...options };
    switch (text(cr.change_request_action)) {
      case 'create':
        return ctx.crud.create(d, { fields, files: [] }, common);
      case 'delete':
        return ctx.crud.remove(d, record, { ...common, expectedVersion: base });
      default: {
        const reason = Object.keys(fields).some((f) => PERMISSION_LINKS.has(f)) ? ('permission-change' as const) : undefined;
        return ctx.crud.update(d, record, { fields, files: [] }, { ...common, expectedVersion: base, ...(reason && { reason }) });
      }
    }
  }

  /** Whether the record moved on since the request's base version (a create has none). */
  async function isStale(cr: Row): Promise<boolean> {
    if (text(cr.change_request_action) === 'create') return false;
    const d = targetOf(cr);
    const now = await ctx.crud.stored(d, Number(cr.change_request_record)).catch(() => undefined);
    return !now || versionOf(now) !== text(cr.change_request_base_version);
  }

  /** Marks the request stale, tells its author, and refuses the approval (409). */
  async function refuseStale(actor: AuthUser, cr: Row): Promise<never> {
    const stale = await writeRequest(actor, undefined, Number(cr.change_request_id), { change_request_state: 'stale' });
    announce(ctx, { users: [Number(cr.change_request_author)] }, stale);
    throw new ApiError(409, 'The record has changed since this request was made; its author must rebase it', undefined, stale);
  }

  /** A decision's preconditions: a pending (or, for reject, stale) request, not one's own, an approver. */
  async function decidable(actor: AuthUser, id: number, action: 'approve' | 'reject') {
    const cr = await ctx.crud.stored(changeRequest, id, actor);
    const st = text(cr.change_request_state);
    if (st === 'approved' || st === 'rejected') throw new ApiError(409, `This request is ${st} already`, undefined, cr);
    if (st === 'stale' && action === 'approve') throw new ApiError(409, 'This request is stale: its author must rebase it', undefined, cr);
    if (Number(cr.change_request_author) === actor.user_id)
      throw new ApiError(403, `You cannot ${action} your own change request`, undefined, cr);
    const flow = await flowOfRequest(cr);
    if (!flow.groups.includes(actor.user_group))
      throw new ApiError(
        403,
        `Only members of ${flow.groupNames.join(' or ') || 'the approver groups'} may decide ${text(cr.change_request_resource)} change requests`,
      );
    return { cr, flow };
  }

  const decision = async (actor: AuthUser, kind: Decision['decision'], comment: string): Promise<Decision> => ({
    user_id: actor.user_id,
    user_name: await nameOf(actor.user_id),
    decision: kind,
    comment,
    at: new Date().toISOString(),
  });

  return {
    gate,
    state,
    /** Whether a change request is being written by this module (their policy's question). */
    writing: () => writing.getStore() === true,
    /** The workflow a resource's saves meet now (the explainer), undefined: none. */
    async workflowOf(resource: string): Promise<Workflow | undefined> {
      return (await state.load()).get(resource);
    },

    async approve(actor: AuthUser, id: number, comment: string): Promise<{ message: string; data: Row }> {
      const { cr } = await decidable(actor, id, 'approve');
      const decisions = decisionsOf(cr);
      if (decisions.some((x) => x.decision === 'approve' && x.user_id === actor.user_id))
        throw new ApiError(409, 'You have approved this request already; another approver must', undefined, cr);
      if (await isStale(cr)) return refuseStale(actor, cr);
      // Could the approver make this change themselves (their branch, field rules, no-escalation)?
      await applyAs(actor, cr, { checkOnly: true });
      const now = [...decisions, await decision(actor, 'approve', comment)];
      const approvers = new Set(
        now.filter((x) => x.decision === 'approve' && x.user_id !== Number(cr.change_request_author)).map((x) => x.user_id),
      );
      const version = versionOf(cr);
      if (approvers.size < Number(cr.change_request_needed)) {
        const data = await writeRequest(actor, 'approve', id, { change_request_approvals: JSON.stringify(now) }, version);
        return { message: 'Approval recorded: one more approver needed', data };
      }
      // The decision first (a second approver at the same moment meets 412), then the change.
      const decidedAt = new Date().toISOString();
      let data = await writeRequest(
        actor,
        'approve',
        id,
        {
          change_request_approvals: JSON.stringify(now),
          change_request_state: 'approved',
          change_request_status: 0,
          change_request_decided_at: decidedAt,
        },
        version,
      );
      let applied: Row;
      try {
        applied = await applyAs(actor, cr, {
          note: {
            change_request: {
              after: { id, author_id: Number(cr.change_request_author), author_name: text(cr.change_request_author_name) },
            },
          },
        });
      } catch (err) {
        if (err instanceof ApiError && err.statusCode === 412) return refuseStale(actor, { ...data, change_request_state: 'pending' });
        // Refused for another reason (a unique value taken since): the request waits again as it was.
        await writeRequest(actor, undefined, id, {
          change_request_approvals: JSON.stringify(decisions),
          change_request_state: 'pending',
          change_request_status: 1,
          change_request_decided_at: '',
        });
        throw err;
      }
      const d = targetOf(cr);
      if (text(cr.change_request_action) === 'create')
        data = await writeRequest(actor, undefined, id, { change_request_record: Number(applied[d.idField]) });
      announce(ctx, { users: [Number(cr.change_request_author)] }, data);
      return { message: 'Approved and applied', data };
    },

    async reject(actor: AuthUser, id: number, comment: string): Promise<{ message: string; data: Row }> {
      const { cr } = await decidable(actor, id, 'reject');
      const now = [...decisionsOf(cr), await decision(actor, 'reject', comment)];
      const data = await writeRequest(
        actor,
        'reject',
        id,
        {
          change_request_approvals: JSON.stringify(now),
          change_request_state: 'rejected',
          change_request_status: 0,
          change_request_decided_at: new Date().toISOString(),
        },
        versionOf(cr),
      );
      announce(ctx, { users: [Number(cr.change_request_author)] }, data);
      return { message: 'Rejected', data };
    },

    /** The author takes the record as it is now as the new base: approvals cleared, reviewed again. */
    async rebase(actor: AuthUser, id: number, comment: string): Promise<{ message: string; data: Row }> {
      const cr = await ctx.crud.stored(changeRequest, id, actor);
      if (Number(cr.change_request_author) !== actor.user_id) throw new ApiError(403, 'Only the author may rebase a change request');
      const st = text(cr.change_request_state);
      if (st !== 'pending' && st !== 'stale') throw new ApiError(409, `This request is ${st} already`, undefined, cr);
      const flow = await flowOfRequest(cr);
      let base = '';
      if (text(cr.change_request_action) !== 'create') {
        const d = targetOf(cr);
        const now = await ctx.crud.stored(d, Number(cr.change_request_record), actor).catch(() => undefined);
        if (!now) throw new ApiError(409, 'The record has been deleted since; this request cannot be rebased', undefined, cr);
        base = versionOf(now);
      }
      // The change must still pass the write's checks as its author, on the record as it is now.
      await applyAs(actor, { ...cr, change_request_base_version: base }, { checkOnly: true });
      const data = await writeRequest(
        actor,
        'rebase',
        id,
        {
          change_request_base_version: base,
          change_request_state: 'pending',
          change_request_approvals: JSON.stringify([await decision(actor, 'rebase', comment)]),
          change_request_mode: flow.mode,
          change_request_needed: flow.needed,
          change_request_why: flow.why,
        },
        versionOf(cr),
      );
      announce(ctx, { groups: flow.groups }, data);
      return { message: 'Rebased: sent for review again', data };
    },

    /** The record a request is about as it is now (the diff's other side); null for a create or a record gone. */
    async liveOf(cr: Row, actor: AuthUser): Promise<Row | null> {
      const d = named(text(cr.change_request_resource));
      const record = Number(cr.change_request_record);
      if (!d || !record) return null;
      return ctx.crud.get(d, record, actor).catch(() => null);
    },
  };
}

const made = new WeakMap<AppContext, Approvals>();

/** The app's one approvals module (one per app: tests run several). */
export function approvalsOf(ctx: AppContext): Approvals {
  let a = made.get(ctx);
  if (!a) made.set(ctx, (a = createApprovals(ctx)));
  return a;
}
