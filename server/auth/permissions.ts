import type { Db } from '../db/database';
import { allowedSlugs, loadFacts } from './decision';
import type { Registry } from '../../resources';

/**
 * A user's capabilities: the menus granted to their group, plus their own grants, minus their
 * own denials (user_permission.permission_status 1 / 0). An inactive group grants nothing (its
 * members keep only their own grants). Cached per user and dropped whenever a permission or a
 * group changes (`invalidate`), so checks cost no query on the hot path. Another instance's
 * change is told to this one at once (server/cluster/relay.ts); should that
 * message be lost, an entry is still read again after CACHE_MS, as sessions are.
 */
export interface PermissionResolver {
  slugsFor(user: { user_id: number; user_group: number }): Promise<Set<string>>;
  /** What `slugsFor` would answer, when it is kept and already loaded (no promise needed); else undefined. */
  peek(user: { user_id: number; user_group: number }): ReadonlySet<string> | undefined;
  invalidate(): void;
  /**
   * Whether permissions may be kept in memory at all (default true). Off while this instance may
   * miss another instance's change (Redis unreachable): every check then reads the database.
   */
  keep(on: boolean): void;
}

const CACHE_MS = 10_000;

interface Entry {
  slugs: Promise<Set<string>>;
  until: number;
  /** The slugs once loaded, for `peek`. */
  loaded?: Set<string>;
}

export function createPermissionResolver(db: Db, registry?: Registry): PermissionResolver {
  let cache = new Map<string, Entry>();
  let keeping = true;
  const groupDescriptor = registry?.find('group');
  // The guards' slugs are what the one decision allows (server/auth/decision.ts), so an explanation cannot drift from them.
  const load = async (userId: number, groupId: number) =>
    allowedSlugs(await loadFacts(db, groupDescriptor, { user_id: userId, user_group: groupId }));
  return {
    slugsFor(user) {
      const key = `${user.user_id}:${user.user_group}`;
      const now = Date.now();
      const hit = cache.get(key);
      if (hit && hit.until > now) return hit.slugs;
      const slugs = load(user.user_id, user.user_group);
      if (!keeping) return slugs;
      const entry: Entry = { slugs, until: now + CACHE_MS };
      cache.set(key, entry);
      void slugs.then(
        (loaded) => {
          entry.loaded = loaded;
        },
        () => {
          if (cache.get(key) === entry) cache.delete(key);
        },
      );
      return slugs;
    },
    peek(user) {
      const hit = cache.get(`${user.user_id}:${user.user_group}`);
      return hit && hit.until > Date.now() ? hit.loaded : undefined;
    },
    invalidate() {
      cache = new Map();
    },
    keep(on) {
      keeping = on;
      cache = new Map();
    },
  };
}
