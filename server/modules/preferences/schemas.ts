/**
 * Bodies and queries of the list preferences routes. Limits keep one user's preferences small:
 * a filter is the list's filter values (at most 4 KB of JSON), column choices name columns.
 */
export const MAX_FILTER_JSON = 4096;
export const MAX_NAME = 100;
const MAX_COLUMNS = 100;

export const resourceQuery = {
  type: 'object',
  properties: { resource: { type: 'string', maxLength: 100, description: 'a resource name (`medicine`); absent: every resource' } },
} as const;

export const savedFilterBody = {
  type: 'object',
  required: ['resource', 'name', 'filter'],
  properties: {
    resource: { type: 'string', minLength: 1, maxLength: 100 },
    name: { type: 'string', minLength: 1, maxLength: MAX_NAME },
    filter: { type: 'object', description: 'the list’s filter values, as the list sends them' },
    shared: { type: 'boolean', description: 'shared with the author’s group (default: only the author sees it)' },
  },
} as const;

export const listColumnsBody = {
  type: 'object',
  required: ['resource', 'hidden'],
  properties: {
    resource: { type: 'string', minLength: 1, maxLength: 100 },
    hidden: { type: 'array', maxItems: MAX_COLUMNS, items: { type: 'string', maxLength: 100 }, description: 'the hidden columns' },
    ranks: {
      type: ['array', 'null'],
      maxItems: MAX_COLUMNS,
      items: { type: 'integer', minimum: 0, maximum: MAX_COLUMNS },
      description: 'the columns’ order (positions), null for the screen’s own',
    },
  },
} as const;

export const idParams = {
  type: 'object',
  properties: { id: { type: 'string', maxLength: 20 } },
  required: ['id'],
} as const;
