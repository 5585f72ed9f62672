import fp from 'fastify-plugin';
import type { FastifySchema } from 'fastify';

/**
 * Every route the server answers, as it is registered (generated CRUD, hand-written and feature
 * modules alike), so tools and the reliability suite can enumerate them without a list to keep
 * in step by hand.
 */
export interface CatalogueEntry {
  method: string;
  url: string;
  schema?: FastifySchema;
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
    for (const method of [route.method].flat()) entries.push({ method, url: route.url, schema: route.schema });
  });
  done();
});
