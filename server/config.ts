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
  /** `smtp://user:pass@host:587` (or smtps://): mail goes out over SMTP; unset: `.eml` files in `dataDir/outbox/`. */
  smtpUrl?: string;
  /** The sender of the console's mail. */
  mailFrom?: string;
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
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
  };
}
