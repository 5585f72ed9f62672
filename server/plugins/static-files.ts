import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { ensurePrivateDir } from '../security/private-files';
import { publicRoutes } from './route-catalogue';

/**
 * Uploaded pictures under `{apiBase}/uploads/`, and the built console at `/` with a fallback to
 * index.html so a reload of any screen route gets the app. Unknown API paths answer a 404
 * envelope instead.
 */
/**
 * The console may load nothing from another host: the browser enforces it with this policy.
 * Inline styles are needed by MUI's emotion; pictures may be data:/blob: previews.
 */
const CONSOLE_HEADERS: Record<string, string> = {
  'Content-Security-Policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; '),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
};
/** Uploaded files are only ever pictures: never run as a page, whatever a browser guesses. */
const UPLOAD_HEADERS: Record<string, string> = {
  'Content-Security-Policy': "default-src 'none'; img-src 'self'; sandbox",
  'X-Content-Type-Options': 'nosniff',
};
/** A year, the longest HTTP/1.1 caches are asked to keep anything; `immutable`: not even revalidated on reload. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const setAll = (headers: Record<string, string>) => (res: { setHeader(k: string, v: string): unknown }) => {
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
};

export default fp(async (app) => {
  const { config, images } = app.ctx;
  ensurePrivateDir(images.root);
  // Public: the console shows them with <img>, which sends no token.
  await app.register(
    publicRoutes(fastifyStatic, {
      root: images.root,
      prefix: `${config.apiBase}/uploads/`,
      decorateReply: false,
      index: false,
      maxAge: '7d',
      immutable: true,
      setHeaders: setAll(UPLOAD_HEADERS),
    }),
  );
  const dist = config.distDir && fs.existsSync(path.join(config.distDir, 'index.html')) ? config.distDir : undefined;
  if (dist) {
    const consoleFiles = { root: dist, index: false, preCompressed: true, setHeaders: setAll(CONSOLE_HEADERS) } as const;
    // The console's files, public; and, on this scope, `reply.sendFile` for the screen routes' fallback below.
    await app.register(publicRoutes(fastifyStatic, { ...consoleFiles, prefix: '/', wildcard: false, decorateReply: false }));
    await app.register(fastifyStatic, { ...consoleFiles, serve: false });
  }
  // Vite names every file under /assets/ by a hash of its content: a browser may keep it for good
  // and never ask again (a return visit on a slow phone network saved a round trip per script).
  // Only files the static routes served: a missing asset falls back to index.html, never kept.
  // index.html itself is asked again each visit (its blocking scripts are hashed too: scripts/vite-boot-scripts.ts).
  if (dist) {
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.routeOptions.url?.startsWith('/assets/') && reply.statusCode < 400) reply.header('cache-control', IMMUTABLE);
      return payload;
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === config.apiBase || request.url.startsWith(`${config.apiBase}/`);
    // HEAD is answered like GET (monitors probe `/` with it); the body is left out on the wire.
    if (isApi || !dist || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ status: 0, message: `Not found: ${request.method} ${request.url.split('?')[0]}`, data: null });
    }
    return reply.headers(CONSOLE_HEADERS).type('text/html').sendFile('index.html', dist, { maxAge: 0 });
  });
});
