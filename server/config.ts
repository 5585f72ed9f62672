import path from 'node:path';

/** Everything the server reads from its environment, in one place (documented in the README). */
export interface ServerConfig {
  port: number;
  host: string;
  /** Folder for the SQLite file and uploaded files. */
  dataDir: string;
  /** PostgreSQL connection string; SQLite in dataDir when unset. */
  databaseUrl?: string;
  adminUsername: string;
  /** Unset: a password is generated at first start and printed once. */
  adminPassword?: string;
  /** Where the API lives; the spec's {host} is then http://host:port{apiBase}. */
  apiBase: string;
  /** Built single-page app to serve beside the API (absent in API-only tests). */
  distDir?: string;
  /** Largest accepted image, in bytes. */
  maxImageBytes: number;
  /** Sign-in attempts allowed per minute and address. */
  loginRateLimit: number;
  /** Seed sample records on first start. */
  seedSamples: boolean;
  logger: boolean;
  /** Redis for socket.io's adapter, so several instances push to each other's sockets; one instance alone when unset. */
  redisUrl?: string;
  /** Prefix of the adapter's Redis channels (instances that should talk share it). */
  redisKey?: string;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const root = path.resolve(import.meta.dirname, '..');
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    adminUsername: env.ADMIN_USERNAME || 'admin',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    apiBase: env.API_BASE ?? '/api',
    distDir: path.join(root, 'dist'),
    maxImageBytes: Number(env.MAX_IMAGE_BYTES ?? 5 * 1024 * 1024),
    loginRateLimit: Number(env.LOGIN_RATE_LIMIT ?? 20),
    seedSamples: env.SEED_SAMPLES !== '0',
    logger: env.LOG !== '0',
    redisUrl: env.REDIS_URL === '' ? undefined : env.REDIS_URL,
    redisKey: env.REDIS_KEY === '' ? undefined : env.REDIS_KEY,
  };
}
