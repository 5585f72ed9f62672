import { createHash } from 'node:crypto';
import type SQLite from 'better-sqlite3';
import { buildApp } from '../server/app';
import { requirePermission, tokenOf } from '../server/plugins/auth';
import { ApiError } from '../server/http/envelope';
import { parseListQuery } from '../server/crud/list-query';
import { registry } from '../resources';
import { benchConfig, announce, shape, type Row } from './shared';
import { startTracing, tracingWanted } from '../server/ops/tracing';

/**
 * Child process: the real server (buildApp), on 127.0.0.1 and a free port; prints {"port","pid"}.
 * For bench/breakdown.ts only: BENCH_PROBES=1 adds /probe/* routes that take the real stack apart,
 * and BENCH_STMT_CACHE=1 caches prepared statements on the app's SQLite handle (no effect once the
 * app reuses statements itself). Neither is set by `npm run bench`.
 */
// OTEL_EXPORTER_OTLP_ENDPOINT: traces on, started before the app is built as server/main.ts does (bench/observability.ts).
if (tracingWanted()) await startTracing();
// BENCH_DATABASE_URL: serve a PostgreSQL data set; BENCH_REDIS_URL: the socket.io Redis adapter (several instances).
const { app } = await buildApp({
  ...benchConfig(process.env.BENCH_DATA_DIR!, process.env.BENCH_ADMIN_PASSWORD!),
  databaseUrl: process.env.BENCH_DATABASE_URL === '' ? undefined : process.env.BENCH_DATABASE_URL,
  redisUrl: process.env.BENCH_REDIS_URL === '' ? undefined : process.env.BENCH_REDIS_URL,
  // BENCH_LIST_CACHE=0: nothing kept between requests (every search runs its match).
  listCache: process.env.BENCH_LIST_CACHE !== '0',
  // BENCH_METRICS=0: /api/metrics off, and with it the per-request histogram and the per-query timing (bench/observability.ts).
  metrics: process.env.BENCH_METRICS !== '0',
  // BENCH_READER_THREADS=0: SQLite's list and search reads on the main connection (the A/B of bench/SCALE.md).
  readerThreads: process.env.BENCH_READER_THREADS ? Number(process.env.BENCH_READER_THREADS) : undefined,
});
const { crud, conn, permissions } = app.ctx;

if (process.env.BENCH_STMT_CACHE === '1') {
  const sqlite = conn.sqlite!;
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, SQLite.Statement>();
  sqlite.prepare = ((source: string) => {
    let stmt = cache.get(source);
    if (!stmt) cache.set(source, (stmt = prepare(source)));
    return stmt;
  }) as typeof sqlite.prepare;
}

if (process.env.BENCH_PROBES === '1') {
  const d = registry.get('medicine');
  const raw = conn.sqlite!.prepare(
    'SELECT m.*, c.pharmacy_category_name FROM medicine m LEFT JOIN pharmacy_category c ON c.pharmacy_category_id = m.medicine_category WHERE m.medicine_id = ?',
  );
  const guard = requirePermission('medicine/get-medicine');
  interface Req {
    Params: { id: string };
    Querystring: Record<string, string>;
  }
  const ok = (data: unknown, total?: number) => ({ status: 1, message: 'Data Found', data, ...(total === undefined ? {} : { total }) });
  // The real app's framework and plugins only: no auth, no query.
  app.get('/probe/noop', async () => ok(null));
  // Auth + permission check, no query.
  app.get('/probe/auth-only', { preHandler: guard }, async () => ok(null));
  // Auth + permission check, then the ceiling's raw statement.
  app.get<Req>('/probe/get-auth-raw/:id', { preHandler: guard }, async (req, reply) => {
    const row = raw.get(Number(req.params.id)) as Row | undefined;
    return row ? ok(shape(row)) : reply.code(404).send({ status: 0, message: 'not found', data: null });
  });
  // What a session cache would give: requirePermission with the session looked up once per token.
  // Self-contained (the same query as server/auth/sessions.ts at the time of writing), so the probe
  // does not depend on that module's exports.
  const findSession = (token: string) =>
    conn.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.user_id', 'sessions.user_id')
      .select(['sessions.expires_at', 'users.user_id', 'users.user_group', 'users.user_status'])
      .where('sessions.token_hash', '=', createHash('sha256').update(token).digest('hex'))
      .executeTakeFirst();
  const sessions = new Map<string, Awaited<ReturnType<typeof findSession>>>();
  app.get<Req>(
    '/probe/get-session-cache/:id',
    {
      preHandler: async (req) => {
        const token = tokenOf(req);
        if (!token) throw new ApiError(401, 'no token');
        let session = sessions.get(token);
        if (!session) sessions.set(token, (session = await findSession(token)));
        if (session?.user_status !== 1 || session.expires_at <= new Date().toISOString()) throw new ApiError(401, 'no session');
        const slugs = await permissions.slugsFor(session);
        if (!slugs.has('medicine/get-medicine')) throw new ApiError(403, 'no permission');
      },
    },
    async (req) => ok(await crud.get(d, Number(req.params.id))),
  );
  // The real route rebuilt outside the app's route plugin: permission check + crud.get, with and
  // without the route's params schema (ajv validation of `id`).
  const idParams = { type: 'object', properties: { id: { type: 'string', maxLength: 20 } }, required: ['id'] } as const;
  app.get<Req>('/probe/get-route-schema/:id', { schema: { params: idParams }, preHandler: guard }, async (req) =>
    ok(await crud.get(d, Number(req.params.id))),
  );
  app.get<Req>('/probe/get-route-noschema/:id', { preHandler: guard }, async (req) => ok(await crud.get(d, Number(req.params.id))));
  // The app's own read path (Kysely), no auth.
  app.get<Req>('/probe/get-noauth/:id', async (req) => ok(await crud.get(d, Number(req.params.id))));
  app.get<Req>('/probe/list-noauth', async (req) => {
    const { rows, total } = await crud.list(d, parseListQuery(d, req.query));
    return ok(rows, total);
  });
}

// BENCH_SLOW_MS=<ms>: every answer slower than that is written to stderr (method, url, status, ms).
const slowMs = Number(process.env.BENCH_SLOW_MS ?? 0);
if (slowMs > 0)
  app.addHook('onResponse', (request, reply, done) => {
    if (reply.elapsedTime > slowMs)
      process.stderr.write(`slow: ${request.method} ${request.url} ${reply.statusCode} ${reply.elapsedTime.toFixed(0)} ms\n`);
    done();
  });

await app.listen({ port: 0, host: '127.0.0.1' });
announce(app);
