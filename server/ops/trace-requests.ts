import fp from 'fastify-plugin';
import { tracingHooks } from './trace-hooks';

/**
 * With tracing on (tracing.ts), names each request's span after its route pattern (`GET
 * /api/patients/:id`, not the URL with its ids) and puts Fastify's request id on it, the id the
 * log lines carry as `reqId`. Off, it adds no hook.
 */
export default fp(async (app) => {
  const hooks = tracingHooks.current;
  if (!hooks) return;
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url;
    if (route) hooks.routeFound(request.method, route, request.id);
    done();
  });
});
