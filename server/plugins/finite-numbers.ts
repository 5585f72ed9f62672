import fp from 'fastify-plugin';
import { ApiError } from '../http/envelope';

/**
 * Ajv's type coercion turns the text "Infinity" (or "1e400") into a number that passes `integer`
 * and skips `maximum`, so a schema alone let `?limit=Infinity` reach the database (a 500 the
 * fuzzer found). Values in the query, the path and a body's top level arrive as text; one that is
 * a number now came from that coercion, and must be finite.
 */
export default fp(async (app) => {
  app.addHook('preHandler', (request, _reply, done) => {
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
  });
});
