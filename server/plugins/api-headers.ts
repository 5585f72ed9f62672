import fp from 'fastify-plugin';
import helmet from 'helmet';
import { IncomingMessage, type ServerResponse } from 'node:http';
import { Socket } from 'node:net';

/**
 * Security headers on every API answer (helmet's defaults: nosniff, HSTS, frame and referrer
 * rules...), `Cache-Control: no-store` so no proxy or browser keeps a copy of records or
 * sessions, and a policy that lets a JSON answer opened as a page run nothing. Uploaded pictures
 * and the console's files are left to plugins/static-files.ts: their own policy, and caching.
 */
const JSON_ANSWER_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

/**
 * Helmet's answer headers without a content policy. They depend on nothing in the request, so
 * they are worked out once by running helmet's middleware against a recording response, and each
 * answer then gets them in one call: running the middleware chain per request cost a tenth of a
 * get-one's server time.
 */
function helmetHeaders(): Record<string, string> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  const state = { finished: false };
  helmet({ contentSecurityPolicy: false })(
    new IncomingMessage(new Socket()),
    // Safe: helmet's middleware only calls setHeader and removeHeader on the response.
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error instanceof Error ? error : new Error('helmet refused its own defaults');
      state.finished = true;
    },
  );
  // Helmet's middleware is synchronous; if a version ever is not, fail at start-up, not silently.
  if (!state.finished || headers.size === 0) throw new Error('helmet did not produce its headers synchronously');
  return Object.fromEntries(headers);
}

let computed: Record<string, string> | undefined;
/** The headers of every API answer, worked out once. */
function apiHeaders(): Record<string, string> {
  return (computed ??= { ...helmetHeaders(), 'cache-control': 'no-store' });
}

/**
 * The headers of an error envelope, for the answers written outside Fastify's reply cycle
 * (server/http/framework-errors.ts): the API's, and the policy of a JSON answer.
 */
export function errorAnswerHeaders(): Record<string, string> {
  return { ...apiHeaders(), 'content-security-policy': JSON_ANSWER_CSP };
}

export default fp(async (app) => {
  const { apiBase } = app.ctx.config;
  const uploads = `${apiBase}/uploads/`;
  const isApi = (url: string) =>
    (url === apiBase || url.startsWith(`${apiBase}/`) || url.startsWith(`${apiBase}?`)) && !url.startsWith(uploads);
  const headers = Object.entries(apiHeaders());
  const errorHeaders = errorAnswerHeaders();

  // Set before the handler runs, so a route can still replace one (its own Cache-Control, say).
  // Callback-style hooks: they run on every answer, and an async hook costs extra promise turns.
  app.addHook('onRequest', (request, reply, done) => {
    if (isApi(request.url)) for (const [name, value] of headers) reply.header(name, value);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const error = reply.statusCode >= 400;
    if (error || isApi(request.url)) {
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('application/json')) {
        // An error envelope is an API answer wherever it was asked (an unknown page, a missing
        // upload) and however early it failed (before the onRequest hook above).
        if (error) reply.headers(errorHeaders);
        else if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', JSON_ANSWER_CSP);
      }
    }
    done(null, payload);
  });
});
