import type { FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { ApiError } from './envelope';

/**
 * The one translator of schema failures into the contract's refusal (issue 46, point 3). Every
 * route validates with `attachValidation: true` and asks `refuseInvalid` first (the generated
 * write routes ask `failedSchema`, let the write's own rules name the fields, then ask
 * `refuseInvalid`); the error handler answers a failure of a route that does not attach it with
 * the same translator (`schemaRefusalOf`). Nothing else in server/ reads Fastify's validation
 * errors (tests/unit/lint/one-refusal.test.ts).
 *
 * The answer, whatever the route:
 * - `errors`: one message per top-level field of the request part that failed, keyed by that
 *   field, worded as the descriptor rules word theirs (the field first): `code is required`,
 *   `permission_data/0/menu_id must be >= 1` (a nested value is named by its path);
 * - `message`: the route's own (`Enter the code`), else the field messages joined by '; ';
 * - status: 422 with `errors`, or 400 where the route says a schema failure is a malformed request
 *   (a path, a query a parser owns) and where no field can be named (a body that is no object).
 */

/** A schema failure as Fastify hands it over: on the request (`attachValidation`), or thrown. */
export type SchemaFailure = Error & { validation?: FastifySchemaValidationError[]; validationContext?: string };

export interface RefusalOptions {
  /** 422 (the default): the fields are named in `errors`; 400: a malformed request, no `errors`. */
  status?: 400 | 422;
  /** The route's own message; default: the field messages, joined. */
  message?: string;
  /** Body fields that must be present and not blank, all named at once (Ajv stops at the first failure). */
  required?: readonly string[];
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && !v.trim());

/** The refusal for an error when it is a schema failure (the error handler's question), else undefined. */
export function schemaRefusalOf(err: unknown, options?: RefusalOptions): ApiError | undefined {
  const failure = err as SchemaFailure;
  return err instanceof Error && Array.isArray(failure.validation) ? schemaRefusal(failure, options) : undefined;
}

/** The refusal for a schema failure; `body`: the request's body, for `required`. */
export function schemaRefusal(failure: SchemaFailure | undefined, options: RefusalOptions = {}, body?: unknown): ApiError {
  const errors: Record<string, string> = {};
  const given = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  for (const field of options.required ?? []) if (blank(given[field])) errors[field] = `${field} is required`;
  for (const e of failure?.validation ?? []) {
    const missing = typeof e.params.missingProperty === 'string' ? e.params.missingProperty : undefined;
    const path = [...e.instancePath.split('/').filter(Boolean), ...(missing === undefined ? [] : [missing])];
    const field = path[0];
    // A failure of the whole part (a body that is no object) names no field.
    if (field === undefined) continue;
    errors[field] ??= `${path.join('/')} ${missing === undefined ? (e.message ?? 'is invalid') : 'is required'}`;
  }
  const named = Object.keys(errors).length > 0;
  const message = options.message ?? (named ? Object.values(errors).join('; ') : `Invalid request: ${failure?.message ?? 'bad input'}`);
  return (options.status ?? 422) === 422 && named ? new ApiError(422, message, errors) : new ApiError(400, message);
}

/**
 * Whether the request failed its schema (`context`: only a failure of that part, `params` for the
 * id in the path): for a route whose own rules speak before the schema's refusal (crud.ts).
 */
export function failedSchema(request: FastifyRequest, context?: 'params' | 'querystring' | 'body'): boolean {
  const failure = request.validationError as SchemaFailure | undefined;
  return failure !== undefined && (context === undefined || failure.validationContext === context);
}

/** Refuses a request that failed its schema (nothing else is done with it); the first line of every validating handler. */
export function refuseInvalid(request: FastifyRequest, options?: RefusalOptions & { context?: 'params' | 'querystring' | 'body' }): void {
  if (failedSchema(request, options?.context)) throw schemaRefusal(request.validationError, options, request.body);
}
