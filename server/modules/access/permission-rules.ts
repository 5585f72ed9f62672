import type { AppContext, AuthUser } from '../../context';
import type { StoredChange } from '../../crud/service';
import type { LinkChange } from '../../crud/links';
import type { Db, DynamicDb, Row } from '../../db/database';
import { noEscalation } from '../../auth/no-escalation';
import { ApiError } from '../../http/envelope';
import { ensureSuperAdminGroup } from '../../startup';
import { slugChanges } from '../audit/changes';
import { PROTECTED_SLUGS } from './catalogue';

/** The link of a group's menus and of a user's own grants (resources/group, resources/users). */
export const GROUP_MENUS = 'permission_menus';
export const USER_MENUS = 'user_permissions';

/** A link's state as the trail keeps it (crud/links.ts): ids, or `{ id: flag }`. */
const entriesOf = (state: unknown): Map<number, number> => {
  if (Array.isArray(state)) return new Map(state.map((id) => [Number(id), 1]));
  if (state && typeof state === 'object') return new Map(Object.entries(state).map(([id, flag]) => [Number(id), Number(flag)]));
  return new Map();
};

/** What a user may use: their group's menus, with their own grants (1) and denials (0) over them. */
function effective(group: ReadonlySet<number>, own: ReadonlyMap<number, number>): Set<number> {
  const out = new Set(group);
  for (const [id, flag] of own) {
    if (flag === 1) out.add(id);
    else out.delete(id);
  }
  return out;
}

/** The entries a change leaves: `put` over what is there, or the whole new set. */
function applied(change: LinkChange, now: ReadonlyMap<number, number>): Map<number, number> {
  if ('replace' in change) return new Map(change.replace);
  const next = new Map(now);
  for (const [id, flag] of change.put) {
    if (flag === null) next.delete(id);
    else next.set(id, flag);
  }
  return next;
}

/**
 * The rules of a permission change, whichever way it comes (the permission screens, a group's or
 * a user's update, a restore): nobody grants what they do not hold themselves, the Super Admin
 * group keeps the slugs that administer access, and the trail says which slugs were granted and
 * withdrawn. Used by the group and user policies (./group-guards.ts, ../users/policy.ts).
 */
export function permissionRules(ctx: AppContext) {
  const db = ctx.conn.db;
  const escalation = noEscalation(ctx);
  let superAdmin: number | undefined;
  const superAdminGroup = async () => (superAdmin ??= await ensureSuperAdminGroup(db, ctx.registry));

  const slugsOf = async (on: Db | DynamicDb, ids: Iterable<number>): Promise<Map<number, string>> => {
    const list = [...new Set(ids)];
    if (!list.length) return new Map();
    const rows = await (on as Db).selectFrom('menu').select(['menu_id', 'menu_slug']).where('menu_id', 'in', list).execute();
    return new Map(rows.map((r) => [r.menu_id, r.menu_slug]));
  };
  const groupMenus = async (on: Db | DynamicDb, group: number): Promise<Set<number>> =>
    new Set(
      (await (on as Db).selectFrom('permission').select('menu_id').where('permission_group', '=', group).execute()).map((r) => r.menu_id),
    );
  const userOwn = async (userId: number): Promise<Map<number, number>> =>
    new Map(
      (await db.selectFrom('user_permission').select(['menu_id', 'permission_status']).where('user_id', '=', userId).execute()).map(
        (r) => [r.menu_id, r.permission_status === 1 ? 1 : 0] as const,
      ),
    );

  const lockOut = (slugs: string[]) =>
    new ApiError(
      409,
      `The Super Admin group must keep ${slugs.map((s) => `"${s}"`).join(', ')}: these administer menus and permissions, and without them nobody could repair permissions`,
    );

  /** The protected slugs among `ids` that a change takes away. */
  const protectedAmong = async (ids: Iterable<number>) => [...(await slugsOf(db, ids)).values()].filter((s) => PROTECTED_SLUGS.includes(s));

  return {
    /** A change of a group's menus: the actor holds every slug it grants; Super Admin keeps the protected ones. */
    async checkGroup(actor: AuthUser | undefined, groupId: number, change: LinkChange): Promise<void> {
      const now = await groupMenus(db, groupId);
      const next = applied(change, new Map([...now].map((id) => [id, 1])));
      const granted = [...next.keys()].filter((id) => !now.has(id) || ('put' in change && change.put.get(id) === 1));
      if (actor) await escalation.assertHolds(actor, (await slugsOf(db, granted)).values(), 'These permissions');
      if (groupId === (await superAdminGroup())) {
        const locked = await protectedAmong([...now].filter((id) => !next.has(id)));
        if (locked.length) throw lockOut(locked.sort());
      }
    },

    /** A change of a user's own grants: the actor holds every slug the user ends up with by it; Super Admins keep the protected ones. */
    async checkUser(actor: AuthUser | undefined, user: Row, change: LinkChange): Promise<void> {
      const group = await groupMenus(db, Number(user.user_group));
      const own = await userOwn(Number(user.user_id));
      const next = applied(change, own);
      const named = 'replace' in change ? [...new Set([...own.keys(), ...next.keys()])] : [...change.put.keys()];
      const after = effective(group, next);
      if (actor)
        await escalation.assertHolds(
          actor,
          (
            await slugsOf(
              db,
              named.filter((id) => after.has(id)),
            )
          ).values(),
          'These permissions',
        );
      if (Number(user.user_group) === (await superAdminGroup())) {
        const locked = await protectedAmong(named.filter((id) => !after.has(id)));
        if (locked.length) throw lockOut(locked.sort());
      }
    },

    /** The trail's words for a group's permission change: the slugs granted and withdrawn. */
    async describeGroup(tdb: DynamicDb, change: StoredChange): Promise<Row | undefined> {
      if (change.reason !== 'permission-change') return undefined;
      const before = [...entriesOf(change.before?.[GROUP_MENUS]).keys()];
      const after = [...entriesOf(change.after?.[GROUP_MENUS]).keys()];
      const slugs = await slugsOf(tdb, [...before, ...after]);
      const named = (ids: number[]) => ids.map((id) => slugs.get(id) ?? '').filter(Boolean);
      return slugChanges(named(before), named(after));
    },

    /** The same for a user: what they may use before and after, their group's menus with their own entries over them. */
    async describeUser(tdb: DynamicDb, change: StoredChange): Promise<Row | undefined> {
      if (change.reason !== 'permission-change') return undefined;
      const group = await groupMenus(tdb, Number(change.after?.user_group ?? change.before?.user_group));
      const before = effective(group, entriesOf(change.before?.[USER_MENUS]));
      const after = effective(group, entriesOf(change.after?.[USER_MENUS]));
      const slugs = await slugsOf(tdb, [...before, ...after]);
      const named = (ids: Iterable<number>) => [...ids].map((id) => slugs.get(id) ?? '').filter(Boolean);
      return slugChanges(named(before), named(after));
    },
  };
}
export type PermissionRules = ReturnType<typeof permissionRules>;
