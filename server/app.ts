import { availableParallelism } from 'node:os';
import Fastify, { type FastifyInstance } from 'fastify';
import { localTimeZone, registry as defaultRegistry, todayIn, type Registry } from '../resources';
import type { ServerConfig } from './config';
import { lazySchemaCompilers } from './http/lazy-schemas';
import type { AppContext } from './context';
import { connect } from './db/connect';
import { syncDescriptorTables } from './db/sync';
import { migrate } from './db/migrate';
import { ensureAdministrator, ensureSuperAdminGroup, seedSamples } from './startup';
import { syncMenuCatalogue } from './startup/menu-catalogue';
import { createSessionStore, purgeExpiredSessions } from './auth/sessions';
import { createPermissionResolver } from './auth/permissions';
import { ImageStore } from './crud/images';
import { createCrudService } from './crud/service';
import { compiledRunner } from './db/compiled';
import { syncWriteGenerations, writeGeneration } from './db/write-generation';
import { withStartupLock } from './db/startup-lock';
import errors from './plugins/errors';
import { clientErrorHandler, frameworkErrors } from './http/framework-errors';
import finiteNumbers from './plugins/finite-numbers';
import staticFiles from './plugins/static-files';
import openapi from './plugins/openapi';
import apiHeaders from './plugins/api-headers';
import routeCatalogue from './plugins/route-catalogue';
import { crudRoutes } from './routes/crud';
import { serverTimeRoutes } from './routes/server-time';
import { healthRoutes } from './routes/health';
import peerConfirmations from './plugins/peer-confirmations';
import { createEventBus } from './events';
import { localBus } from './cluster/local-bus';
import { redisBus } from './cluster/redis-bus';
import { relayBetweenInstances } from './cluster/relay';
import { featureModules } from './modules';
import { resolveGate, resolvePolicies, resolveRecordRules } from './modules/policies';
import { declaredRoutes, servedBesides } from './modules/routes-of';
import { trailOf } from './modules/audit/trail';
import { createSealer, masterKeyFromEnv, masterKeys, useSealer } from './modules/audit/sealed-values';
import metrics from './ops/metrics';
import traceRequests from './ops/trace-requests';
import { tracingHooks } from './ops/trace-hooks';

/** How long a graceful close waits for open connections before it closes them. */
export const SHUTDOWN_GRACE_MS = 10_000;

export interface BuiltApp {
  app: FastifyInstance;
  /** Set when this start created the administrator with a generated password (print it once). */
  generatedAdminPassword?: string;
  adminCreated: boolean;
  /** Compiles every route's schemas now, which the server otherwise does on each route's first request (tests). */
  compileSchemas: () => number;
}

/**
 * Builds the whole server on any database: tables, migrations, first-start seed, routes. Tests
 * call it with their own config (and registry) and use `app.inject`; server/main.ts listens.
 */
export async function buildApp(config: ServerConfig, registry: Registry = defaultRegistry): Promise<BuiltApp> {
  // The logger exists only once Fastify does; an idle connection may fail before or after.
  const logger: { current?: { error(obj: object, msg: string): void } } = {};
  const conn = await connect({
    ...config,
    readerThreads: config.readerThreads ?? availableParallelism(),
    // Kysely times each query only for someone who reads it: the metrics' histogram, a trace's span.
    timeQueries: config.metrics !== false || tracingHooks.current !== undefined,
    onIdleError: (err) => {
      if (logger.current) logger.current.error({ err }, 'PostgreSQL connection lost; the pool opens a new one');
      else console.error('PostgreSQL connection lost:', err.message);
    },
  });
  const timeZone = config.timeZone ?? localTimeZone();
  todayIn(timeZone); // an unknown zone fails the start, not the first create
  const images = new ImageStore(config.dataDir);
  const run = compiledRunner(conn);
  const generation = config.listCache === false ? undefined : writeGeneration(conn);
  const crud = createCrudService(conn, registry, images, run, timeZone, generation);
  const permissions = createPermissionResolver(conn.db, registry);
  const events = createEventBus();
  crud.announce((change) => events.emit('record-changed', change));
  const trail = trailOf(conn);
  crud.recordIn(trail.recorder, trail.recorderOfMany);
  const sessions = createSessionStore(conn.db, run, events, { idleMs: config.sessionIdleMs });
  const ctx: AppContext = { config, conn, registry, crud, images, permissions, events, sessions, timeZone };
  // The modules' declared policies hold from the first write on (the samples included), for every caller.
  crud.adopt(resolvePolicies(ctx));
  crud.ruledBy(resolveRecordRules(ctx));
  crud.gatedBy(resolveGate(ctx));

  // One instance at a time: instances starting together would race to create the same tables.
  const admin = await withStartupLock(conn, async () => {
    // Migrations first: descriptor tables such as users' are created by one.
    await migrate(conn);
    // Personal values in the trail are sealed from the first entry on (the samples' included).
    const sealer = createSealer(registry.all, await masterKeys(conn.db, masterKeyFromEnv(config.personalDataKey)));
    useSealer(conn.db, sealer);
    trail.sealWith(sealer);
    await syncDescriptorTables(conn, registry);
    await syncWriteGenerations(
      conn,
      registry.all.map((d) => d.table),
    );
    await purgeExpiredSessions(conn.db);
    const superAdmin = await ensureSuperAdminGroup(conn.db, registry);
    await syncMenuCatalogue(conn.db, registry, superAdmin);
    const created = await ensureAdministrator(conn.db, superAdmin, config.adminUsername, config.adminPassword);
    if (config.seedSamples) await seedSamples(conn.db, registry, crud);
    return created;
  });

  const schemas = lazySchemaCompilers();
  const app = Fastify({
    schemaController: { compilersFactory: schemas },
    // With tracing on, a line logged during a request carries its trace_id and span_id too (pino's mixin).
    logger: config.logger ? { level: config.logLevel ?? 'warn', mixin: tracingHooks.current?.logFields } : false,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    trustProxy: false,
    // Refusals written before any hook runs still answer the envelope with the API's headers.
    frameworkErrors,
    clientErrorHandler,
    // Write bodies accept a value in several JSON types (a number or its text); see server/crud/schemas.ts.
    ajv: { customOptions: { allowUnionTypes: true } },
  });
  app.decorate('ctx', ctx);
  logger.current = app.log;
  const cluster = config.redisUrl
    ? await redisBus({
        url: config.redisUrl,
        key: config.redisKey ?? 'socket.io',
        say: (message, err) => {
          app.log.warn({ err }, message);
        },
      })
    : localBus();
  app.decorate('cluster', cluster);
  const stopRelay = relayBetweenInstances(cluster, events, { sessions, permissions });
  // A graceful close waits for the requests under way, but not without end: a client that keeps a
  // connection busy (a console reconnecting its live connection while the server stops was seen to)
  // would hold a restart for ever. After the grace, what is still open is closed.
  let shutdownGrace: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    shutdownGrace = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    shutdownGrace.unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(shutdownGrace);
    stopRelay();
    cluster.close();
    await conn.close();
  });
  await app.register(routeCatalogue);
  await app.register(errors);
  await app.register(finiteNumbers);
  await app.register(apiHeaders);
  await app.register(peerConfirmations);
  // Before every route (openapi's and the static files' included): it gives each route its own hook.
  await app.register(metrics);
  // Before any route: the document is built from the routes registered after it.
  await app.register(openapi);
  await app.register(staticFiles);
  await app.register(traceRequests);
  await app.register(
    async (api) => {
      await api.register(serverTimeRoutes);
      await api.register(healthRoutes);
      await api.register(crudRoutes, { routes: declaredRoutes, served: servedBesides });
      for (const feature of featureModules) await api.register(feature);
    },
    { prefix: config.apiBase },
  );
  return { app, adminCreated: admin.created, generatedAdminPassword: admin.password, compileSchemas: schemas.compileAll };
}
