import { sql } from 'kysely';
import { dynamic, type Db } from '../db/database';
import type { ResourceDescriptor } from '../../resources';

/**
 * The one access decision: may this user use this menu slug? It answers a verdict with the chain
 * of facts that decided it. The request guards hold the slugs `allowedSlugs` answers (through the
 * permission resolver, server/auth/permissions.ts), and the explainer shows `decide`'s chain for
 * one slug: both are this function, so what the console explains is what the server does.
 */

/** Every account and group status the policy reads: 1 is active. */
export const isActive = (status: unknown): boolean => Number(status) === 1;

export interface MenuFact {
  menu_id: number;
  menu_slug: string;
  main_menu: number;
  menu_status: number;
}

/** What the decision reads about one user (or one group: no user facts). */
export interface AccessFacts {
  /** The account's status; absent where a live session already vouches for it (the guards) or for a group alone. */
  userActive?: boolean;
  groupActive: boolean;
  /** Whether the group is Super Admin; absent when not asked (the guards need not know). */
  superAdmin?: boolean;
  menus: ReadonlyMap<string, MenuFact>;
  groupGrants: ReadonlySet<number>;
  /** The user's own entries by menu id: 1 a grant, 0 a denial. */
  userOverrides: ReadonlyMap<number, 0 | 1>;
}

export type LinkKind =
  | 'user-status'
  | 'unknown-menu'
  | 'menu-status'
  | 'group-status'
  | 'super-admin'
  | 'parent-grant'
  | 'group-grant'
  | 'user-grant'
  | 'user-deny'
  | 'branch-scope';

/**
 * One fact of the chain. `effect`: what it says on its own (allow, deny, or nothing either way);
 * `decisive`: the one link whose effect is the verdict.
 */
export interface Link {
  kind: LinkKind;
  effect: 'allow' | 'deny' | 'none';
  decisive: boolean;
  /** The menu the link is about (the slug's own, or a parent's). */
  menu_id?: number;
}

export interface Verdict {
  allowed: boolean;
  chain: Link[];
}

const link = (kind: LinkKind, effect: Link['effect'], menu_id?: number): Link => ({
  kind,
  effect,
  decisive: false,
  ...(menu_id !== undefined && { menu_id }),
});

/** Marks the decisive link and answers the verdict it gives. */
function settle(chain: Link[], decisive: Link): Verdict {
  decisive.decisive = true;
  return { allowed: decisive.effect === 'allow', chain };
}

/**
 * The decision. In order: an inactive account does nothing; an unknown or inactive menu grants
 * nothing; the user's own entry (grant or denial) overrides the group; otherwise the group's grant
 * on that very node decides, and an inactive group grants nothing. A parent's grant is shown but
 * does not pass down to its children.
 */
export function decide(facts: AccessFacts, slug: string): Verdict {
  const chain: Link[] = [];
  if (facts.userActive !== undefined) {
    const status = link('user-status', facts.userActive ? 'none' : 'deny');
    chain.push(status);
    if (!facts.userActive) return settle(chain, status);
  }
  const menu = facts.menus.get(slug);
  if (!menu) return settle(chain, pushed(chain, link('unknown-menu', 'deny')));
  if (!isActive(menu.menu_status)) return settle(chain, pushed(chain, link('menu-status', 'deny', menu.menu_id)));
  const group = pushed(chain, link('group-status', facts.groupActive ? 'none' : 'deny'));
  if (facts.superAdmin) chain.push(link('super-admin', 'none'));
  const byId = menusById(facts.menus);
  const seen = new Set([menu.menu_id]);
  for (let parent = byId.get(menu.main_menu); parent && !seen.has(parent.menu_id); parent = byId.get(parent.main_menu)) {
    seen.add(parent.menu_id);
    chain.push(link('parent-grant', 'none', parent.menu_id));
  }
  const grantedToGroup = facts.groupGrants.has(menu.menu_id);
  const grant = pushed(chain, link('group-grant', grantedToGroup ? 'allow' : 'deny', menu.menu_id));
  const own = facts.userOverrides.get(menu.menu_id);
  if (own !== undefined)
    return settle(chain, pushed(chain, link(own === 1 ? 'user-grant' : 'user-deny', own === 1 ? 'allow' : 'deny', menu.menu_id)));
  return settle(chain, grantedToGroup && !facts.groupActive ? group : grant);
}

/**
 * The menus by id, made once per set of facts: the resolver decides every menu of a user at once
 * (`allowedSlugs`), and making the map for each of them cost the square of the menu count (about
 * 5 MB and several milliseconds per user every time their permissions were read again).
 */
const byIdOf = new WeakMap<ReadonlyMap<string, MenuFact>, ReadonlyMap<number, MenuFact>>();
function menusById(menus: ReadonlyMap<string, MenuFact>): ReadonlyMap<number, MenuFact> {
  let byId = byIdOf.get(menus);
  if (!byId) byIdOf.set(menus, (byId = new Map([...menus.values()].map((m) => [m.menu_id, m]))));
  return byId;
}

function pushed(chain: Link[], l: Link): Link {
  chain.push(l);
  return l;
}

/** Every slug `decide` allows: what the guards check a request against. */
export function allowedSlugs(facts: AccessFacts): Set<string> {
  return new Set([...facts.menus.keys()].filter((slug) => decide(facts, slug).allowed));
}

/**
 * The facts for a user (`user_id` 0: a group alone) as stored now. `groupDescriptor`: the group
 * resource, whose status field says whether the group is active (no descriptor: always active).
 */
export async function loadFacts(
  db: Db,
  groupDescriptor: ResourceDescriptor | undefined,
  user: { user_id: number; user_group: number },
): Promise<Omit<AccessFacts, 'userActive' | 'superAdmin'>> {
  const [groupActive, menus, grants, own] = await Promise.all([
    groupStatus(db, groupDescriptor, user.user_group),
    db.selectFrom('menu').select(['menu_id', 'menu_slug', 'main_menu', 'menu_status']).execute(),
    db.selectFrom('permission').select('menu_id').where('permission_group', '=', user.user_group).execute(),
    user.user_id
      ? db.selectFrom('user_permission').select(['menu_id', 'permission_status']).where('user_id', '=', user.user_id).execute()
      : Promise.resolve([]),
  ]);
  return {
    groupActive,
    menus: new Map(menus.map((m) => [m.menu_slug, m])),
    groupGrants: new Set(grants.map((g) => g.menu_id)),
    userOverrides: new Map(own.map((o) => [o.menu_id, o.permission_status === 1 ? 1 : 0])),
  };
}

async function groupStatus(db: Db, d: ResourceDescriptor | undefined, groupId: number): Promise<boolean> {
  if (!d?.statusField) return true;
  const row = await dynamic(db)
    .selectFrom(d.table)
    .select(sql.ref(d.statusField).as('status'))
    .where(sql.ref(d.idField), '=', groupId)
    .executeTakeFirst();
  return isActive(row?.status);
}
