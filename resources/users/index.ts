import type { ResourceDescriptor } from '../types';
import { NOTIFICATION_SLUGS } from '../paths';

/**
 * Staff accounts (spec 000 sections 3, 5 and 6). The table is migration 001's (it also holds the
 * password hash); the routes are the users module's, which adds passwords, branch scope and the
 * self and last-Super-Admin guards to the generic service.
 */
export const users = {
  name: 'users',
  // Each record is one person's: every field says what it holds about them (issue 49).
  describes: 'people',
  api: { prefix: 'users', entity: 'user', body: 'multipart' },
  table: 'users',
  idField: 'user_id',
  statusField: 'user_status',
  titleField: 'user_name',
  // The notification form sends a notice to one user.
  lookupBy: [NOTIFICATION_SLUGS.create, NOTIFICATION_SLUGS.update],
  migrationTable: true,
  importable: false,
  secretColumns: ['password_hash'],
  bodyOnly: ['password', 'c_password'],
  listNeedsFilter: 'user_branch',
  branchScope: 'user_branch',
  menu: { group: 'users', icon: 'People', aliases: ['/users/user-list'], position: 1 },
  dialog: 'md',
  fields: [
    { name: 'user_picture', kind: 'image', personal: 'personal', list: true, thumbnail: [40, 40], formThumbnail: [120, 120] },
    { name: 'user_name', kind: 'text', personal: 'personal', required: true, list: true, search: true, maxLength: 150 },
    { name: 'username', kind: 'text', personal: 'personal', required: true, unique: true, list: true, search: true, maxLength: 100 },
    {
      name: 'user_branch',
      kind: 'reference',
      personal: 'personal',
      reference: 'branch',
      embedAs: 'user_branch',
      none: 0,
      // Spec 000: "0 means default or all"; only a branch-0 user may give it (the server says so).
      noneChoice: 'users.all_branches',
      required: true,
      list: true,
    },
    {
      name: 'user_group',
      kind: 'reference',
      personal: 'personal',
      reference: 'group',
      embedAs: 'user_group',
      none: 0,
      required: true,
      list: true,
      filter: true,
    },
    {
      name: 'user_designation',
      kind: 'reference',
      personal: 'personal',
      reference: 'designation',
      embedAs: 'user_designation',
      none: 0,
      required: true,
      list: true,
    },
    {
      name: 'user_department',
      kind: 'reference',
      personal: 'personal',
      reference: 'department',
      embedAs: 'user_department',
      none: 0,
      required: true,
      list: true,
    },
    { name: 'user_phone', kind: 'phone', personal: 'personal', list: true, search: true, maxLength: 30 },
    { name: 'user_email', kind: 'email', personal: 'personal', search: true, maxLength: 150 },
    { name: 'user_address', kind: 'longText', personal: 'sensitive', wide: true },
    { name: 'user_status', kind: 'status', personal: 'personal', default: 1, list: true },
  ],
  // The user's own grants (1) and denials (0) beside what their group gives: the user permission screen's save.
  links: [
    { name: 'user_permissions', table: 'user_permission', owner: 'user_id', value: 'menu_id', target: 'menu', flag: 'permission_status' },
  ],
  formOrder: ['user_name', 'username', 'user_designation', 'user_department', 'user_phone', 'user_email', 'user_branch', 'user_group'],
} as const satisfies ResourceDescriptor;

/**
 * What the access code needs to know about users, declared instead of guessed: the users
 * descriptor and its four references, each embedded as `{id, code, name}` of a resource that
 * declares its `codeField`. Checked with every registry (`checkUserAccess`).
 */
export const userAccess = {
  resource: 'users',
  references: { group: 'user_group', branch: 'user_branch', designation: 'user_designation', department: 'user_department' },
} as const;

export default users;
