import type { PermissionEntry } from './api';

/**
 * The permission tree's rules, free of React: ticking an entry sets all its descendants the
 * same; ticking an entry on also sets its ancestors on (a child is useless without its parent);
 * an entry with some but not all of its subtree granted shows as mixed.
 */
export type Statuses = ReadonlyMap<number, number>;
export type CheckState = true | false | 'mixed';

export interface Indexed {
  byId: ReadonlyMap<number, PermissionEntry>;
  parentOf: ReadonlyMap<number, number>;
  /** Depth-first order, as the tree shows it. */
  order: readonly PermissionEntry[];
}

export function indexTree(entries: readonly PermissionEntry[]): Indexed {
  const byId = new Map<number, PermissionEntry>();
  const parentOf = new Map<number, number>();
  const order: PermissionEntry[] = [];
  const walk = (list: readonly PermissionEntry[], parent?: number) => {
    for (const e of list) {
      byId.set(e.menu_id, e);
      order.push(e);
      if (parent !== undefined) parentOf.set(e.menu_id, parent);
      walk(e.menus, e.menu_id);
    }
  };
  walk(entries);
  return { byId, parentOf, order };
}

export const statusesOf = (ix: Indexed): Map<number, number> => new Map(ix.order.map((e) => [e.menu_id, e.permission_status]));

const descendants = (e: PermissionEntry): PermissionEntry[] => e.menus.flatMap((c) => [c, ...descendants(c)]);

/** The new statuses after ticking (on) or unticking (off) one entry. */
export function toggle(ix: Indexed, current: Statuses, id: number, on: boolean): Map<number, number> {
  const next = new Map(current);
  const entry = ix.byId.get(id);
  if (!entry) return next;
  const value = on ? 1 : 0;
  next.set(id, value);
  for (const d of descendants(entry)) next.set(d.menu_id, value);
  if (on) for (let p = ix.parentOf.get(id); p !== undefined; p = ix.parentOf.get(p)) next.set(p, 1);
  return next;
}

/** The entries whose status differs between two states (what a save sends). */
export function changes(before: Statuses, after: Statuses): { menu_id: number; permission_status: number }[] {
  return [...after].filter(([id, v]) => before.get(id) !== v).map(([menu_id, permission_status]) => ({ menu_id, permission_status }));
}

export function checkState(entry: PermissionEntry, statuses: Statuses): CheckState {
  const self = statuses.get(entry.menu_id) === 1;
  if (!entry.menus.length) return self;
  const all = [entry, ...descendants(entry)].map((e) => statuses.get(e.menu_id) === 1);
  if (all.every(Boolean)) return true;
  if (!all.some(Boolean)) return false;
  return 'mixed';
}

/**
 * Ids of the entries a filter keeps: those whose name as shown (`label`), stored name or slug
 * matches, with their ancestors.
 */
export function filterIds(ix: Indexed, text: string, label: (e: PermissionEntry) => string = (e) => e.menu_name): Set<number> | undefined {
  const needle = text.trim().toLowerCase();
  if (!needle) return undefined;
  const keep = new Set<number>();
  for (const e of ix.order) {
    if (![label(e), e.menu_name, e.menu_slug].some((t) => t.toLowerCase().includes(needle))) continue;
    keep.add(e.menu_id);
    for (let p = ix.parentOf.get(e.menu_id); p !== undefined; p = ix.parentOf.get(p)) keep.add(p);
  }
  return keep;
}
