import fp from 'fastify-plugin';
import type { preHandlerHookHandler, RouteOptions } from 'fastify';
import { ApiError } from '../http/envelope';

/**
 * Ajv's type coercion turns the text "Infinity" (or "1e400") into a number that passes `integer`
 * and skips `maximum`, so a schema alone let `?limit=Infinity` reach the database (a 500 the
 * fuzzer found). Values in the query, the path and a body's top level arrive as text; one that is
 * a number now came from that coercion (or from JSON, where `1e400` parses as Infinity), and must
 * be finite.
 */
const finiteNumbers: preHandlerHookHandler = (request, _reply, done) => {
  for (const part of [request.query, request.params, request.body]) {
    if (!part || typeof part !== 'object' || Array.isArray(part) || Buffer.isBuffer(part)) continue;
    for (const [key, value] of Object.entries(part as Record<string, unknown>)) {
      if (typeof value === 'number' && !Number.isFinite(value)) {
        done(new ApiError(400, `${key} must be a finite number`));
        return;
      }
    }
  }
  done();
};

/**
 * Whether a route can receive a number at all: one with a body (Fastify parses none for GET and
 * HEAD), or whose query or path schema may coerce a value to one. A read by id or a list page has
 * neither, and skips the check: it ran before every answer.
 */
function mayReceiveNumbers(route: RouteOptions): boolean {
  if ([route.method].flat().some((method) => method !== 'GET' && method !== 'HEAD')) return true;
  const text = JSON.stringify([route.schema?.querystring ?? null, route.schema?.params ?? null]);
  return text.includes('"number"') || text.includes('"integer"') || text.includes('"$ref"');
}

export default fp(async (app) => {
  app.addHook('onRoute', (route) => {
    if (!mayReceiveNumbers(route)) return;
    // First of the route's own hooks, as it was first of all while it ran on every route.
    route.preHandler = [finiteNumbers, ...[route.preHandler ?? []].flat()];
  });
});
