import { createHash } from 'node:crypto';
import type { Db } from '../../db/database';

/**
 * A permission set's version: a digest of its rows, like a menu's (menu-version.ts). The
 * permission tables have no `updated_at`; a digest needs no migration, and two sets with the same
 * rows share a version, which loses nothing: the writer saw exactly what is stored.
 */
const digest = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 22);

const grantsOf = async (db: Db, groupId: number): Promise<number[]> =>
  (await db.selectFrom('permission').select('menu_id').where('permission_group', '=', groupId).execute())
    .map((r) => r.menu_id)
    .sort((a, b) => a - b);

/** A group's set: the menus it is granted. */
export async function groupPermissionVersion(db: Db, groupId: number): Promise<string> {
  return digest(['group', groupId, await grantsOf(db, groupId)]);
}

/**
 * A user's set as their tree shows it: the grants of the group it is compared with (their own, or
 * the one the console names) and the user's own grants and denials. A change to either moves
 * what the user's toggles mean, so either makes a save stale.
 */
export async function userPermissionVersion(db: Db, userId: number, groupId: number): Promise<string> {
  const own = (await db.selectFrom('user_permission').select(['menu_id', 'permission_status']).where('user_id', '=', userId).execute())
    .map((r) => [r.menu_id, r.permission_status === 1 ? 1 : 0])
    .sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));
  return digest(['user', userId, groupId, await grantsOf(db, groupId), own]);
}
