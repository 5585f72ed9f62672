/**
 * JSON schemas of the contract's envelope, for route schemas: `response: { 200: envelopeSchema(x) }`
 * documents the answer in /api/docs and lets Fastify serialise it from the schema.
 */
type Schema = Record<string, unknown>;

/** `{status: 1, message, data}` (plus `total` on lists) around `data`. */
export function envelopeSchema(data: Schema, withTotal = false): Schema {
  return {
    type: 'object',
    properties: {
      status: { type: 'integer', enum: [0, 1] },
      message: { type: 'string' },
      data,
      ...(withTotal && { total: { type: 'integer' } }),
    },
    required: ['status', 'message', 'data'],
  };
}

/** Every refusal: `{status: 0, message, data: null}`, with `errors: {field: message}` on a 422. */
export const errorEnvelopeSchema: Schema = {
  type: 'object',
  properties: {
    status: { type: 'integer', enum: [0] },
    message: { type: 'string' },
    data: {
      nullable: true,
      description: 'null, or what the refusal carries: a stale write (412) answers {record, version, changed_by, changed_at}',
      type: 'object',
      additionalProperties: true,
    },
    errors: { type: 'object', additionalProperties: { type: 'string' }, description: 'field -> message (422)' },
  },
  required: ['status', 'message'],
  // A refusal may carry more (e.g. a feature's hint); it is never dropped.
  additionalProperties: true,
};

/** The refusals every protected route can answer, for its `response` map. */
export const errorResponses: Readonly<Record<string, Schema>> = {
  '4xx': {
    description:
      'Refused: bad input (400, 413, 422), not signed in (401), not allowed (403), not found (404), conflict (409), changed since read (412)',
    ...errorEnvelopeSchema,
  },
  '5xx': { description: 'Server fault', ...errorEnvelopeSchema },
};
