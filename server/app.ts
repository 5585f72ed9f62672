import Fastify, { type FastifyInstance } from 'fastify';
import { registry as defaultRegistry, type Registry } from '../resources';
import type { ServerConfig } from './config';
import type { AppContext } from './context';
import { connect } from './db/connect';
import { syncDescriptorTables } from './db/sync';
import { migrate } from './db/migrate';
import { ensureAdministrator, ensureSuperAdminGroup, seedSamples } from './startup';
import { syncMenuCatalogue } from './modules/access/catalogue';
import { createSessionStore, purgeExpiredSessions } from './auth/sessions';
import { createPermissionResolver } from './auth/permissions';
import { ImageStore } from './crud/images';
import { createCrudService } from './crud/service';
import { compiledRunner } from './db/compiled';
import errors from './plugins/errors';
import staticFiles from './plugins/static-files';
import { authRoutes } from './routes/auth';
import { crudRoutes } from './routes/crud';
import { createEventBus } from './events';
import { featureModules } from './modules';

export interface BuiltApp {
  app: FastifyInstance;
  /** Set when this start created the administrator with a generated password (print it once). */
  generatedAdminPassword?: string;
  adminCreated: boolean;
}

/**
 * Builds the whole server on any database: tables, migrations, first-start seed, routes. Tests
 * call it with their own config (and registry) and use `app.inject`; server/main.ts listens.
 */
export async function buildApp(config: ServerConfig, registry: Registry = defaultRegistry): Promise<BuiltApp> {
  const conn = connect(config);
  await syncDescriptorTables(conn, registry);
  await migrate(conn);
  await purgeExpiredSessions(conn.db);

  const images = new ImageStore(config.dataDir);
  const run = compiledRunner(conn);
  const crud = createCrudService(conn.db, conn.dialect, registry, images, run);
  const permissions = createPermissionResolver(conn.db, registry);
  const events = createEventBus();
  const ctx: AppContext = { config, conn, registry, crud, images, permissions, events, sessions: createSessionStore(conn.db, run, events) };

  const superAdmin = await ensureSuperAdminGroup(conn.db, registry);
  await syncMenuCatalogue(conn.db, registry, superAdmin);
  const admin = await ensureAdministrator(conn.db, superAdmin, config.adminUsername, config.adminPassword);
  if (config.seedSamples) await seedSamples(conn.db, registry, crud);

  const app = Fastify({
    logger: config.logger ? { level: 'warn' } : false,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    trustProxy: false,
  });
  app.decorate('ctx', ctx);
  app.addHook('onClose', async () => {
    await conn.db.destroy();
  });
  await app.register(errors);
  await app.register(staticFiles);
  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(crudRoutes);
      for (const feature of featureModules) await api.register(feature);
    },
    { prefix: config.apiBase },
  );
  return { app, adminCreated: admin.created, generatedAdminPassword: admin.password };
}
