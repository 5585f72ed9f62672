import { fetchJson } from '../../../dataProvider/httpClient';
import { API_URL } from '../../config';
import { asConflict, ifMatch } from '../../../dataProvider/versions';

/** The access API as the console calls it (spec 000 section 7); every answer is the envelope. */

/** A permission tree entry; for one user it also says where its state comes from. */
export interface PermissionEntry {
  menu_id: number;
  menu_name: string;
  menu_icon: string;
  menu_slug: string;
  /** Named in the user's language as the navigation names it (menuLabel.ts). */
  menu_name_bn?: string | null;
  menu_name_es?: string | null;
  menu_name_my?: string | null;
  menu_name_shipped?: number;
  permission_status: number;
  group_permission_status?: number;
  permission_source?: 'group' | 'granted' | 'denied';
  menus: PermissionEntry[];
}

export interface PermissionChange {
  menu_id: number;
  permission_status?: number;
  reset?: boolean;
}

export interface MenuRecord {
  menu_id: number;
  menu_name: string;
  /** The name in Bengali, Spanish and Burmese ('' = none: the console shows menu_name). */
  menu_name_bn?: string;
  menu_name_es?: string;
  menu_name_my?: string;
  menu_slug: string;
  menu_position: number;
  main_menu: number;
  sub_menu: string;
  menu_api_method: string;
  menu_icon: string;
  menu_shortcut_status: number;
  menu_visible_status: number;
  menu_status: number;
  permission_group: number[];
  permissions: { permission_group: number; group: { group_id: number; group_code: string; group_name: string } }[];
  menus: MenuRecord[];
  /** What a save sends back (`If-Match`) so it never overwrites a change made since this was read. */
  version?: string;
}

export type MenuInput = Omit<MenuRecord, 'menu_id' | 'permissions' | 'menus' | 'version'>;

export interface GroupOption {
  group_id: number;
  group_code: string;
  group_name: string;
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const { json } = await fetchJson(`${API_URL}${path}`, init);
  return json.data as T;
}
const send = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });
const asMenu = (raw: Record<string, unknown>) => ({ ...raw, id: raw.menu_id as number });

export const accessApi = {
  groupPermissions: (group: number) => call<PermissionEntry[]>(`/permission/permission-list/?group=${group}&menu=all&status=1`),
  userPermissions: (user: number, group?: number) =>
    call<PermissionEntry[]>(`/permission/permission-list-user/?user=${user}&group=${group ?? ''}&menu=all&status=1`),
  saveGroup: (group: number, changes: PermissionChange[]) =>
    call('/permission/permission-create', send('POST', { permission_data: changes, group_id: group })),
  saveUser: (user: number, group: number | undefined, changes: PermissionChange[]) =>
    call('/permission/permission-create-user', send('POST', { permission_data: changes, user: { user_id: user, user_group: group } })),

  menus: (search = '') =>
    call<MenuRecord[]>(
      `/menu/menu-list?api_method=all&menu_slug=all&main_menu=0&sub_menu=all&group=all&visible_status=all&status=all&search=${encodeURIComponent(search)}`,
    ),
  allMenus: () => call<MenuRecord[]>('/menu/menu-list?main_menu=all&status=all'),
  createMenu: (m: Partial<MenuInput>) => call<MenuRecord>('/menu/menu-create', send('POST', m)),
  /** `read`: the menu as it was read; its version makes a save over someone else's change a VersionConflict. */
  updateMenu: (id: number, m: Partial<MenuInput>, read?: MenuRecord) =>
    call<MenuRecord>(`/menu/menu-update/${id}`, { ...send('PUT', m), headers: ifMatch(read) }).catch((e: unknown) => asConflict(e, asMenu)),
  getMenu: (id: number) => call<MenuRecord>(`/menu/get-menu/${id}`),
  deleteMenu: (id: number, read?: MenuRecord) =>
    call(`/menu/menu-delete/${id}`, { method: 'DELETE', headers: ifMatch(read) }).catch((e: unknown) => asConflict(e, asMenu)),
  groups: () => call<GroupOption[]>('/group/group-list/?status=all&search='),
};
