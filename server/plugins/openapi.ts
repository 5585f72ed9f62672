import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifySchema } from 'fastify';
import { accessRuleOf, type AccessRule } from './auth';
import { publicRoutes } from './route-catalogue';
import {
  checksVersion,
  ifMatchHeader,
  operationIdOf,
  REFUSALS,
  refusalsOf,
  type RefusalCode,
  type RouteDeclaration,
} from '../http/operations';
import { errorEnvelopeSchema } from '../http/schemas';

/**
 * Each operation says who may call it: public ones `security: []` (the document's default is the
 * token), `x-access` the rule's kind and `x-permissions` the slugs of which one is enough. A
 * route that declares no rule gets neither, which the authorisation matrix refuses.
 */
function withAccess(schema: FastifySchema | undefined, rule: AccessRule | undefined): FastifySchema {
  if (!rule) return { ...schema };
  return {
    ...schema,
    'x-access': rule.kind,
    ...(rule.kind === 'public' && { security: [] }),
    ...(rule.kind === 'slugs' && { 'x-permissions': rule.slugs, ...(rule.lookups?.length && { 'x-lookup-permissions': rule.lookups }) }),
  } as FastifySchema;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The body a route reads by itself (it validates each field with its own rules and messages),
     * for the document only: Fastify does not validate it, as it would a schema's `body`.
     */
    documentedBody?: { content: Record<string, { schema: object }> };
  }
}

/** A route's headers schema with If-Match added (documentation only: the route validates with its own). */
function withIfMatch(headers: unknown): FastifySchema['headers'] {
  const h = (headers ?? {}) as { properties?: Record<string, unknown> };
  const has = Object.keys(h.properties ?? {}).some((k) => k.toLowerCase() === 'if-match');
  return has ? h : { type: 'object', ...h, properties: { ...h.properties, 'If-Match': ifMatchHeader } };
}

/**
 * JSON Schema allows `required: []` (nothing required), OpenAPI 3.0's schema object does not: it is
 * left out, which means the same.
 */
function dropEmptyRequired(node: unknown): void {
  if (Array.isArray(node)) for (const item of node) dropEmptyRequired(item);
  else if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    if (Array.isArray(o.required) && o.required.length === 0) delete o.required;
    for (const value of Object.values(o)) dropEmptyRequired(value);
  }
}

/** The names under components.responses of the refusals (REFUSALS) and of a server fault. */
const RESPONSE_NAMES: Record<RefusalCode, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  412: 'PreconditionFailed',
  413: 'PayloadTooLarge',
  422: 'UnprocessableEntity',
  429: 'TooManyRequests',
};
const SERVER_FAULT = 'ServerFault';

interface Operation {
  operationId?: string;
  responses?: Record<string, unknown>;
  'x-refusals'?: RefusalCode[];
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, unknown>; responses?: Record<string, unknown> };
}

const refusalResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Refusal' } } },
});

/**
 * The whole document once built: every operation gets its operationId and, in place of the schemas'
 * catch-all 4XX, one answer per refusal the route can give (marked by `transform`), each a reference
 * to the envelope; every operation can answer a server fault. An operationId used twice stops the
 * document: a client generated from it would lose one of the two operations.
 */
function finishDocument(doc: Document): Document {
  const seen = new Map<string, string>();
  const used = new Set<RefusalCode>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const id = operationIdOf(method, path);
      const other = seen.get(id);
      if (other) throw new Error(`OpenAPI: operationId ${id} of ${method.toUpperCase()} ${path} is already ${other}'s`);
      seen.set(id, `${method.toUpperCase()} ${path}`);
      op.operationId = id;
      const refusals = op['x-refusals'] ?? [];
      delete op['x-refusals'];
      const { '4XX': _range, '5XX': _faults, ...answers } = op.responses ?? {};
      for (const code of refusals) {
        used.add(code);
        answers[code] = { $ref: `#/components/responses/${RESPONSE_NAMES[code]}` };
      }
      answers['5XX'] = { $ref: `#/components/responses/${SERVER_FAULT}` };
      op.responses = answers;
    }
  }
  const responses: Record<string, unknown> = { [SERVER_FAULT]: refusalResponse('Server fault, or the database is unreachable (503)') };
  for (const code of [...used].sort((a, b) => a - b)) responses[RESPONSE_NAMES[code]] = refusalResponse(REFUSALS[code]);
  dropEmptyRequired(doc.paths);
  doc.components.schemas = { ...doc.components.schemas, Refusal: errorEnvelopeSchema };
  doc.components.responses = { ...doc.components.responses, ...responses };
  return doc;
}

/**
 * OpenAPI 3 documentation of the whole API at `{apiBase}/docs` (JSON at `{apiBase}/docs/json`),
 * generated from the route schemas: the descriptors' generated routes and every feature module's
 * routes. Registered before any route, so every route added later is picked up. Paths are written
 * as the contract spells them (relative to the API base, which is the document's server URL).
 * The UI's scripts and styles are served from the package itself: nothing is loaded from another host.
 */
export default fp(async (app) => {
  const { apiBase } = app.ctx.config;
  const uploads = `${apiBase}/uploads/`;
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Hospital back-office API',
        version: '3.0.1',
        description:
          'Every answer is the envelope `{status: 1|0, message, data}` (plus `total` on lists). Sign in with ' +
          'POST /users/user-login/ and send the token in the `access-token` header.',
      },
      servers: [{ url: apiBase }],
      components: { securitySchemes: { accessToken: { type: 'apiKey', in: 'header', name: 'access-token' } } },
      security: [{ accessToken: [] }],
    },
    transform: ({ schema, url, route }) => {
      const inApi = url.startsWith(`${apiBase}/`) && !url.startsWith(uploads) && !url.startsWith(`${apiBase}/docs`);
      if (!inApi) return { schema: { ...schema, hide: true }, url };
      const declared: RouteDeclaration = {
        method: [route.method].flat()[0] ?? 'GET',
        path: url,
        access: accessRuleOf(route),
        schema,
        rateLimited: Boolean((route.config as { rateLimit?: unknown } | undefined)?.rateLimit),
      };
      const documented = { ...withAccess(schema, declared.access), 'x-refusals': refusalsOf(declared) } as FastifySchema;
      const documentedBody = (route.config as { documentedBody?: unknown } | undefined)?.documentedBody;
      if (documentedBody !== undefined && schema.body === undefined) documented.body = documentedBody;
      if (checksVersion(declared)) documented.headers = withIfMatch(schema.headers);
      return { schema: documented, url: url.slice(apiBase.length) };
    },
    // Typed by the plugin as either kind of document; this one is always OpenAPI 3, of the shape Document describes.
    transformObject: (built) =>
      'openapiObject' in built ? (finishDocument(built.openapiObject as unknown as Document) as never) : built.swaggerObject,
  });
  await app.register(
    publicRoutes(swaggerUi, {
      routePrefix: `${apiBase}/docs`,
      uiConfig: { docExpansion: 'list', deepLinking: true },
      // Served with its own strict policy: scripts and styles from this server only.
      staticCSP: true,
    }),
  );
});
