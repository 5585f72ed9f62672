import type { Db, Row } from '../../db/database';
import type { AuthUser } from '../../context';
import { fieldChanges, slugChanges } from './changes';
import { trailOf, type TrailConnection } from './trail';

/**
 * The trail's entries for the access module's own writes (menus, group and per-user
 * permissions), read and recorded inside the write's transaction.
 */

/** A menu row with the groups it is granted to, as the trail shows it. */
async function menuState(trx: Db, id: number): Promise<Row | undefined> {
  const row = await trx.selectFrom('menu').selectAll().where('menu_id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const groups = await trx.selectFrom('permission').select('permission_group').where('menu_id', '=', id).execute();
  return { ...row, permission_group: groups.map((g) => g.permission_group).sort((a, b) => a - b) };
}

/** A group's slugs, or a user's as their group and their own entries make them. */
async function slugsOf(trx: Db, target: { group: number } | { user: number }): Promise<string[]> {
  const groupSlugs = async (group: number) =>
    (
      await trx
        .selectFrom('permission')
        .innerJoin('menu', 'menu.menu_id', 'permission.menu_id')
        .select('menu.menu_slug')
        .where('permission.permission_group', '=', group)
        .execute()
    ).map((r) => r.menu_slug);
  if ('group' in target) return groupSlugs(target.group);
  const user = await trx.selectFrom('users').select('user_group').where('user_id', '=', target.user).executeTakeFirst();
  const slugs = new Set(user ? await groupSlugs(user.user_group) : []);
  const own = await trx
    .selectFrom('user_permission')
    .innerJoin('menu', 'menu.menu_id', 'user_permission.menu_id')
    .select(['menu.menu_slug', 'user_permission.permission_status'])
    .where('user_permission.user_id', '=', target.user)
    .execute();
  for (const o of own) {
    if (o.permission_status === 1) slugs.add(o.menu_slug);
    else slugs.delete(o.menu_slug);
  }
  return [...slugs];
}

export function accessEntries(conn: TrailConnection) {
  const trail = trailOf(conn);
  return {
    /** The menu as the trail shows it (its row and groups); read before a change to record it afterwards. */
    menuState,

    /** Records a menu change, after it was written in `trx`: its fields before and after, and its groups. */
    async menu(trx: Db, action: 'create' | 'update' | 'delete', id: number, before: Row | undefined, actor: AuthUser | undefined) {
      const after = action === 'delete' ? undefined : await menuState(trx, id);
      await trail.record(trx, {
        action,
        resource: 'menu',
        record: id,
        actor,
        changes: fieldChanges([], 'menu_id', before, after),
        snapshot: action === 'delete' ? before : after,
      });
    },

    /** Runs a permission save (`work`, in `trx`) and records the slugs it granted and withdrew. */
    async permissions(trx: Db, target: { group: number } | { user: number }, actor: AuthUser | undefined, work: () => Promise<void>) {
      const before = await slugsOf(trx, target);
      await work();
      const after = await slugsOf(trx, target);
      const branch =
        'user' in target
          ? ((await trx.selectFrom('users').select('user_branch').where('user_id', '=', target.user).executeTakeFirst())?.user_branch ??
            null)
          : null;
      await trail.record(trx, {
        action: 'permission-change',
        resource: 'group' in target ? 'group' : 'users',
        record: 'group' in target ? target.group : target.user,
        branch,
        actor,
        changes: slugChanges(before, after),
      });
    },
  };
}
