import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../http/envelope';

/**
 * Turns a schema failure (routes use `attachValidation`) into the contract's 422 with one
 * message per field, so the console can highlight the fields.
 */
export function refuseInvalid(request: FastifyRequest, message: string): void {
  const failure = request.validationError;
  if (!failure) return;
  const errors: Record<string, string> = {};
  for (const e of failure.validation ?? []) {
    const missing = (e.params as { missingProperty?: unknown }).missingProperty;
    const field = typeof missing === 'string' ? missing : e.instancePath.replace(/^\//, '') || 'body';
    errors[field] ??= typeof missing === 'string' ? 'required' : (e.message ?? 'invalid');
  }
  throw new ApiError(422, message, errors);
}

/** A non-empty string after trimming, or undefined. */
export const filled = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);
