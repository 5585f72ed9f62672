import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { envelopeSchema } from '../http/schemas';
import { PUBLIC } from '../plugins/auth';
import { DATABASE_UNAVAILABLE } from '../db/unavailable';

/** A health check answers within this, whatever the database does. */
const PROBE_MS = 2_000;

const healthData = {
  type: 'object',
  properties: {
    database: { type: 'string', enum: ['up', 'down'] },
    redis: { type: 'string', enum: ['up', 'down', 'not configured'], description: 'down: real-time events stay on this instance' },
  },
  required: ['database', 'redis'],
};

/**
 * `GET /health`, public, for a load balancer: 200 when this instance can serve (its database
 * answers), 503 when it cannot. Redis is reported but does not decide: without it every read and
 * write still works, only real-time events between instances pause.
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  const { conn } = app.ctx;
  const probe = async (): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        sql`select 1`.execute(conn.db).then(() => true),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), PROBE_MS);
        }),
      ]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  };
  app.get(
    '/health',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['server'],
        summary: 'Whether this instance can serve: its database, and Redis when configured',
        security: [],
        response: { 200: envelopeSchema(healthData), 503: envelopeSchema(healthData) },
      },
    },
    async (_request, reply) => {
      const redis = !app.cluster.shared ? 'not configured' : app.cluster.up() ? 'up' : 'down';
      if (await probe()) return { status: 1, message: 'Ready', data: { database: 'up', redis } };
      return reply.code(503).send({ status: 0, message: DATABASE_UNAVAILABLE, data: { database: 'down', redis } });
    },
  );
};
