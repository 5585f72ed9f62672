import { ApiError } from '../../http/envelope';
import type { MenuFilters } from './menu-read';

/** JSON schemas of the access routes (they also document them at /api/docs). */
const tags = ['access'];
const any = (s: string) => ({ type: 'string', maxLength: 200, description: s }) as const;

export const userMenusSchema = (summary: string) => ({ tags, summary, querystring: { type: 'object', properties: {} } });

export const permissionListSchema = {
  tags,
  summary: "A group's permission tree (group 0 or absent: nothing granted, for a new group)",
  querystring: {
    type: 'object',
    properties: { group: any('group id'), menu: any('menu id (its subtree) or all'), status: any('1 (active menus) or all') },
  },
};
export const permissionListUserSchema = {
  tags,
  summary: "A user's permission tree: each entry says whether it comes from the group or is granted or denied to the user",
  querystring: {
    type: 'object',
    required: ['user'],
    properties: {
      user: any('user id'),
      group: any('group id to compare with (default: the user’s group)'),
      menu: any('menu id or all'),
      status: any('1 or all'),
    },
  },
};
const change = {
  type: 'object',
  required: ['menu_id'],
  properties: {
    menu_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
    permission_status: { type: 'integer' },
    reset: { type: 'boolean' },
    menus: { type: 'array', maxItems: 5000, items: { type: 'object' } },
  },
} as const;
export const permissionCreateSchema = {
  tags,
  summary: "Sets a group's permissions for the listed menus (nested `menus` too); others are unchanged",
  body: {
    type: 'object',
    required: ['permission_data', 'group_id'],
    properties: {
      permission_data: { type: 'array', maxItems: 5000, items: change },
      group_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
    },
  },
};
export const permissionCreateUserSchema = {
  tags,
  summary: "Sets one user's own permissions: 1 grants, 0 denies, reset (or the group's own value) goes back to the group",
  body: {
    type: 'object',
    required: ['permission_data', 'user'],
    properties: {
      permission_data: { type: 'array', maxItems: 5000, items: change },
      user: {
        type: 'object',
        required: ['user_id'],
        properties: { user_id: { type: 'integer', minimum: 1, maximum: 2147483647 }, user_group: { type: 'integer' } },
      },
    },
  },
};

/** A query value: absent, empty or `all` means "no filter". */
export function optional(raw: string | undefined): string | undefined {
  return raw === undefined || raw === '' || raw === 'all' ? undefined : raw;
}

export function optionalInt(raw: string | undefined, field: string): number | undefined {
  const v = optional(raw);
  if (v === undefined) return undefined;
  // Digits only: Number(" 1"), Number("1.0") and Number("1e0") are all 1.
  const n = /^[0-9]{1,10}$/.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n) || n < 0 || n > 2147483647)
    throw new ApiError(422, `${field} must be a whole number or all`, { [field]: 'must be a whole number or all' });
  return n;
}

export function menuFilters(q: Record<string, string | undefined>): MenuFilters {
  return {
    api_method: optional(q.api_method),
    menu_slug: optional(q.menu_slug),
    main_menu: optionalInt(q.main_menu, 'main_menu'),
    sub_menu: optional(q.sub_menu),
    group: optionalInt(q.group, 'group'),
    visible_status: optionalInt(q.visible_status, 'visible_status'),
    status: optionalInt(q.status, 'status'),
    search: optional(q.search?.trim()),
  };
}
