import {
  MAX_INT,
  MAX_LIST_LIMIT,
  personalOf,
  type Action,
  type Derivation,
  type Field,
  type Registry,
  type ResourceDescriptor,
} from '../../resources';
import { envelopeSchema, errorResponses } from '../http/schemas';

/**
 * JSON schemas of the generated routes, from the descriptors alone: the query string of lists,
 * the JSON and multipart bodies of writes, and the answers (which Fastify then serialises from
 * the schema). They are what /api/docs shows. Every constraint a field declares (min, max,
 * maxLength, pattern, choices) appears here and is enforced by resources/rules.ts from the same
 * declaration; the rules also phrase the 422 messages.
 */
type Schema = Record<string, unknown>;

const nullable = (s: Schema): Schema => ({ ...s, nullable: true });

/** A stored value as the API answers it. */
function readSchema(f: Field): Schema {
  switch (f.kind) {
    case 'integer':
    case 'status':
    case 'reference':
      return nullable({ type: 'integer' });
    case 'money':
      return nullable({ type: 'number' });
    case 'rows':
    case 'imageList':
      return { type: 'string', description: 'JSON text of a list' };
    case 'image':
      return { type: 'string', description: 'stored picture path under /uploads, or empty' };
    default:
      return nullable({ type: 'string' });
  }
}

/** One record as read: the id, every field, embedded references and the timestamps. */
export function recordSchema(registry: Registry, d: ResourceDescriptor): Schema {
  const properties: Record<string, Schema> = { [d.idField]: { type: 'integer' } };
  for (const f of d.fields) {
    // What the field holds about a person (issue 49), for whoever reads the document: an extension, no constraint.
    properties[f.name] = { ...readSchema(f), 'x-personal': personalOf(f) };
    if (f.kind === 'reference') {
      const target = registry.get(f.reference);
      properties[f.embedAs] = {
        type: 'object',
        description: `the referenced ${target.name} (id 0 when none)`,
        properties: {
          [target.idField]: { type: 'integer' },
          ...(target.codeField && { [target.codeField]: nullable({ type: 'string' }) }),
          [target.titleField]: nullable({ type: 'string' }),
        },
      };
    }
  }
  properties.created_at = { type: 'string' };
  properties.updated_at = { type: 'string' };
  // Extra columns (added by a newer descriptor or a feature module) are still answered.
  return { type: 'object', properties, additionalProperties: true };
}

/**
 * A value as a client may send it in JSON. Forms send numbers as text and blanks as '' or null,
 * so each accepts those types as they come (several types: no coercion by the validator); the
 * declared constraints are stated on the typed values and checked again, on the trimmed and parsed
 * value, by resources/rules.ts.
 */
function writeSchema(f: Field): Schema {
  switch (f.kind) {
    case 'text':
    case 'email':
    case 'phone':
    case 'url': {
      // Length and pattern apply to the trimmed text, which JSON Schema cannot say: they are
      // stated for the reader and checked by the descriptor rules alone (server/crud/normalise.ts).
      const rules = [
        f.maxLength !== undefined ? `at most ${f.maxLength} characters once trimmed` : '',
        f.kind === 'text' && f.pattern ? `must match /${f.pattern.regex}/ (${f.pattern.message})` : '',
      ].filter(Boolean);
      return { type: ['string', 'number', 'null'], ...(rules.length && { description: rules.join('; ') }) };
    }
    case 'longText':
    case 'richText':
      return { type: ['string', 'number', 'null'] };
    case 'integer':
    case 'money':
      return {
        type: [f.kind === 'integer' ? 'integer' : 'number', 'string', 'null'],
        minimum: f.min ?? -MAX_INT,
        maximum: f.max ?? MAX_INT,
        description: 'a number (or the number as text); empty for none',
      };
    case 'status':
      return {
        type: ['integer', 'boolean', 'string', 'null'],
        enum: [0, 1, true, false, '0', '1', 'true', 'false', '', null],
        description: '1 active, 0 inactive',
      };
    case 'reference':
      return {
        type: ['integer', 'string', 'null'],
        minimum: 0,
        maximum: MAX_INT,
        description: 'id of the referenced record; empty or 0 for none',
      };
    case 'choice':
      return { type: ['string', 'null'], enum: [...f.choices, '', null] };
    case 'date':
      return { type: ['string', 'null'], description: 'YYYY-MM-DD' };
    case 'datetime':
      return { type: ['string', 'null'], description: 'YYYY-MM-DD HH:mm:ss' };
    case 'rows':
      return {
        type: ['string', 'array', 'null'],
        items: { type: 'object', properties: rowProperties(f) },
        description: 'the rows, or their JSON text',
      };
    case 'image':
      return { type: ['string', 'null'], description: 'the stored path to keep it, or empty to remove it; upload pictures as multipart' };
    case 'imageList':
      return { type: ['string', 'array', 'null'], items: { type: 'string' }, description: 'stored paths kept (or their JSON text)' };
  }
}

function rowProperties(f: Field): Record<string, Schema> {
  return f.kind === 'rows' ? Object.fromEntries(f.of.map((s) => [s.name, { type: ['string', 'number', 'null'] }])) : {};
}

/**
 * A derived field (profit from two prices) in a write body: the console sends the record it read,
 * derived values included, so a client typed from the document may send it; the server ignores it.
 */
const derivedSchema = (derived: Derivation): Schema => ({
  description: `worked out by the server (${derived.minus.join(' minus ')}); a value sent is ignored`,
});

/** The write body as JSON. Unknown properties are ignored by the service, so they are allowed. */
export function jsonBodySchema(d: ResourceDescriptor): Schema {
  const properties: Record<string, Schema> = {};
  for (const f of d.fields)
    properties[f.name] = (f.kind === 'integer' || f.kind === 'money') && f.derived ? derivedSchema(f.derived) : writeSchema(f);
  for (const f of d.fields)
    if (f.kind === 'imageList') properties[`${f.name}_json`] = { type: 'string', description: 'JSON list of the stored paths kept' };
  addAliases(d, properties);
  return { type: 'object', properties };
}

/**
 * A field's other names (the spec's short `title` beside `notification_title`), documented as
 * such: the body is read once into the field's own name and checked by the rules there, so the
 * alias itself is not constrained twice (the rules' message names it).
 */
function addAliases(d: ResourceDescriptor, properties: Record<string, Schema>) {
  // Values taken without a column of their own (a user's password and its confirmation).
  for (const name of d.bodyOnly ?? [])
    properties[name] = { type: 'string', description: "taken by the resource's policy, never stored as sent" };
  // Join-table rows written with the record (resources/types.ts Link): checked by the write itself.
  for (const link of d.links ?? [])
    properties[link.name] = {
      description: link.flag
        ? `the ${link.target} ids with 1 or 0 ({"id": 1}), or {"put": {"id": 1, 0 or null}} to change some`
        : `the ${link.target} ids (the whole set), or {"put": {"id": 1 or 0}} to change some`,
    };
  for (const f of d.fields)
    for (const alias of f.aliases ?? []) properties[alias] = { description: `the same as ${f.name} (the spec's short name)` };
}

/**
 * The multipart body, for documentation: multipart is parsed by the handler, after validation,
 * so this schema also accepts no body (null) and constrains no part (the rules check every part).
 */
export function multipartBodySchema(d: ResourceDescriptor): Schema {
  const properties: Record<string, Schema> = {};
  for (const f of d.fields) {
    if ((f.kind === 'integer' || f.kind === 'money') && f.derived) properties[f.name] = derivedSchema(f.derived);
    else if (f.kind === 'image') properties[f.name] = { type: 'string', format: 'binary' };
    else if (f.kind === 'imageList') {
      properties[f.name] = { type: 'array', items: { type: 'string', format: 'binary' } };
      properties[`${f.name}_json`] = { type: 'string', description: 'JSON list of the stored paths kept' };
    } else properties[f.name] = { type: 'string' };
  }
  addAliases(d, properties);
  return { type: ['object', 'null'], properties };
}

/** The list query string: paging, sorting, status, search and each declared filter. */
export function listQuerySchema(d: ResourceDescriptor): Schema {
  const sortable = [d.idField, ...d.fields.filter((f) => f.kind !== 'rows' && f.kind !== 'imageList').map((f) => f.name)];
  // Only what the parser refuses anyway is constrained here (a refused query is a 400 from the parser).
  const properties: Record<string, Schema> = {
    status: { type: 'string', pattern: '^\\s*(all|1|0)?\\s*$', description: 'all (default), 1 active, 0 inactive' },
    search: { type: 'string', description: 'substring of the searchable fields (first 200 characters)' },
    q: { type: 'string', description: 'same as search' },
    page: { type: 'string', description: 'page number from 1' },
    limit: { type: 'string', description: `rows per page, 1 to ${MAX_LIST_LIMIT} (default ${MAX_LIST_LIMIT})` },
    sort: { type: 'string', enum: [...sortable, ''] },
    order: { type: 'string', pattern: '^\\s*([aA][sS][cC]|[dD][eE][sS][cC])?\\s*$', description: 'asc or desc (default), any case' },
    ids: { type: 'string', description: 'comma-separated ids' },
  };
  for (const f of d.fields) {
    if (!(f.filter || f.kind === 'reference')) continue;
    properties[f.name] = {
      type: 'string',
      description:
        f.kind === 'choice'
          ? `one of: ${f.choices.join(', ')}; or all`
          : f.kind === 'reference'
            ? 'id of the referenced record, or all'
            : 'exact value, or all',
    };
  }
  return { type: 'object', properties };
}

export const idParamsSchema = {
  type: 'object',
  properties: { id: { type: 'string', maxLength: 20, description: 'record id' } },
  required: ['id'],
} as const;

const SUMMARY: Record<Action, (d: ResourceDescriptor) => string> = {
  list: (d) => `List ${d.name} records`,
  get: (d) => `Read one ${d.name} record`,
  create: (d) => `Create a ${d.name} record`,
  update: (d) => `Update a ${d.name} record`,
  delete: (d) => `Delete a ${d.name} record`,
};

/** The whole Fastify schema of one generated route. */
/** A write of a resource under a workflow (issue 48): the change request stored instead of the change. */
const sentForReview: Schema = envelopeSchema({
  type: 'object',
  additionalProperties: true,
  description: 'the change request stored instead of the change (docs/approvals.md)',
});

export function routeSchema(registry: Registry, d: ResourceDescriptor, action: Action, takesId: boolean): Schema {
  const record = recordSchema(registry, d);
  const schema: Schema = {
    tags: [d.menu.group],
    summary: SUMMARY[action](d),
    security: [{ accessToken: [] }],
    ...(takesId && { params: idParamsSchema }),
  };
  switch (action) {
    case 'list':
      schema.querystring = listQuerySchema(d);
      schema.response = { 200: envelopeSchema({ type: 'array', items: record }, true), ...errorResponses };
      break;
    case 'get':
      schema.response = { 200: envelopeSchema(record), ...errorResponses };
      break;
    case 'delete':
      schema.response = { 200: envelopeSchema(record), 202: sentForReview, ...errorResponses };
      break;
    case 'create':
    case 'update':
      schema.body = {
        content: {
          'application/json': { schema: jsonBodySchema(d) },
          'multipart/form-data': { schema: multipartBodySchema(d) },
        },
      };
      schema.response = { [action === 'create' ? 201 : 200]: envelopeSchema(record), 202: sentForReview, ...errorResponses };
      break;
  }
  return schema;
}
