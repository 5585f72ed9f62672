import { createHash, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyRequest, onSendHookHandler } from 'fastify';
import { sql } from 'kysely';
import { collectDefaultMetrics, Gauge, Registry, type LabelValues } from 'prom-client';
import { PUBLIC } from '../plugins/auth';
import { ApiError } from '../http/envelope';
import { msUntil } from '../modules/notifications/time';
import { countedHistogram, labelText, type HistogramSeries } from './counted-histogram';

/**
 * `GET {apiBase}/metrics` in the Prometheus text format (prom-client), for an operator's scraper:
 * requests by route pattern and status with their latency, database query time and (PostgreSQL)
 * pool waits, SQLite's WAL size, open sockets, the audit chain's last entry id (its rate is the
 * appends), how late the oldest due notice is, and Node's own (event-loop delay, memory, GC).
 * Answered only with `Authorization: Bearer <METRICS_TOKEN>`, or from loopback without a proxy in
 * between (unless METRICS_LOOPBACK=0); never to the public. Per request the cost is one histogram
 * observation in the route's onSend hook and two clock readings per query; the rest is read when
 * scraped. Register it before the routes: it hooks each route as it is declared.
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

  const requests = countedHistogram(
    'console_http_request_duration_seconds',
    'HTTP requests answered, by method, route pattern and status, with their duration',
    SECONDS,
  );
  /**
   * A route's series by method and status, made at its first such answer: the labels are written
   * once per route, not built, looked up and hashed on every request.
   */
  const seriesOf = (route: string) => {
    const byMethod = new Map<string, Map<number, HistogramSeries>>();
    return (method: string, status: number): HistogramSeries => {
      let byStatus = byMethod.get(method);
      if (!byStatus) byMethod.set(method, (byStatus = new Map<number, HistogramSeries>()));
      let series = byStatus.get(status);
      if (!series) byStatus.set(status, (series = requests.series(labelText({ method, route, status_code: status }))));
      return series;
    };
  };
  // Timed in onSend, when the answer is handed to Node (for a stream, when it starts), and not in
  // onResponse: every route already runs the onSend hooks of api-headers.ts, while the first
  // onResponse hook would add a hook runner of its own to every request (bench/OBSERVABILITY.md).
  // Each route gets a hook of its own, its route pattern known in advance (no request.routeOptions,
  // which is built afresh on each read); the routes registered after this plugin are all the API's.
  app.addHook('onRoute', (route) => {
    const series = seriesOf(route.url);
    const timed: onSendHookHandler = (request, reply, payload, done) => {
      series(request.method, reply.statusCode).observe(reply.elapsedTime / 1000);
      done(null, payload);
    };
    route.onSend = route.onSend ? [...(Array.isArray(route.onSend) ? route.onSend : [route.onSend]), timed] : timed;
  });
  // Requests no route matched (answered by the not-found handler): one cheap check on the others.
  const unmatched = seriesOf('unmatched');
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.is404) unmatched(request.method, reply.statusCode).observe(reply.elapsedTime / 1000);
    done(null, payload);
  });

  const queries = countedHistogram(
    'console_db_query_duration_seconds',
    'Database queries (through Kysely and the prepared reads), by outcome, with their duration',
    SECONDS,
  );
  const ok = queries.series(labelText({ outcome: 'ok' }));
  const failed = queries.series(labelText({ outcome: 'error' }));
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
      return `${await node.metrics()}\n${requests.text()}\n${queries.text()}\n${await register.metrics()}`;
    },
  );
});
