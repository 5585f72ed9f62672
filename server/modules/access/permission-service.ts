import type { Db } from '../../db/database';
import type { TrailConnection } from '../audit/trail';
import { ApiError } from '../../http/envelope';
import { PROTECTED_SLUGS } from './catalogue';
import type { GroupReader } from './groups';
import { byPosition, childrenIndex, type MenuRow } from './menu-service';
import { serialisedWrite } from '../../db/database-lock';
import type { AuthUser } from '../../context';
import { accessEntries } from '../audit/access-entries';
import { assertVersion, StaleVersion, staleRefusal, type LastChange } from '../../crud/versions';
import { groupPermissionVersion, userPermissionVersion } from './permission-version';

/** Where a user's entry comes from: their group, a grant to them, or a denial to them. */
export type PermissionSource = 'group' | 'granted' | 'denied';

/** A permission tree entry (spec 000 section 3), plus for one user where its state comes from. */
export interface PermissionEntry {
  menu_id: number;
  menu_name: string;
  menu_icon: string;
  menu_slug: string;
  /** Names an administrator gave in Bengali, Spanish and Burmese ('' or null: none), as the navigation has them. */
  menu_name_bn: string | null;
  menu_name_es: string | null;
  menu_name_my: string | null;
  /** 1 while the menu bears the name the catalogue wrote: the console then names it in the user's language. */
  menu_name_shipped: 0 | 1;
  permission_status: 0 | 1;
  /** Users only: what the group alone gives, and why the entry differs when it does. */
  group_permission_status?: 0 | 1;
  permission_source?: PermissionSource;
  menus: PermissionEntry[];
}

/** One change of `permission_data`: nested entries (`menus`) are changes too. */
export interface PermissionChange {
  menu_id: number;
  permission_status?: number;
  /** Users only: drop the user's own entry, back to what the group gives. */
  reset?: boolean;
  menus?: PermissionChange[];
}

/**
 * Told the slugs a save would grant (and, for a user's own entries, whose they are) before anything
 * is written; it refuses by throwing (server/auth/no-escalation.ts).
 */
export type Granting = (slugs: string[], user?: { user_id: number; user_group: number }) => Promise<void>;
const allowAll: Granting = async () => undefined;
const slugsOf = (byId: ReadonlyMap<number, MenuRow>, changes: readonly PermissionChange[]) =>
  changes.map((c) => byId.get(c.menu_id)?.menu_slug ?? '').filter(Boolean);

const flatten = (list: readonly PermissionChange[]): PermissionChange[] => list.flatMap((c) => [c, ...flatten(c.menus ?? [])]);

/** What a save answers: how many entries it named, and the set's version now (for the next save's `If-Match`). */
export interface SavedPermissions {
  changed: number;
  version: string;
}

/**
 * `shipped`: each catalogue slug with the name it was written with (catalogue.ts `shippedNames`).
 * `lastChange`: who last changed a group or user, from the trail, for a stale save's refusal.
 */
export function permissionService(
  db: Db,
  groups: GroupReader,
  superAdminGroup: () => Promise<number>,
  conn: TrailConnection,
  shipped: ReadonlyMap<string, string> = new Map(),
  lastChange?: (resource: string, id: number) => Promise<LastChange | undefined>,
) {
  const audit = accessEntries(conn);
  const { dialect } = conn;
  const menus = (status?: number) => {
    let q = db.selectFrom('menu').selectAll();
    if (status !== undefined) q = q.where('menu_status', '=', status);
    return q.execute();
  };
  const groupGrants = async (groupId: number) =>
    new Set((await db.selectFrom('permission').select('menu_id').where('permission_group', '=', groupId).execute()).map((r) => r.menu_id));
  const userOverrides = async (userId: number) =>
    new Map(
      (await db.selectFrom('user_permission').select(['menu_id', 'permission_status']).where('user_id', '=', userId).execute()).map(
        (r) => [r.menu_id, r.permission_status === 1 ? 1 : 0] as const,
      ),
    );

  /** The catalogue as a tree (or the subtree of one menu), each entry stated by `state`. */
  function tree(rows: readonly MenuRow[], root: number | undefined, state: (m: MenuRow) => Omit<PermissionEntry, 'menus'>) {
    const index = childrenIndex(rows);
    const build = (m: MenuRow, seen: ReadonlySet<number>): PermissionEntry => ({
      ...state(m),
      menus: (index.get(m.menu_id) ?? []).filter((c) => !seen.has(c.menu_id)).map((c) => build(c, new Set([...seen, c.menu_id]))),
    });
    const ids = new Set(rows.map((r) => r.menu_id));
    // Top level: menus whose parent is 0 or not in this set (an inactive parent's children still show).
    const tops = root === undefined ? rows.filter((r) => !ids.has(r.main_menu)).sort(byPosition) : rows.filter((r) => r.menu_id === root);
    return tops.map((m) => build(m, new Set([m.menu_id])));
  }

  const entryOf = (m: MenuRow, on: boolean): Omit<PermissionEntry, 'menus'> => ({
    menu_id: m.menu_id,
    menu_name: m.menu_name,
    menu_icon: m.menu_icon,
    menu_slug: m.menu_slug,
    menu_name_bn: m.menu_name_bn,
    menu_name_es: m.menu_name_es,
    menu_name_my: m.menu_name_my,
    menu_name_shipped: shipped.get(m.menu_slug) === m.menu_name ? 1 : 0,
    permission_status: on ? 1 : 0,
  });

  async function requireGroup(groupId: number, field: string) {
    const group = await groups.one(groupId);
    if (!group) throw new ApiError(422, `Unknown group (id ${groupId})`, { [field]: `unknown group id ${groupId}` });
    return group;
  }

  async function requireUser(userId: number, field: string) {
    const user = await db.selectFrom('users').select(['user_id', 'user_group']).where('user_id', '=', userId).executeTakeFirst();
    if (!user) throw new ApiError(422, `Unknown user (id ${userId})`, { [field]: `unknown user id ${userId}` });
    return user;
  }

  /** Every change names a known menu and a 0/1 status (or, for a user, a reset). */
  async function checkChanges(changes: readonly PermissionChange[], allowReset: boolean): Promise<Map<number, MenuRow>> {
    const all = await menus();
    const byId = new Map(all.map((m) => [m.menu_id, m]));
    const unknown = changes.filter((c) => !byId.has(c.menu_id)).map((c) => c.menu_id);
    const badStatus = changes.filter((c) => !(allowReset && c.reset) && c.permission_status !== 0 && c.permission_status !== 1);
    const errors: Record<string, string> = {};
    if (unknown.length) errors.permission_data = `Unknown menu id(s): ${[...new Set(unknown)].join(', ')}`;
    else if (badStatus.length) {
      errors.permission_data = `permission_status must be 0 or 1${allowReset ? ' (or reset: true)' : ''} for menu id(s): ${badStatus.map((c) => c.menu_id).join(', ')}`;
    }
    if (Object.keys(errors).length) throw new ApiError(422, Object.values(errors).join('; '), errors);
    return byId;
  }

  const lockOut = (slugs: string[]) =>
    new ApiError(
      409,
      `The Super Admin group must keep ${slugs.map((s) => `"${s}"`).join(', ')}: these administer menus and permissions, and without them nobody could repair permissions`,
    );

  /**
   * A stale save's 412: the set as the console's tree shows it now (active menus), its version,
   * and who changed it last. Read after the refused transaction has ended.
   */
  const refuseStale =
    (read: () => Promise<{ tree: PermissionEntry[]; version: string }>, resource: string, id: number) =>
    async (err: unknown): Promise<never> => {
      if (!(err instanceof StaleVersion)) throw err;
      const now = await read();
      throw staleRefusal(now.tree, now.version, await lastChange?.(resource, id));
    };

  const service = {
    /** The version a group's save compares its `If-Match` with. */
    groupVersion: (groupId: number): Promise<string> => groupPermissionVersion(db, groupId),

    /** The version a user's save compares its `If-Match` with: their own entries and their stored group's grants. */
    async userVersion(userId: number): Promise<string> {
      const user = await requireUser(userId, 'user');
      return userPermissionVersion(db, user.user_id, user.user_group);
    },

    async groupTree(groupId: number | undefined, root: number | undefined, status: number | undefined): Promise<PermissionEntry[]> {
      if (groupId) await requireGroup(groupId, 'group');
      const granted = groupId ? await groupGrants(groupId) : new Set<number>();
      return tree(await menus(status), root, (m) => entryOf(m, granted.has(m.menu_id)));
    },

    async userTree(
      userId: number,
      groupId: number | undefined,
      root: number | undefined,
      status: number | undefined,
    ): Promise<PermissionEntry[]> {
      const user = await requireUser(userId, 'user');
      const group = groupId !== undefined && groupId > 0 ? groupId : user.user_group;
      if (groupId) await requireGroup(groupId, 'group');
      const [granted, own] = await Promise.all([groupGrants(group), userOverrides(user.user_id)]);
      return tree(await menus(status), root, (m) => {
        const fromGroup = granted.has(m.menu_id);
        const mine = own.get(m.menu_id);
        const on = mine === undefined ? fromGroup : mine === 1;
        return {
          ...entryOf(m, on),
          group_permission_status: fromGroup ? 1 : 0,
          permission_source: mine === undefined ? 'group' : mine === 1 ? 'granted' : 'denied',
        };
      });
    },

    /**
     * Sets the group's grants for the named menus (others unchanged). `expectedVersion` (the
     * client's `If-Match`): refused with 412 when the set changed since it was read; none: the
     * last save wins, as the spec's clients expect.
     */
    async saveGroup(
      groupId: number,
      data: readonly PermissionChange[],
      granting: Granting = allowAll,
      actor?: AuthUser,
      expectedVersion?: string,
    ): Promise<SavedPermissions> {
      await requireGroup(groupId, 'group_id');
      const changes = flatten(data);
      const byId = await checkChanges(changes, false);
      await granting(
        slugsOf(
          byId,
          changes.filter((c) => c.permission_status === 1),
        ),
      );
      if (groupId === (await superAdminGroup())) {
        const removed = changes.filter((c) => c.permission_status === 0).map((c) => byId.get(c.menu_id)?.menu_slug ?? '');
        const locked = removed.filter((s) => PROTECTED_SLUGS.includes(s));
        if (locked.length) throw lockOut(locked);
      }
      // The last word on a menu wins when a payload names it twice.
      const final = new Map(changes.map((c) => [c.menu_id, c.permission_status === 1]));
      const on = [...final].filter(([, v]) => v).map(([id]) => id);
      const off = [...final].filter(([, v]) => !v).map(([id]) => id);
      // One save of a group's grants at a time: a second waits, then replaces what the first wrote.
      const version = await serialisedWrite(db, dialect, 'groupPermissions', groupId, async (trx) => {
        // Checked under the group's lock: of two saves naming the same version, only the first passes.
        if (expectedVersion !== undefined) assertVersion(expectedVersion, await groupPermissionVersion(trx, groupId));
        await audit.permissions(trx, { group: groupId }, actor, async () => {
          if (off.length || on.length) {
            await trx
              .deleteFrom('permission')
              .where('permission_group', '=', groupId)
              .where('menu_id', 'in', [...on, ...off])
              .execute();
          }
          if (on.length)
            await trx
              .insertInto('permission')
              .values(on.map((menu_id) => ({ permission_group: groupId, menu_id })))
              .onConflict((oc) => oc.columns(['permission_group', 'menu_id']).doNothing())
              .execute();
        });
        return groupPermissionVersion(trx, groupId);
      }).catch(
        refuseStale(
          async () => ({ tree: await service.groupTree(groupId, undefined, 1), version: await groupPermissionVersion(db, groupId) }),
          'group',
          groupId,
        ),
      );
      return { changed: final.size, version };
    },

    /**
     * Sets the user's own entries: a status equal to the group's needs no entry (it is dropped),
     * a different one is stored as a grant (1) or a denial (0); `reset` drops the entry.
     * `expectedVersion` as for a group (`userVersion`).
     */
    async saveUser(
      userId: number,
      data: readonly PermissionChange[],
      granting: Granting = allowAll,
      actor?: AuthUser,
      expectedVersion?: string,
    ): Promise<SavedPermissions> {
      const user = await requireUser(userId, 'user.user_id');
      const changes = flatten(data);
      const byId = await checkChanges(changes, true);
      // A reset gives back what the group grants: a grant like any other.
      await granting(
        slugsOf(
          byId,
          changes.filter((c) => c.reset === true || c.permission_status === 1),
        ),
        user,
      );
      const granted = await groupGrants(user.user_group);
      if (user.user_group === (await superAdminGroup())) {
        const denied = changes.filter((c) => !c.reset && c.permission_status === 0).map((c) => byId.get(c.menu_id)?.menu_slug ?? '');
        const locked = denied.filter((s) => PROTECTED_SLUGS.includes(s));
        if (locked.length) throw lockOut(locked);
      }
      const final = new Map(changes.map((c) => [c.menu_id, c.reset ? undefined : c.permission_status === 1 ? 1 : 0]));
      // One save of a user's own entries at a time: a second waits, then replaces what the first wrote.
      const version = await serialisedWrite(db, dialect, 'userPermissions', userId, async (trx) => {
        if (expectedVersion !== undefined) assertVersion(expectedVersion, await userPermissionVersion(trx, userId, user.user_group));
        if (!final.size) return userPermissionVersion(trx, userId, user.user_group);
        await audit.permissions(trx, { user: userId }, actor, async () => {
          await trx
            .deleteFrom('user_permission')
            .where('user_id', '=', userId)
            .where('menu_id', 'in', [...final.keys()])
            .execute();
          const rows = [...final].flatMap(([menu_id, v]) =>
            v !== undefined && (v === 1) !== granted.has(menu_id) ? [{ user_id: userId, menu_id, permission_status: v }] : [],
          );
          if (rows.length)
            await trx
              .insertInto('user_permission')
              .values(rows)
              .onConflict((oc) =>
                oc.columns(['user_id', 'menu_id']).doUpdateSet((eb) => ({ permission_status: eb.ref('excluded.permission_status') })),
              )
              .execute();
        });
        return userPermissionVersion(trx, userId, user.user_group);
      }).catch(
        refuseStale(
          async () => ({
            tree: await service.userTree(userId, undefined, undefined, 1),
            version: await userPermissionVersion(db, userId, user.user_group),
          }),
          'users',
          userId,
        ),
      );
      return { changed: final.size, version };
    },
  };
  return service;
}
export type PermissionService = ReturnType<typeof permissionService>;
