import type { ResourceDescriptor } from '../../../resources';
import { bulkActionsOf, MAX_BULK_IDS } from '../../../resources/bulk';

/**
 * The bulk body as the route's schema (and the OpenAPI document) states it. Ids are checked one by
 * one by the handler with the same strict rule as path ids, so `"1.0"` or `" 1"` is refused, not coerced.
 */
export const bulkBody = (d: ResourceDescriptor) =>
  ({
    type: 'object',
    required: ['action', 'ids'],
    properties: {
      action: { type: 'string', enum: [...bulkActionsOf(d)] },
      ids: { type: 'array', minItems: 1, maxItems: MAX_BULK_IDS, items: {}, description: 'record ids (whole numbers from 1)' },
      versions: {
        type: 'object',
        additionalProperties: { type: 'string', maxLength: 200 },
        description:
          'optional: the version each row was read at (id → version); a row changed since is refused with 412, the others go ahead',
      },
    },
  }) as const;

const rowResult = {
  type: 'object',
  required: ['id', 'ok'],
  properties: {
    id: { type: 'integer' },
    ok: { type: 'boolean' },
    status: { type: 'integer', description: 'the HTTP status the row’s own request would have answered' },
    message: { type: 'string', description: 'why the row was refused' },
    data: {
      type: 'object',
      additionalProperties: true,
      description: 'a stale row (412): the record as it is now, its version, who changed it and when',
    },
  },
} as const;

export const bulkAnswer = {
  200: {
    type: 'object',
    properties: {
      status: { type: 'integer' },
      message: { type: 'string' },
      data: {
        type: 'object',
        properties: {
          done: { type: 'integer' },
          refused: { type: 'integer' },
          results: { type: 'array', items: rowResult },
        },
      },
    },
  },
} as const;
