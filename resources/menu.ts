import type { ResourceDescriptor } from './types';

/**
 * Menus (spec 000 section 7): the navigation and the permission catalogue at once, a menu's slug
 * being what a group is granted. Written through the generic write path like every entity: the
 * table is migration 001's, the groups a menu is granted to are its `permission_group` link (the
 * `permission` table, written in the menu's transaction), and the access module's policy adds
 * what the fields alone cannot say (a parent that exists and makes no cycle, the protected
 * slugs, no escalation).
 *
 * Not one of the console's generated screens: the console has its own menu setup, so this
 * declaration is not in `descriptors`; the server serves it beside them (resources/besides.ts).
 */
export const menu = {
  name: 'menu',
  api: { prefix: 'menu', entity: 'menu', body: 'json' },
  table: 'menu',
  idField: 'menu_id',
  statusField: 'menu_status',
  titleField: 'menu_name',
  migrationTable: true,
  importable: false,
  menu: { group: 'settings', icon: 'AccountTree' },
  fields: [
    { name: 'menu_name', kind: 'text', personal: 'none', required: true, maxLength: 150, list: true },
    // Optional names per language beside the spec's menu_name; '' removes one.
    { name: 'menu_name_bn', kind: 'text', personal: 'none', default: '', maxLength: 150 },
    { name: 'menu_name_es', kind: 'text', personal: 'none', default: '', maxLength: 150 },
    { name: 'menu_name_my', kind: 'text', personal: 'none', default: '', maxLength: 150 },
    {
      name: 'menu_slug',
      kind: 'text',
      personal: 'none',
      required: true,
      unique: true,
      maxLength: 150,
      list: true,
      pattern: { regex: '^[A-Za-z0-9][A-Za-z0-9/_-]*$', message: 'must be letters, digits, /, _ or -, starting with a letter or digit' },
    },
    { name: 'menu_position', kind: 'integer', personal: 'none', default: 1, min: 0, max: 100000 },
    // The parent menu's id, 0 at the top level (the policy checks it exists and makes no cycle).
    { name: 'main_menu', kind: 'integer', personal: 'none', default: 0, min: 0, max: 2147483647 },
    { name: 'sub_menu', kind: 'choice', personal: 'none', choices: ['Yes', 'No'], default: 'No' },
    { name: 'menu_api_method', kind: 'choice', personal: 'none', choices: ['get', 'post', 'put', 'patch', 'delete'], default: 'get' },
    // '' is the default icon (the policy's prepare step).
    { name: 'menu_icon', kind: 'text', personal: 'none', maxLength: 100 },
    { name: 'menu_shortcut_status', kind: 'status', personal: 'none', default: 0 },
    { name: 'menu_visible_status', kind: 'status', personal: 'none', default: 1 },
    { name: 'menu_status', kind: 'status', personal: 'none', default: 1, list: true },
  ],
  links: [{ name: 'permission_group', table: 'permission', owner: 'menu_id', value: 'permission_group', target: 'group' }],
} as const satisfies ResourceDescriptor;
