import { sql } from 'kysely';
import type { AppContext, AuthUser } from '../../context';
import { dynamic } from '../../db/database';
import { ApiError, notFound } from '../../http/envelope';
import { decide, isActive, loadFacts, type AccessFacts, type Link, type MenuFact } from '../../auth/decision';
import { inBranchScope } from '../../crud/service';
import { setting } from '../../db/settings';
import { actionsOf, permissionSlug, type ResourceDescriptor } from '../../../resources';
import { provenance, UNRECORDED, type Provenance, type SetBy } from './provenance';
import { groupOriginOf } from '../directory/placement-note';
import { rulesExplainer } from './rules';
import { workflowsExplainer } from './workflows';

/** A link of the chain as the console reads it: the decision's link, named, with who set it and when. */
export interface ExplainedLink extends Link, SetBy {
  menu_slug?: string;
  menu_name?: string;
  /** A parent node: whether the group holds it (shown; it does not pass down). */
  granted?: 0 | 1;
  /** The branch scope's values: the record's branch and the user's (0: every branch). */
  record_branch?: number;
  user_branch?: number;
}

export interface ExplainedSlug {
  menu_id: number | null;
  menu_slug: string;
  menu_name: string;
  allowed: boolean;
  chain: ExplainedLink[];
}

interface UserRow {
  user_id: number;
  user_name: string;
  username: string;
  user_status: number;
  user_group: number;
  user_branch: number;
}

/**
 * The explainer: for a user and a slug (or every slug), the verdict and the chain of the one
 * decision the guards hold (server/auth/decision.ts), each link with who set it and when.
 */
export function explainer(ctx: AppContext) {
  const db = ctx.conn.db;
  const users = ctx.registry.get('users');
  const groups = ctx.registry.get('group');
  const rulesOf = rulesExplainer(ctx);
  const workflowsOf = workflowsExplainer(ctx);

  async function userOf(viewer: AuthUser, id: number): Promise<UserRow> {
    const row = await db
      .selectFrom('users')
      .select(['user_id', 'user_name', 'username', 'user_status', 'user_group', 'user_branch'])
      .where('user_id', '=', id)
      .executeTakeFirst();
    // Outside the viewer's branch the user does not exist for them, as on the users screens.
    if (!row || !inBranchScope(users, viewer, row)) throw notFound(`user ${id}`);
    return row;
  }

  async function groupRow(id: number): Promise<{ name: string; active: boolean } | undefined> {
    const row = await dynamic(db)
      .selectFrom(groups.table)
      .select([sql.ref(groups.titleField).as('name'), sql.ref(groups.statusField ?? groups.idField).as('status')])
      .where(sql.ref(groups.idField), '=', id)
      .executeTakeFirst();
    return row ? { name: String(row.name), active: groups.statusField ? isActive(row.status) : true } : undefined;
  }

  const superAdminGroup = async () => Number(await setting(db, 'super_admin_group'));

  async function menuNames(): Promise<Map<number, string>> {
    const rows = await db.selectFrom('menu').select(['menu_id', 'menu_name']).execute();
    return new Map(rows.map((r) => [r.menu_id, r.menu_name]));
  }

  /** Who set each link, from the trail. */
  function provenanceOf(l: Link, slugOf: (id: number | undefined) => string, trail: Provenance): SetBy {
    switch (l.kind) {
      case 'user-status':
        return trail.field('users', 'user_status');
      case 'group-status':
        return trail.field('group', groups.statusField ?? '');
      case 'super-admin':
        return trail.field('users', 'user_group');
      case 'menu-status':
        return trail.menuStatus(l.menu_id ?? 0);
      case 'group-grant':
      case 'parent-grant':
        return trail.groupGrant(slugOf(l.menu_id), l.menu_id ?? 0);
      case 'user-grant':
      case 'user-deny':
        return trail.userEntry(slugOf(l.menu_id));
      case 'branch-scope':
        return trail.field('users', 'user_branch');
      default:
        return UNRECORDED;
    }
  }

  /** The descriptor whose action the slug is, for a record's branch scope. */
  const descriptorOf = (slug: string): ResourceDescriptor | undefined =>
    ctx.registry.all.find((d) => actionsOf(d).some((a) => permissionSlug(d, a) === slug));

  /** The branch scope of one record, as the generic write and read path holds it (`inBranchScope`). */
  async function branchLink(user: UserRow, slug: string, record: number): Promise<ExplainedLink | undefined> {
    const d = descriptorOf(slug);
    if (!d) throw new ApiError(422, `"${slug}" is not an action on records`, { record: 'not an action on records' });
    const row = await dynamic(db).selectFrom(d.table).selectAll().where(sql.ref(d.idField), '=', record).executeTakeFirst();
    if (!row) throw new ApiError(422, `Unknown record (id ${record})`, { record: `unknown record id ${record}` });
    if (!d.branchScope) return undefined;
    const inside = inBranchScope(d, user, row);
    return {
      kind: 'branch-scope',
      effect: inside ? 'none' : 'deny',
      decisive: false,
      record_branch: Number(row[d.branchScope]),
      user_branch: user.user_branch,
      ...UNRECORDED,
    };
  }

  /** Where the user's group came from when the directory's mapping set it (the newest change of the group). */
  function directoryOrigin(trail: Provenance) {
    const from = groupOriginOf(trail.fieldOrigin('user_group'));
    if (!from) return null;
    const set = trail.field('users', 'user_group');
    return { source: 'directory' as const, method: from.method, claim: from.claim, value: from.value, mapping_id: from.mapping, ...set };
  }

  return {
    /** The Super Admin group's id (its rules: server/modules/access/group-guards.ts). */
    superAdminGroup,

    /** `slug` undefined: every menu of the catalogue. `record`: a record the slug's action would reach. */
    async explain(viewer: AuthUser, userId: number, slug?: string, record?: number) {
      const user = await userOf(viewer, userId);
      const group = await groupRow(user.user_group);
      const facts: AccessFacts = {
        ...(await loadFacts(db, groups, user)),
        userActive: isActive(user.user_status),
        superAdmin: user.user_group === (await superAdminGroup()),
      };
      const [names, trail] = await Promise.all([menuNames(), provenance(db, user.user_id, user.user_group)]);
      const byId = new Map<number, MenuFact>([...facts.menus.values()].map((m) => [m.menu_id, m]));
      const slugOf = (id: number | undefined) => (id === undefined ? '' : (byId.get(id)?.menu_slug ?? ''));
      const slugs = slug !== undefined ? [slug] : [...facts.menus.keys()];
      const items: ExplainedSlug[] = [];
      for (const s of slugs) {
        const verdict = decide(facts, s);
        const chain: ExplainedLink[] = verdict.chain.map((l) => ({
          ...l,
          ...(l.menu_id !== undefined && { menu_slug: slugOf(l.menu_id), menu_name: names.get(l.menu_id) ?? '' }),
          ...(l.kind === 'parent-grant' && { granted: facts.groupGrants.has(l.menu_id ?? 0) ? (1 as const) : (0 as const) }),
          ...provenanceOf(l, slugOf, trail),
        }));
        let allowed = verdict.allowed;
        if (record !== undefined) {
          const scope = await branchLink(user, s, record);
          if (scope) {
            // Out of scope, an allowed action still finds no record: the scope decides.
            if (allowed && scope.effect === 'deny') {
              for (const l of chain) l.decisive = false;
              scope.decisive = true;
              allowed = false;
            }
            chain.push({ ...scope, ...provenanceOf(scope, slugOf, trail) });
          }
        }
        const menu = facts.menus.get(s);
        items.push({
          menu_id: menu?.menu_id ?? null,
          menu_slug: s,
          menu_name: menu ? (names.get(menu.menu_id) ?? '') : '',
          allowed,
          chain,
        });
      }
      return {
        user: {
          user_id: user.user_id,
          user_name: user.user_name,
          username: user.username,
          user_status: user.user_status,
          user_branch: user.user_branch,
          group_id: user.user_group,
          group_name: group?.name ?? '',
          group_status: group?.active ? 1 : 0,
          super_admin: facts.superAdmin ? 1 : 0,
          // The group came from the hospital's directory (a sign-in or SCIM, through the mapping):
          // which claim, which value, which mapping row; null when an administrator set it.
          group_from: directoryOrigin(trail),
        },
        items,
        // The field and row rules that hold for the user (of the slug's resource, when one is asked).
        rules: await rulesOf(user, slug === undefined ? undefined : descriptorOf(slug)?.name),
        // Why a save of the slug's resource (or any) becomes a change request (issue 48).
        workflows: await workflowsOf(slug === undefined ? undefined : descriptorOf(slug)?.name),
      };
    },

    /** Two groups' grants side by side, in catalogue tree order, the differences marked. */
    async compare(left: number, right: number) {
      const [a, b] = await Promise.all([groupRow(left), groupRow(right)]);
      if (!a || !b) {
        const id = a ? right : left;
        throw new ApiError(422, `Unknown group (id ${id})`, { [a ? 'right' : 'left']: `unknown group id ${id}` });
      }
      const [fa, fb, menus] = await Promise.all([
        loadFacts(db, groups, { user_id: 0, user_group: left }),
        loadFacts(db, groups, { user_id: 0, user_group: right }),
        db.selectFrom('menu').select(['menu_id', 'menu_name', 'menu_slug', 'main_menu', 'menu_position', 'menu_status']).execute(),
      ]);
      const children = new Map<number, typeof menus>();
      for (const m of menus) children.set(m.main_menu, [...(children.get(m.main_menu) ?? []), m]);
      const ids = new Set(menus.map((m) => m.menu_id));
      const rows: { menu_id: number; menu_name: string; menu_slug: string; depth: number; left: 0 | 1; right: 0 | 1; differs: boolean }[] =
        [];
      const walk = (list: typeof menus, depth: number, seen: ReadonlySet<number>) => {
        for (const m of [...list].sort((x, y) => x.menu_position - y.menu_position || x.menu_id - y.menu_id)) {
          if (seen.has(m.menu_id)) continue;
          const l = fa.groupGrants.has(m.menu_id) ? 1 : 0;
          const r = fb.groupGrants.has(m.menu_id) ? 1 : 0;
          rows.push({ menu_id: m.menu_id, menu_name: m.menu_name, menu_slug: m.menu_slug, depth, left: l, right: r, differs: l !== r });
          walk(children.get(m.menu_id) ?? [], depth + 1, new Set([...seen, m.menu_id]));
        }
      };
      walk(
        menus.filter((m) => !ids.has(m.main_menu)),
        0,
        new Set(),
      );
      return {
        left: { group_id: left, group_name: a.name, group_status: a.active ? 1 : 0 },
        right: { group_id: right, group_name: b.name, group_status: b.active ? 1 : 0 },
        rows,
        differences: rows.filter((r) => r.differs).length,
      };
    },
  };
}
