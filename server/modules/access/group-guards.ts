import type { AppContext } from '../../context';
import type { CrudGuards } from '../../crud/service';
import type { PolicyDeclaration } from '../policy-declaration';
import { ensureSuperAdminGroup } from '../../startup';
import { ApiError } from '../../http/envelope';
import { noEscalation } from '../../auth/no-escalation';
import { GROUP_MENUS, permissionRules } from './permission-rules';

/**
 * Group integrity on the one write path: nobody changes a group holding permissions they lack
 * (nor grants it menus they lack: its `permission_menus` link, the group permission screen's
 * save), Super Admin can never be deactivated, deleted or lose the slugs that administer access,
 * a group its users still belong to cannot be deleted, and any change to a group reaches its
 * members' permissions on their next request (an inactive group grants nothing). Its menus go
 * with a deleted group in the delete's own transaction (the service removes its links).
 */
export const groupsPolicy: PolicyDeclaration = { resource: 'group', build: buildGroupsPolicy };

function buildGroupsPolicy(ctx: AppContext): CrudGuards {
  const g = ctx.registry.get('group');
  let superAdmin: number | undefined;
  const superAdminGroup = async () => (superAdmin ??= await ensureSuperAdminGroup(ctx.conn.db, ctx.registry));
  const db = ctx.conn.db;
  const escalation = noEscalation(ctx);
  const permissions = permissionRules(ctx);
  return {
    async beforeUpdate({ before: existing, after: merged, actor, links }) {
      const id = Number(existing[g.idField]);
      if (actor) await escalation.assertManagesGroup(actor, id);
      const menus = links?.get(GROUP_MENUS);
      if (menus) await permissions.checkGroup(actor, id, menus);
      if (g.statusField && id === (await superAdminGroup()) && Number(merged[g.statusField]) !== 1) {
        throw new ApiError(409, 'The Super Admin group cannot be deactivated: it administers menus and permissions', {
          [g.statusField]: 'Super Admin stays active',
        });
      }
    },
    async beforeDelete({ before: existing, actor }) {
      const id = Number(existing[g.idField]);
      if (actor) await escalation.assertManagesGroup(actor, id);
      if (id === (await superAdminGroup())) throw new ApiError(409, 'The Super Admin group cannot be deleted');
      const used = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('user_group', '=', id)
        .executeTakeFirstOrThrow();
      if (Number(used.n) > 0) {
        throw new ApiError(
          409,
          `"${String(existing[g.titleField])}" is the group of ${used.n} user(s) and cannot be deleted; move them to another group or set it Inactive instead`,
        );
      }
    },
    async beforeCreate({ actor, links }) {
      // A new group's menus: only what the actor holds.
      const menus = links?.get(GROUP_MENUS);
      if (menus) await permissions.checkGroup(actor, 0, menus);
    },
    describe: (tdb, change) => permissions.describeGroup(tdb, change),
    async afterWrite(id, action) {
      if (action === 'create') return;
      ctx.permissions.invalidate();
      ctx.events.emit('permissions-changed', { groupIds: [id] });
    },
  };
}
