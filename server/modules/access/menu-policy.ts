import type { AuthUser } from '../../context';
import type { NoEscalation } from '../../auth/no-escalation';

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
