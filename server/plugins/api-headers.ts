import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/**
 * Security headers on every API answer (helmet's defaults: nosniff, HSTS, frame and referrer
 * rules...), `Cache-Control: no-store` so no proxy or browser keeps a copy of records or
 * sessions, and a policy that lets a JSON answer opened as a page run nothing. Uploaded pictures
 * and the console's files are left to plugins/static-files.ts: their own policy, and caching.
 */
const JSON_ANSWER_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

export default fp(async (app) => {
  const { apiBase } = app.ctx.config;
  const uploads = `${apiBase}/uploads/`;
  const isApi = (url: string) =>
    (url === apiBase || url.startsWith(`${apiBase}/`) || url.startsWith(`${apiBase}?`)) && !url.startsWith(uploads);

  // Applied per request below, so the console and the uploads keep their own headers.
  await app.register(helmet, { global: false, contentSecurityPolicy: false });

  app.addHook('onRequest', async (request, reply) => {
    if (isApi(request.url)) reply.helmet();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isApi(request.url)) return payload;
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/json') && !reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', JSON_ANSWER_CSP);
    }
    return payload;
  });
});
