import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/**
 * Uploaded pictures under `{apiBase}/uploads/`, and the built console at `/` with a fallback to
 * index.html so a reload of any screen route gets the app. Unknown API paths answer a 404
 * envelope instead.
 */
export default fp(async (app) => {
  const { config, images } = app.ctx;
  fs.mkdirSync(images.root, { recursive: true });
  await app.register(fastifyStatic, {
    root: images.root,
    prefix: `${config.apiBase}/uploads/`,
    decorateReply: false,
    index: false,
    maxAge: '7d',
    immutable: true,
  });
  const dist = config.distDir && fs.existsSync(path.join(config.distDir, 'index.html')) ? config.distDir : undefined;
  if (dist) {
    await app.register(fastifyStatic, { root: dist, prefix: '/', wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === config.apiBase || request.url.startsWith(`${config.apiBase}/`);
    if (isApi || !dist || request.method !== 'GET') {
      return reply.code(404).send({ status: 0, message: `Not found: ${request.method} ${request.url.split('?')[0]}`, data: null });
    }
    return reply.type('text/html').sendFile('index.html', dist, { maxAge: 0 });
  });
});
