/** JSON schemas of the accounts routes (they also make the OpenAPI document at /api/docs). */
// Brings the OpenAPI keys (tags, summary) into Fastify's route schema type.
import type {} from '@fastify/swagger';
export const TAGS = ['accounts'];

const text = (max: number) => ({ type: 'string', maxLength: max }) as const;

export const loginBody = {
  type: 'object',
  required: ['username', 'password'],
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 100 },
    password: { type: 'string', minLength: 1, maxLength: 200 },
    remember: { anyOf: [{ type: 'boolean' }, { type: 'string' }, { type: 'number' }] },
  },
} as const;

export const historyQuery = {
  type: 'object',
  properties: {
    user: { type: 'string', pattern: '^[0-9]*$' },
    from_date: text(40),
    to_date: text(40),
    status: { type: 'string', enum: ['all', '0', '1', ''] },
    limit: { type: 'string', pattern: '^[0-9]*$' },
  },
} as const;

export const sessionParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[0-9a-f]{24}$' } },
} as const;

export const changePasswordBody = {
  type: 'object',
  required: ['verify_email', 'current_password', 'new_password', 'c_password'],
  properties: {
    verify_email: { type: 'string', minLength: 1, maxLength: 254 },
    current_password: { type: 'string', minLength: 1, maxLength: 200 },
    new_password: { type: 'string', minLength: 1, maxLength: 200 },
    c_password: { type: 'string', minLength: 1, maxLength: 200 },
  },
} as const;

export const forgotBody = {
  type: 'object',
  required: ['email'],
  properties: { email: { type: 'string', minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+$' } },
} as const;

export const otpBody = {
  type: 'object',
  required: ['email', 'otp'],
  properties: {
    email: { type: 'string', minLength: 3, maxLength: 254 },
    otp: { type: 'string', minLength: 1, maxLength: 20 },
  },
} as const;

export const newPasswordBody = {
  type: 'object',
  required: ['token', 'new_password', 'c_password'],
  properties: {
    token: { type: 'string', minLength: 1, maxLength: 200 },
    new_password: { type: 'string', minLength: 1, maxLength: 200 },
    c_password: { type: 'string', minLength: 1, maxLength: 200 },
  },
} as const;

/** The envelope every route answers (data left open: its shape is the route's). */
export const envelope = {
  type: 'object',
  properties: {
    status: { type: 'integer', enum: [0, 1] },
    message: { type: 'string' },
    data: {},
    total: { type: 'integer' },
  },
} as const;
