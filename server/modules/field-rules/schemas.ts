import { envelopeSchema } from '../../http/schemas';

const names = { type: 'array', items: { type: 'string' } } as const;

/** `GET /access/field-rules`: per resource with a rule, the fields hidden from and read-only for the user. */
export const fieldRulesAnswer = envelopeSchema({
  type: 'object',
  description: 'resource name -> its fields hidden from the user and read-only for them; only resources with a rule',
  additionalProperties: {
    type: 'object',
    required: ['hidden', 'readOnly'],
    properties: { hidden: names, readOnly: names },
  },
});
