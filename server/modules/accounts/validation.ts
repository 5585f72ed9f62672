import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../http/envelope';
import type { AuthUser } from '../../context';

interface SchemaFailure {
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/**
 * Turns a schema failure (routes use `attachValidation`) into the contract's 422 with one
 * message per field, so the console can highlight them. Ajv stops at the first failure, so the
 * required fields of the body schema are checked here all at once.
 */
export function refuseInvalid(request: FastifyRequest, message: string, body?: { required: readonly string[] }): void {
  const failure = request.validationError as (Error & { validation?: SchemaFailure[] }) | undefined;
  if (!failure) return;
  const errors: Record<string, string> = {};
  const given = (request.body ?? {}) as Record<string, unknown>;
  for (const field of body?.required ?? []) {
    const value = given[field];
    if (typeof value !== 'string' || !value.trim()) errors[field] = 'required';
  }
  for (const e of failure.validation ?? []) {
    const missing = e.params.missingProperty;
    const field = typeof missing === 'string' ? missing : e.instancePath.replace(/^\//, '') || 'body';
    errors[field] ??= typeof missing === 'string' ? 'required' : (e.message ?? 'invalid');
  }
  throw new ApiError(422, message, errors);
}

/** The signed-in user of a route behind `requireUser` (which sets it or answers 401 first). */
export function signedIn(request: FastifyRequest): AuthUser {
  if (!request.user) throw new ApiError(401, 'Please sign in: the session is missing or has expired');
  return request.user;
}
