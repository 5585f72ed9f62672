import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { dynamic, type Row } from '../../db/database';
import type { Change, CrudGuards } from '../../crud/service';
import type { PolicyDeclaration } from '../policy-declaration';
import { ApiError } from '../../http/envelope';
import { approvalsOf } from './service';
import { ACCESS, groupIdsOf } from './workflows';

/**
 * A workflow names a resource the registry knows, or `access` (never the workflows or the
 * requests themselves: workflows are access changes), and, unless its mode is `none`, at least
 * one group that exists. A change of one drops every instance's kept workflows (the permissions
 * event is the one other instances hear, see server/cluster/relay.ts).
 */
export const workflowPolicy: PolicyDeclaration = {
  resource: 'workflow',
  build(ctx: AppContext): CrudGuards {
    const groups = ctx.registry.find('group');
    async function check({ after }: Change & { after: Row }) {
      const resource = typeof after.workflow_resource === 'string' ? after.workflow_resource : '';
      if (resource !== ACCESS && (!ctx.registry.find(resource) || resource === 'workflow' || resource === 'change-request'))
        throw new ApiError(422, `There is no resource named ${resource} to put under a workflow`, {
          workflow_resource: 'must be a resource name or access',
        });
      const ids = groupIdsOf(after.workflow_groups);
      if (after.workflow_mode !== 'none' && !ids.length)
        throw new ApiError(422, 'A workflow needs at least one approver group', { workflow_groups: 'must name at least one group' });
      if (ids.length && groups) {
        const found = await dynamic(ctx.conn.db)
          .selectFrom(groups.table)
          .select(sql.ref(groups.idField).as('id'))
          .where(sql.ref(groups.idField), 'in', ids)
          .execute();
        const missing = ids.filter((id) => !found.some((g) => Number(g.id) === id));
        if (missing.length)
          throw new ApiError(422, `Unknown group id(s): ${missing.join(', ')}`, {
            workflow_groups: `unknown group id(s): ${missing.join(', ')}`,
          });
      }
    }
    return {
      beforeCreate: check,
      beforeUpdate: check,
      afterWrite() {
        approvalsOf(ctx).state.invalidate();
        ctx.events.emit('permissions-changed', { groupIds: [] });
      },
    };
  },
};

const NOT_BY_HAND = 'Change requests are made by saving the record under its workflow and decided by approve, reject or rebase';

/** Change requests are written by the approvals module only (the server's own writes aside). */
export const changeRequestPolicy: PolicyDeclaration = {
  resource: 'change-request',
  build(ctx: AppContext): CrudGuards {
    const refuse = ({ actor }: Change) => {
      // 405: the routes exist (one contract for every resource) but no request is written by hand.
      if (actor && !approvalsOf(ctx).writing()) throw new ApiError(405, NOT_BY_HAND);
    };
    return { beforeCreate: refuse, beforeUpdate: refuse, beforeDelete: refuse };
  },
};
