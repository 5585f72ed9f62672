/** JSON schemas of the notification routes (validation and the OpenAPI document). */
import { idParamSchema } from '../../http/ids';

const tags = ['notifications'] as string[];

const idParams = idParamSchema;

const paging = {
  // Bounded like the generic list's page (server/crud/list-query.ts): a huge page overflows OFFSET.
  page: { type: 'integer', minimum: 1, maximum: 2147483647, default: 1, description: 'Page number, from 1' },
  limit: { type: 'integer', minimum: 1, maximum: 1000, default: 50, description: 'Rows per page (the console offers 50, 70, 100)' },
} as const;

export const schemas = {
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
