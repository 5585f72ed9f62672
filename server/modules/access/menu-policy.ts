import type { AppContext, AuthUser } from '../../context';
import type { Change, CrudGuards } from '../../crud/service';
import type { LinkChange } from '../../crud/links';
import type { Row } from '../../db/database';
import type { PolicyDeclaration } from '../policy-declaration';
import { noEscalation, type NoEscalation } from '../../auth/no-escalation';
import { withDatabaseLock } from '../../db/database-lock';
import { ApiError } from '../../http/envelope';
import { ensureSuperAdminGroup } from '../../startup';
import { menu } from '../../../resources';
import { DEFAULT_MENU_ICON, PROTECTED_SLUGS } from './catalogue';
import { groupReader } from './groups';
import { menuReader, type MenuReader, type MenuRow } from './menu-read';

/** What a menu grants: its slug, whether it is active, and the groups holding it. */
export interface MenuGrant {
  slug: string;
  status: number;
  groups: readonly number[];
}

/**
 * A menu is a permission: putting a group in its `permission_group` grants that group its slug,
 * taking one out withdraws it, and changing its slug or status changes what every holding group
 * may do. So a menu change is held to the rules of a permission change: the actor holds the
 * slugs involved (old and new) and may manage every group the change reaches (none holds
 * anything the actor lacks). A change of name, icon or position reaches no group and needs only
 * the route's own permission. `before` is undefined for a create, `after` for a delete.
 */
export async function assertMenuChangeAllowed(
  escalation: NoEscalation,
  actor: AuthUser,
  before: MenuGrant | undefined,
  after: MenuGrant | undefined,
): Promise<void> {
  const was = new Set(before?.groups ?? []);
  const will = new Set(after?.groups ?? []);
  const redefined = before?.slug !== after?.slug || before?.status !== after?.status || !before || !after;
  const reached = redefined
    ? [...new Set([...was, ...will])]
    : [...[...will].filter((g) => !was.has(g)), ...[...was].filter((g) => !will.has(g))];
  if (!reached.length) return;
  const slugs = [before?.slug, after?.slug].filter((s): s is string => !!s);
  await escalation.assertHolds(actor, slugs, 'This menu change');
  for (const group of reached.sort((a, b) => a - b)) await escalation.assertManagesGroup(actor, group);
}

/** The groups a change leaves a menu with: the link's new set, or the groups it had. */
function groupsAfter(change: LinkChange | undefined, before: readonly number[]): number[] {
  if (!change) return [...before];
  if ('replace' in change) return [...change.replace.keys()].sort((a, b) => a - b);
  const next = new Set(before);
  for (const [id, flag] of change.put) {
    if (flag === null || flag === 0) next.delete(id);
    else next.add(id);
  }
  return [...next].sort((a, b) => a - b);
}

/** 422 for a parent that does not exist or would make a cycle. */
function assertParent(rows: readonly MenuRow[], parent: number, id: number | undefined) {
  if (!parent) return;
  const byId = new Map(rows.map((r) => [r.menu_id, r]));
  if (!byId.has(parent)) {
    const message = `main_menu refers to an unknown menu (id ${parent})`;
    throw new ApiError(422, message, { main_menu: message });
  }
  if (id === undefined) return;
  // Walking up from the new parent must never reach the menu itself.
  for (let at: number | undefined = parent, steps = 0; at && steps <= rows.length; steps++) {
    if (at === id) {
      const message = 'A menu cannot be placed under itself or one of its own sub-menus';
      throw new ApiError(422, message, { main_menu: message });
    }
    at = byId.get(at)?.main_menu;
  }
}

/** 409 for a menu with sub-menus: they would be left without a parent. */
function assertNoChildren(rows: readonly MenuRow[], menu: Row) {
  const children = rows.filter((r) => r.main_menu === Number(menu.menu_id));
  if (children.length) {
    throw new ApiError(
      409,
      `"${String(menu.menu_name)}" has ${children.length} sub-menu(s) and cannot be deleted; move or delete its sub-menus first`,
    );
  }
}

/** Refuses any change that would take a protected slug away from the Super Admin group. */
function assertKeepsProtected(before: Row, after: Row, groups: readonly number[], admin: number) {
  const slug = String(before.menu_slug);
  if (!PROTECTED_SLUGS.includes(slug)) return;
  const lockOut = (what: string) =>
    new ApiError(409, `"${slug}" administers menus and permissions: ${what}, or nobody could repair permissions`);
  if (after.menu_slug !== slug) throw lockOut('its slug cannot be changed');
  if (Number(after.menu_status) !== 1) throw lockOut('it cannot be deactivated');
  if (!groups.includes(admin)) throw lockOut('the Super Admin group must keep it');
}

/**
 * The menus' rules on the one write path (routes, restore, undelete alike): a parent that exists
 * and makes no cycle, checked again under a lock shared by every menu write so two moves can never
 * both pass against the same tree; the protected slugs stay with the Super Admin group; a menu with
 * sub-menus is not deleted; no escalation; every change reaches the permissions of the groups it
 * touches on their next request.
 */
export const menuPolicy: PolicyDeclaration = { resource: menu.name, build: buildMenuPolicy };

function buildMenuPolicy(ctx: AppContext): CrudGuards {
  const db = ctx.conn.db;
  // Built at the first write: an app whose registry has no groups (a test's) never needs it.
  let reader: MenuReader | undefined;
  const menus = () => (reader ??= menuReader(db, groupReader(db, ctx.registry)));
  const escalation = noEscalation(ctx);
  let superAdmin: number | undefined;
  const superAdminGroup = async () => (superAdmin ??= await ensureSuperAdminGroup(db, ctx.registry));
  /** The groups each change reaches (before and after), told once it is stored. */
  const reached = new Map<number, number[]>();
  const grantOf = (row: Row, groups: readonly number[]): MenuGrant => ({
    slug: String(row.menu_slug),
    status: Number(row.menu_status),
    groups,
  });

  async function checkChange(change: Change & { after: Row }, before: Row | undefined) {
    const id = before ? Number(before.menu_id) : undefined;
    const was = id === undefined ? [] : await menus().groupsOf(id);
    const will = groupsAfter(change.links?.get('permission_group'), was);
    assertParent(await menus().rows(), Number(change.after.main_menu ?? 0), id);
    if (before) assertKeepsProtected(before, change.after, will, await superAdminGroup());
    if (change.actor) await assertMenuChangeAllowed(escalation, change.actor, before && grantOf(before, was), grantOf(change.after, will));
    if (id !== undefined) reached.set(id, [...new Set([...was, ...will])]);
    return will;
  }

  return {
    prepare({ body, before }) {
      // No icon, or an empty one: the default icon, as the spec's clients expect.
      const icon = body.fields.menu_icon;
      if ((!before && icon === undefined) || icon === '') return { ...body, fields: { ...body.fields, menu_icon: DEFAULT_MENU_ICON } };
      return body;
    },
    async beforeCreate(change) {
      await checkChange(change, undefined);
    },
    async beforeUpdate(change) {
      await checkChange(change, change.before);
    },
    async beforeDelete({ before, actor }) {
      const id = Number(before.menu_id);
      assertNoChildren(await menus().rows(), before);
      if (PROTECTED_SLUGS.includes(String(before.menu_slug))) {
        throw new ApiError(
          409,
          `"${String(before.menu_slug)}" administers menus and permissions and cannot be deleted, or nobody could repair permissions`,
        );
      }
      const was = await menus().groupsOf(id);
      if (actor) await assertMenuChangeAllowed(escalation, actor, grantOf(before, was), undefined);
      reached.set(id, was);
    },
    // One menu write at a time: the tree is checked again just before the store, so two moves
    // checked against the same tree can never both pass (a cycle), nor two creates under a
    // parent being deleted.
    serialise: (change, store) =>
      withDatabaseLock(ctx.conn, 'menus', async () => {
        if (change.after) {
          const id = change.before ? Number(change.before.menu_id) : undefined;
          assertParent(await menus().rows(), Number(change.after.main_menu ?? 0), id);
        } else if (change.before) {
          assertNoChildren(await menus().rows(), change.before);
        }
        return store();
      }),
    async afterWrite(id) {
      const groups = [...new Set([...(reached.get(id) ?? []), ...(await menus().groupsOf(id))])];
      reached.delete(id);
      ctx.permissions.invalidate();
      ctx.events.emit('permissions-changed', { groupIds: groups });
    },
  };
}
