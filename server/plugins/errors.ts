import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { ApiError } from '../http/envelope';
import { schemaRefusalOf } from '../http/validation';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable, outageLog } from '../db/unavailable';

/**
 * Every answer carries the envelope, errors included, with an honest HTTP code. Bad input is a
 * 4xx with a human message; only our own faults are 500s (and are logged).
 */
export default fp(async (app) => {
  // The spec's client sends `Content-Type: application/json` on body-less GET and DELETE too.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '') {
      done(null, undefined);
      return;
    }
    // The default parser answers through `done`; its type also allows a promise, which it never returns.
    void parseJson(req, typeof body === 'string' ? body : body.toString('utf8'), (err, value) => {
      done(err ? new ApiError(400, `Malformed JSON body: ${err.message}`) : null, value);
    });
  });

  const noteOutage = outageLog((message, err) => {
    app.log.error({ err }, message);
  });
  // Only PostgreSQL is reached over a network: on SQLite a network error is some other fault.
  const overNetwork = app.ctx.conn.dialect === 'postgres';

  app.setErrorHandler((thrown: FastifyError | ApiError, request, reply) => {
    // A schema failure of a route that does not attach it (a malformed path or query): the one
    // translator's refusal (server/http/validation.ts), as a 400, like every route's.
    const err = schemaRefusalOf(thrown, { status: 400 }) ?? thrown;
    if (err instanceof ApiError) {
      return (
        reply
          .code(err.statusCode)
          // A write sent for review (202, issue 48) is an answer, not a refusal.
          .send({
            status: err.statusCode < 400 ? 1 : 0,
            message: err.message,
            data: err.data ?? null,
            ...(err.errors && { errors: err.errors }),
          })
      );
    }
    const code = err.statusCode ?? 500;
    if (code >= 400 && code < 500) {
      return reply.code(code).send({ status: 0, message: err.message || 'Bad request', data: null });
    }
    if (overNetwork && isDatabaseUnavailable(err)) {
      noteOutage(err);
      return reply.code(503).header('retry-after', '5').send({ status: 0, message: DATABASE_UNAVAILABLE, data: null });
    }
    request.log.error(err);
    return reply.code(500).send({ status: 0, message: 'Something went wrong!', data: null });
  });
});
