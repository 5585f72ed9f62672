/** JSON schemas of the second-factor routes (they also make the OpenAPI document at /api/docs). */
import type {} from '@fastify/swagger';

export const TAGS = ['second factor'];

const ticket = { type: 'string', minLength: 1, maxLength: 100 } as const;
const code = { type: 'string', minLength: 1, maxLength: 40 } as const;
const password = { type: 'string', minLength: 1, maxLength: 200 } as const;
/** A WebAuthn answer as @simplewebauthn/browser gives it; @simplewebauthn/server checks its inside. */
const credential = {
  type: 'object',
  required: ['id', 'rawId', 'response', 'type'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 1400 },
    rawId: { type: 'string', minLength: 1, maxLength: 1400 },
    type: { type: 'string', const: 'public-key' },
    response: { type: 'object' },
    clientExtensionResults: { type: 'object' },
    authenticatorAttachment: { type: 'string' },
  },
} as const;
const remember = { anyOf: [{ type: 'boolean' }, { type: 'string' }, { type: 'number' }] } as const;

export const ticketCodeBody = { type: 'object', required: ['ticket', 'code'], properties: { ticket, code } } as const;
export const ticketBody = { type: 'object', required: ['ticket'], properties: { ticket } } as const;
export const codeBody = { type: 'object', required: ['code'], properties: { code } } as const;
export const passwordBody = { type: 'object', required: ['password'], properties: { password } } as const;
/** With the password's ticket (the second step), or `alone: true` (a passkey instead of username and password). */
export const passkeyOptionsBody = {
  type: 'object',
  required: [],
  properties: { ticket, alone: { type: 'boolean', const: true }, remember },
  anyOf: [{ required: ['ticket'] }, { required: ['alone'] }],
} as const;
export const passkeyAnswerBody = { type: 'object', required: ['ticket', 'credential'], properties: { ticket, credential } } as const;
export const passkeyAddBody = {
  type: 'object',
  required: ['ticket', 'name', 'credential'],
  properties: { ticket, name: { type: 'string', minLength: 1, maxLength: 100 }, credential },
} as const;
export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[0-9]{1,9}$' } },
} as const;

export type WebAuthnAnswer = Record<string, unknown>;
