import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db, MenuTable } from '../../db/database';

type MenuRow = Selectable<MenuTable>;

/**
 * A menu's version is a digest of its row and the groups it is granted to. The menu table has no
 * `updated_at`, and a version taken from the content needs no migration, changes with a group
 * given or withdrawn from the permission screens as well as with the menu's own fields, and is
 * checked inside the menu writes' one-at-a-time transaction, so two writers can never both pass.
 * Two states with the same content share a version, which loses nothing: the writer saw exactly
 * what is stored.
 */
export function menuVersion(row: MenuRow, groupIds: readonly number[]): string {
  const fields = Object.keys(row)
    .sort()
    .map((k) => [k, row[k as keyof MenuRow]]);
  const groups = [...groupIds].sort((a, b) => a - b);
  return createHash('sha256')
    .update(JSON.stringify([fields, groups]))
    .digest('base64url')
    .slice(0, 22);
}

/** The groups a menu is granted to, read in the write's transaction. */
export async function menuGroupsIn(trx: Db, menuId: number): Promise<number[]> {
  const rows = await trx.selectFrom('permission').select('permission_group').where('menu_id', '=', menuId).execute();
  return rows.map((r) => r.permission_group);
}
