import type { FastifySchema } from 'fastify';
import type { AccessRule } from '../plugins/auth';

/**
 * What the OpenAPI document says of each operation beyond its schemas, derived from what the route
 * declares (method, path, access rule, schemas, rate limit), so a route added tomorrow is described
 * like the others without a list to keep in step.
 */

/**
 * A stable operationId from the method and the path as the contract spells it:
 * `PUT /medicine/medicine-update/{id}` is `putMedicineUpdateById`. A word repeated from the segment
 * before is said once (the contract repeats the module: `medicine/medicine-update`); path
 * parameters become `By<Name>`.
 */
export function operationIdOf(method: string, path: string): string {
  const words: string[] = [];
  const params: string[] = [];
  for (const segment of path.split('/').filter(Boolean)) {
    const param = /^\{(.+)\}$/.exec(segment)?.[1] ?? /^:(.+)$/.exec(segment)?.[1];
    if (param !== undefined) {
      params.push(param);
      continue;
    }
    for (const word of segment.split(/[^A-Za-z0-9]+/).filter(Boolean)) {
      const w = word.toLowerCase();
      if (words.at(-1) !== w) words.push(w);
    }
  }
  const capital = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  const by = params.length
    ? `By${params
        .map((p) =>
          p
            .split(/[^A-Za-z0-9]+/)
            .map(capital)
            .join(''),
        )
        .join('And')}`
    : '';
  return method.toLowerCase() + words.map(capital).join('') + by;
}

/** A refusal the document can name, with what it means for any route that answers it. */
export const REFUSALS = {
  400: 'Malformed request: a path parameter, query value or JSON body the server cannot read',
  401: 'Not signed in: the session is missing or has expired',
  403: 'Signed in without a permission this route needs',
  404: 'The record (or other thing) the path names does not exist, or is not visible to this user',
  409: 'Conflicts with what is stored: a value already used, a record still referenced, or a protected record',
  412: 'The record changed since it was read (If-Match no longer matches); data carries it as it is now',
  413: 'The request body (or one of its files) is larger than the server accepts',
  422: 'A field is invalid: errors names each one',
  429: 'Too many attempts; try again later',
} as const;
export type RefusalCode = keyof typeof REFUSALS;

export interface RouteDeclaration {
  /** HTTP method, any case. */
  method: string;
  /** The path as registered (`:id`) or as documented (`{id}`). */
  path: string;
  /** Who may call it (undefined: no rule, which the authorisation tests refuse). */
  access: AccessRule | undefined;
  schema?: FastifySchema;
  /** The route has a rate limit of its own (`config.rateLimit`). */
  rateLimited?: boolean;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const namesSomething = (path: string) => /\{[^}]+\}|:[^/]+/.test(path);
const declaresIfMatch = (schema: FastifySchema | undefined) =>
  Object.keys((schema?.headers as { properties?: object } | undefined)?.properties ?? {}).some((h) => h.toLowerCase() === 'if-match');

/**
 * The route checks the version a save was read at (`If-Match`, else last write wins): it says so in
 * its headers schema, or it is a permission-guarded PUT, PATCH or DELETE of the record its path names.
 */
export function checksVersion(route: RouteDeclaration): boolean {
  const method = route.method.toUpperCase();
  const guardedChange = route.access?.kind === 'slugs' && ['PUT', 'PATCH', 'DELETE'].includes(method) && namesSomething(route.path);
  return guardedChange || declaresIfMatch(route.schema);
}

/** The If-Match header as the document describes it for a route that `checksVersion`. */
export const ifMatchHeader = {
  type: 'string',
  description: 'The version the record was read at (its updated_at, or version), quoted as an entity tag; without it, the last write wins',
} as const;

/**
 * The 4xx answers a route can give, from what it declares:
 * - 400 when it reads a path parameter, a query string or a body (any of them can be malformed);
 * - 401 when it needs a session, 403 when it also needs a permission;
 * - 404 when the path names something (a path parameter);
 * - 409 and 422 for a permission-guarded write (it changes shared records: unique values, references and
 *   protected records may refuse it, and its fields are checked); 422 too for any route with a body schema;
 * - 412 when it `checksVersion`;
 * - 413 for every route that takes a body (the body limit and the upload limits);
 * - 429 for a rate-limited route;
 * and any 4xx code its own response schemas declare.
 */
export function refusalsOf(route: RouteDeclaration): RefusalCode[] {
  const method = route.method.toUpperCase();
  const named = namesSomething(route.path);
  const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown; response?: Record<string, unknown> };
  const takesBody = BODY_METHODS.has(method) || schema.body !== undefined;
  const kind = route.access?.kind;
  const guardedWrite = kind === 'slugs' && WRITE_METHODS.has(method);
  const codes = new Set<RefusalCode>();
  if (named || schema.querystring !== undefined || takesBody) codes.add(400);
  if (kind === 'signedIn' || kind === 'slugs') codes.add(401);
  if (kind === 'slugs') codes.add(403);
  if (named) codes.add(404);
  if (guardedWrite) codes.add(409);
  if (checksVersion(route)) codes.add(412);
  if (takesBody) codes.add(413);
  if ((guardedWrite && takesBody) || schema.body !== undefined) codes.add(422);
  if (route.rateLimited) codes.add(429);
  for (const declared of Object.keys(schema.response ?? {})) {
    const code = Number(declared);
    if (code in REFUSALS) codes.add(code as RefusalCode);
  }
  return [...codes].sort((a, b) => a - b);
}
