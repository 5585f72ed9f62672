import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifySchema } from 'fastify';
import { accessRuleOf, type AccessRule } from './auth';
import { publicRoutes } from './route-catalogue';

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
      return { schema: withAccess(schema, accessRuleOf(route)), url: url.slice(apiBase.length) };
    },
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
