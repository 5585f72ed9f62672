import type { FastifySchemaValidationError } from 'fastify';
import { ApiError } from './envelope';

/**
 * A refusal built from Fastify's schema validation error, for routes that validate with
 * `attachValidation: true` and answer in the contract's envelope: a 422 names the offending
 * fields (`errors: {field: "field <what is wrong>"}`), a 400 says what is wrong in the message.
 */
export function schemaRefusal(error: (Error & { validation?: FastifySchemaValidationError[] }) | undefined, status: 400 | 422): ApiError {
  const errors: Record<string, string> = {};
  for (const e of error?.validation ?? []) {
    const field = e.instancePath.split('/')[1] ?? (typeof e.params.missingProperty === 'string' ? e.params.missingProperty : undefined);
    if (field && !errors[field]) errors[field] = `${field} ${e.message ?? 'is invalid'}`;
  }
  const message = Object.values(errors).join('; ') || `Invalid request: ${error?.message ?? 'bad input'}`;
  return status === 422 && Object.keys(errors).length
    ? new ApiError(422, message, errors)
    : new ApiError(status === 422 ? 400 : status, message);
}
