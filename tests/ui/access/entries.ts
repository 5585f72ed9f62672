import type { PermissionEntry } from '../../../src/modules/access';

/** One entry of the permission catalogue as /permission/permission-list answers it. */
export const entry = (
  menu_id: number,
  menu_name: string,
  menu_slug: string,
  permission_status: number,
  menus: PermissionEntry[] = [],
  menu_icon = 'AccountTree',
): PermissionEntry => ({ menu_id, menu_name, menu_slug, menu_icon, permission_status, menus });
