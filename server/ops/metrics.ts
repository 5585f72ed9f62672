import { createHash, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { collectDefaultMetrics, Gauge, Histogram, Registry, type LabelValues } from 'prom-client';
import { PUBLIC } from '../plugins/auth';
import { ApiError } from '../http/envelope';
import { msUntil } from '../modules/notifications/time';
import { requestHistogram } from './request-histogram';

/**
 * `GET {apiBase}/metrics` in the Prometheus text format (prom-client), for an operator's scraper:
 * requests by route pattern and status with their latency, database query time and (PostgreSQL)
 * pool waits, SQLite's WAL size, open sockets, the audit chain's last entry id (its rate is the
 * appends), how late the oldest due notice is, and Node's own (event-loop delay, memory, GC).
 * Answered only with `Authorization: Bearer <METRICS_TOKEN>`, or from loopback without a proxy in
 * between (unless METRICS_LOOPBACK=0); never to the public. Per request the cost is one histogram
 * observation in onResponse; the rest is read when scraped.
 */

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const REFUSED = 'Metrics are served only with the metrics token or from this machine';
const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Node's own metrics (event-loop delay, memory, GC) belong to the process, not to one app: one
 * registry for the process, so apps built and closed in turn (tests) do not each leave a monitor behind.
 */
let processRegistry: Registry | undefined;
const processMetrics = () => {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
};

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export default fp(async (app) => {
  const { config, conn } = app.ctx;
  if (config.metrics === false) return;
  const register = new Registry();
  const node = processMetrics();

  const requests = requestHistogram(
    'console_http_request_duration_seconds',
    'HTTP requests answered, by method, route pattern and status, with their duration',
    SECONDS,
  );
  // A callback hook, not an async one: no promise made and awaited on every request.
  app.addHook('onResponse', (request, reply, done) => {
    requests.observe(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  const queries = new Histogram({
    name: 'console_db_query_duration_seconds',
    help: 'Database queries sent through Kysely, by outcome, with their duration',
    labelNames: ['outcome'] as const,
    buckets: SECONDS,
    registers: [register],
  });
  const ok = queries.labels('ok');
  const failed = queries.labels('error');
  conn.queryTiming.observe = (seconds, error) => {
    (error ? failed : ok).observe(seconds);
  };

  const gauge = <L extends string>(name: string, help: string, collect: (g: Gauge<L>) => Promise<void> | void, labelNames: L[] = []) =>
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [register],
      async collect() {
        await collect(this);
      },
    });

  const { poolStats } = conn;
  if (poolStats) {
    gauge(
      'console_db_pool_connections',
      'PostgreSQL pool connections, by state',
      (g) => {
        const s = poolStats();
        g.set({ state: 'idle' } as LabelValues<'state'>, s.idle);
        g.set({ state: 'busy' } as LabelValues<'state'>, s.total - s.idle);
      },
      ['state'],
    );
    gauge('console_db_pool_waiting', 'Queries waiting for a PostgreSQL pool connection', (g) => {
      g.set(poolStats().waiting);
    });
  } else {
    const wal = path.join(config.dataDir, 'console.sqlite-wal');
    gauge('console_sqlite_wal_bytes', "Size of SQLite's write-ahead log", async (g) => {
      g.set(
        await fs.promises.stat(wal).then(
          (s) => s.size,
          () => 0,
        ),
      );
    });
  }
  gauge('console_open_sockets', 'Open client connections to this instance (HTTP and WebSocket)', async (g) => {
    g.set(await new Promise<number>((resolve) => app.server.getConnections((err, n) => resolve(err ? 0 : n))));
  });
  gauge('console_audit_last_entry_id', "The audit chain's last entry id (its rate is the audit appends)", async (g) => {
    const { rows } = await sql<{ id: number | null }>`SELECT max(audit_id) AS id FROM audit_log`.execute(conn.db);
    g.set(rows[0]?.id ?? 0);
  });
  gauge('console_due_notice_lag_seconds', 'How long the oldest due notice has waited to be pushed (0: none waiting)', async (g) => {
    const { rows } = await sql<{ due: string | null }>`SELECT min(notification_date) AS due FROM notification
      WHERE notification_delivered_at IS NULL AND notification_status = 1`.execute(conn.db);
    const due = rows[0]?.due;
    g.set(due ? Math.max(0, -msUntil(due) / 1000) : 0);
  });

  const token = config.metricsToken ? digest(config.metricsToken) : undefined;
  const allowed = (request: FastifyRequest) => {
    const auth = request.headers.authorization;
    if (token && auth?.startsWith('Bearer ') && timingSafeEqual(digest(auth.slice(7)), token)) return true;
    // Through a proxy on this machine every request comes from loopback: one that says it was forwarded is not local.
    const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
    return config.metricsLoopback !== false && !forwarded && LOOPBACK.has(request.socket.remoteAddress ?? '');
  };

  app.get(
    `${config.apiBase}/metrics`,
    // Its own guard (token or loopback) rather than a session; kept out of the API's document.
    { config: { access: PUBLIC }, schema: { hide: true } },
    async (request, reply) => {
      if (!allowed(request)) throw new ApiError(403, REFUSED);
      reply.header('cache-control', 'no-store').type(register.contentType);
      return `${await node.metrics()}\n${requests.text()}\n${await register.metrics()}`;
    },
  );
});
