import { fetchJson } from '../../../dataProvider/httpClient';
import { API_URL } from '../../config';
import { HttpError } from 'react-admin';
import { asConflict, ifMatch, type ChangedBy } from '../../../dataProvider/versions';

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

/** A group's or a user's permission tree with its version (the read's ETag), which a save sends back as `If-Match`. */
export interface PermissionSet {
  entries: PermissionEntry[];
  version?: string;
}

/** A permission save refused because the set changed since it was read: the set as it is now, and who changed it. */
export class PermissionConflict extends HttpError {
  constructor(
    cause: HttpError,
    readonly current: PermissionSet,
    readonly changedBy?: ChangedBy,
    readonly changedAt?: string,
  ) {
    super(cause.message, cause.status, cause.body);
    // react-admin's HttpError sets its own prototype, which would hide this class from instanceof.
    Object.setPrototypeOf(this, PermissionConflict.prototype);
    this.name = 'PermissionConflict';
  }
}

/** A 412 of a permission save as a PermissionConflict; anything else as it came. */
function asPermissionConflict(error: unknown): never {
  if (error instanceof HttpError && error.status === 412) {
    const data = (error.body as { data?: { record?: unknown; version?: string; changed_by?: ChangedBy; changed_at?: string } } | undefined)
      ?.data;
    if (Array.isArray(data?.record)) {
      throw new PermissionConflict(
        error,
        { entries: data.record as PermissionEntry[], version: data.version },
        data.changed_by,
        data.changed_at,
      );
    }
  }
  throw error;
}

/** The version an ETag names (`"v"` → `v`); undefined without one (the set is then saved without a check). */
const versionOfTag = (etag: string | null): string | undefined => {
  const m = etag ? /^(?:W\/)?"(.+)"$/.exec(etag) : null;
  return m?.[1];
};

async function readSet(path: string): Promise<PermissionSet> {
  const { json, headers } = await fetchJson(`${API_URL}${path}`);
  return { entries: (json.data ?? []) as PermissionEntry[], version: versionOfTag(headers.get('etag')) };
}

/** A save with the set's version (none: last save wins); resolves to the set's version after it. */
async function saveSet(path: string, body: unknown, version: string | undefined): Promise<string | undefined> {
  const headers: Record<string, string> = version === undefined ? {} : { 'If-Match': `"${version}"` };
  const { json } = await fetchJson(`${API_URL}${path}`, { ...send('POST', body), headers }).catch(asPermissionConflict);
  const saved = (json.data as { version?: unknown } | undefined)?.version;
  return typeof saved === 'string' ? saved : undefined;
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
  groupPermissions: (group: number) => readSet(`/permission/permission-list/?group=${group}&menu=all&status=1`),
  userPermissions: (user: number, group?: number) =>
    readSet(`/permission/permission-list-user/?user=${user}&group=${group ?? ''}&menu=all&status=1`),
  /** `version`: the set's as read; a save over someone else's change since is a PermissionConflict. */
  saveGroup: (group: number, changes: PermissionChange[], version?: string) =>
    saveSet('/permission/permission-create', { permission_data: changes, group_id: group }, version),
  saveUser: (user: number, group: number | undefined, changes: PermissionChange[], version?: string) =>
    saveSet('/permission/permission-create-user', { permission_data: changes, user: { user_id: user, user_group: group } }, version),

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
