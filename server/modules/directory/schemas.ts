/** JSON schemas of the directory routes (they also make the OpenAPI document at /api/docs). */
import type {} from '@fastify/swagger';

export const TAGS = ['directory'];
export const SCIM_TAGS = ['scim'];

const remember = { anyOf: [{ type: 'boolean' }, { type: 'string', maxLength: 10 }, { type: 'number' }] } as const;

export const startBody = { type: 'object', required: [], properties: { remember } } as const;
/** The query string the provider sent the browser back with (`?code=...&state=...&iss=...`). */
export const callbackBody = {
  type: 'object',
  required: ['callback'],
  properties: { callback: { type: 'string', minLength: 1, maxLength: 8000 } },
} as const;
export const ldapBody = {
  type: 'object',
  required: ['username', 'password'],
  properties: { username: { type: 'string', maxLength: 200 }, password: { type: 'string', maxLength: 500 }, remember },
} as const;
export const tokenNameBody = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;
export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[0-9]{1,9}$' } },
} as const;

export const isRemember = (v: unknown) => [true, 'true', '1', 1].includes(v as never);
