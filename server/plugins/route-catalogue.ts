import fp from 'fastify-plugin';
import type { FastifyPluginAsync, FastifyPluginCallback, FastifySchema, RouteOptions } from 'fastify';
import { accessRuleOf, PUBLIC, type AccessRule } from './auth';

/**
 * Every route the server answers, as it is registered (generated CRUD, hand-written and feature
 * modules alike), so tools and the reliability suite can enumerate them without a list to keep
 * in step by hand.
 */
export interface CatalogueEntry {
  method: string;
  url: string;
  schema?: FastifySchema;
  /** Who may call it (see `AccessRule`); undefined for a route that declares no rule, which the authorisation tests refuse. */
  readonly access: AccessRule | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeCatalogue: readonly CatalogueEntry[];
  }
}

export default fp((app, _options, done) => {
  const entries: CatalogueEntry[] = [];
  app.decorate('routeCatalogue', entries);
  app.addHook('onRoute', (route) => {
    // Read when asked: a scope's own onRoute hook (publicRoutes below) runs after this one on the same options.
    for (const method of [route.method].flat())
      entries.push({
        method,
        url: route.url,
        schema: route.schema,
        get access() {
          return accessRuleOf(route);
        },
      });
  });
  done();
});

/**
 * Registers a library's routes (the documentation page, static files) as public: they cannot
 * name a rule themselves, so the scope that registers them declares it for each of them.
 */
export function publicRoutes<Options extends object>(
  plugin: FastifyPluginAsync<Options> | FastifyPluginCallback<Options>,
  options: Options,
): FastifyPluginAsync {
  // The options go to the plugin, not to this scope: a `prefix` on both would apply twice.
  return async (scope) => {
    scope.addHook('onRoute', (route: RouteOptions) => {
      route.config = { ...route.config, access: accessRuleOf(route) ?? PUBLIC };
    });
    await scope.register(plugin, options);
  };
}
