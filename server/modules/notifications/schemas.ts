/** JSON schemas of the notification routes (validation and the OpenAPI document). */
import { idParamSchema } from '../../http/ids';

const tags = ['notifications'] as string[];

const idParams = idParamSchema;

const paging = {
  // Bounded like the generic list's page (server/crud/list-query.ts): a huge page overflows OFFSET.
  page: { type: 'integer', minimum: 1, maximum: 2147483647, default: 1, description: 'Page number, from 1' },
  limit: { type: 'integer', minimum: 1, maximum: 1000, default: 50, description: 'Rows per page (the console offers 50, 70, 100)' },
} as const;

/** Short names as the spec's call table sends them; the full `notification_*` names are accepted too. */
const body = {
  type: 'object',
  properties: {
    notification_date: { type: 'string', description: 'yyyy-MM-dd HH:mm:ss (or datetime-local) in the server time zone' },
    title: { type: 'string' },
    description: { type: 'string', description: 'Rich text HTML, sanitised before it is stored' },
    type: { type: 'string', enum: ['All', 'Group', 'User'] },
    user: { anyOf: [{ type: 'integer' }, { type: 'string' }, { type: 'null' }], description: 'User id, required for type User' },
    group: { anyOf: [{ type: 'integer' }, { type: 'string' }, { type: 'null' }], description: 'Group id, required for type Group' },
    status: { anyOf: [{ type: 'integer' }, { type: 'string' }, { type: 'boolean' }], description: '1 active (default), 0 inactive' },
  },
} as const;

export const schemas = {
  list: {
    tags,
    summary: 'Notices administered by the signed-in user (branch scope), newest first; the page is in data.data',
    querystring: {
      type: 'object',
      properties: {
        ...paging,
        type: { type: 'string', enum: ['all', 'All', 'Group', 'User'] },
        status: { type: 'string', enum: ['all', '1', '0'] },
        search: { type: 'string', maxLength: 200 },
      },
    },
  },
  get: { tags, summary: 'One notice', params: idParams },
  create: { tags, summary: 'Send a notice (now, or when its date comes)', body },
  update: { tags, summary: 'Change a notice', params: idParams, body },
  remove: { tags, summary: 'Delete a notice', params: idParams },
  inbox: {
    tags,
    summary: "The signed-in user's notices, newest first, with their read state and the unread count",
    querystring: {
      type: 'object',
      properties: { ...paging, read: { type: 'string', enum: ['all', '0', '1'] } },
    },
  },
  read: { tags, summary: 'Mark one of my notices read', params: idParams },
  readAll: {
    tags,
    summary: 'Mark all my notices read',
    response: {
      200: {
        type: 'object',
        properties: {
          status: { type: 'integer' },
          message: { type: 'string' },
          data: { type: 'object', properties: { count: { type: 'integer', description: 'How many were unread' } } },
        },
      },
    },
  },
} as const;
