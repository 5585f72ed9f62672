import path from 'node:path';
import { directoryConfigFromEnv, type DirectoryConfig } from './directory-config';

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
  /** Bounds on one multipart write (defaults: DEFAULT_UPLOAD_LIMITS; see uploadLimitsOf). */
  uploads?: Partial<UploadLimits>;
  /** Sign-in attempts allowed per minute and address. */
  loginRateLimit: number;
  /** Seed sample records on first start. */
  seedSamples: boolean;
  logger: boolean;
  /**
   * The lowest level logged (`LOG_LEVEL`, default `warn`): `info` adds a line per request (with its
   * `reqId`, and its `trace_id` when tracing is on).
   */
  logLevel?: LogLevel;
  /**
   * IANA time zone giving "today" and "now" their meaning (date defaults), from `TZ`; the
   * process's own zone when unset. The console reads it from GET {apiBase}/server-time.
   */
  timeZone?: string;
  /** `smtp://user:pass@host:587` (or smtps://): mail goes out over SMTP; unset: `.eml` files in `dataDir/outbox/`. */
  smtpUrl?: string;
  /** The sender of the console's mail. */
  mailFrom?: string;
  /** Redis for socket.io's adapter, so several instances push to each other's sockets; one instance alone when unset. */
  redisUrl?: string;
  /** Prefix of the adapter's Redis channels (instances that should talk share it). */
  redisKey?: string;
  /** Time without a request after which a session ends (default 30 minutes; tests shorten it). */
  sessionIdleMs?: number;
  /**
   * Keep list totals and search matches until their table is next written (default true; `LIST_CACHE=0`
   * turns it off, for measuring the uncached path).
   */
  listCache?: boolean;
  /**
   * SQLite: worker threads that work out a search's total and matches (default: one per core;
   * `READER_THREADS=0` keeps them on the main connection). Unused on PostgreSQL, whose server has its
   * own processes.
   */
  readerThreads?: number;
  /** Sign-in through the hospital's directory (OpenID Connect, LDAP) and SCIM; see directory-config.ts. */
  directory?: DirectoryConfig;
  /**
   * Folder outside dataDir where the audit chain's head is written (docs/runbook.md): regularly,
   * at shutdown, at every backup and by `npm run audit:witness`. Unset: no witness.
   */
  auditWitnessDir?: string;
  /** Minutes between the server's witnesses (default 5); a witness is written only when the head moved. */
  auditWitnessMinutes?: number;
  /** An address the head is mailed to once a day (through SMTP_URL, or the outbox without it). */
  auditWitnessMailTo?: string;
  /**
   * PERSONAL_DATA_KEY (32 bytes, hex or base64): the master key that wraps each person's data key,
   * under which the audit trail seals personal values (issue 49 point 3). Unset: one is generated
   * at first start and kept in the database (see server/modules/audit/sealed-values.ts).
   */
  personalDataKey?: string;
  /** `GET {apiBase}/metrics` (Prometheus): on unless `METRICS=0`. */
  metrics?: boolean;
  /** A scrape carrying `Authorization: Bearer <token>` is answered from anywhere. */
  metricsToken?: string;
  /** A scrape from loopback is answered without the token (default true; `METRICS_LOOPBACK=0` refuses it). */
  metricsLoopback?: boolean;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

function logLevelOf(raw: string | undefined): LogLevel | undefined {
  if (raw === undefined) return undefined;
  const level = LOG_LEVELS.find((l) => l === raw.trim().toLowerCase());
  if (!level) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${raw}"`);
  return level;
}

/** An empty variable counts as unset (`DATABASE_URL= npm start`). */
const set = (v: string | undefined) => (v === '' ? undefined : v);

/** What one multipart create or update may carry at most; beyond it the server answers 413. */
export interface UploadLimits {
  /** The whole request body, in bytes. */
  maxBytes: number;
  /** Text parts in one request. */
  maxFields: number;
  /** One text part, in bytes. */
  maxFieldBytes: number;
  /** Files in one request, all fields together. */
  maxFiles: number;
  /** Files under one picture-list field (a single picture field takes one). */
  maxFilesPerField: number;
  /** Pixels (width x height, read from the headers before decoding) summed over the request's pictures. */
  maxPixels: number;
}

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  maxBytes: 20 * 1024 * 1024,
  maxFields: 60,
  maxFieldBytes: 1024 * 1024,
  maxFiles: 12,
  maxFilesPerField: 10,
  maxPixels: 50_000_000,
};

export const uploadLimitsOf = (config: ServerConfig): UploadLimits => ({ ...DEFAULT_UPLOAD_LIMITS, ...config.uploads });

const positive = (raw: string | undefined, fallback: number) => {
  const n = Number(raw);
  return raw && Number.isFinite(n) && n > 0 ? n : fallback;
};

/** A count that must be written right (a typo must not quietly change how the server runs). */
function wholeNumber(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = set(env[name]);
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw.trim())) throw new Error(`${name} must be a whole number, not "${raw}"`);
  return Number(raw);
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const root = path.resolve(import.meta.dirname, '..');
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data')),
    databaseUrl: set(env.DATABASE_URL),
    adminUsername: set(env.ADMIN_USERNAME) ?? 'admin',
    adminPassword: set(env.ADMIN_PASSWORD),
    apiBase: env.API_BASE ?? '/api',
    distDir: path.join(root, 'dist'),
    maxImageBytes: Number(env.MAX_IMAGE_BYTES ?? 5 * 1024 * 1024),
    uploads: {
      maxBytes: positive(env.MAX_UPLOAD_BYTES, DEFAULT_UPLOAD_LIMITS.maxBytes),
      maxFields: positive(env.MAX_UPLOAD_FIELDS, DEFAULT_UPLOAD_LIMITS.maxFields),
      maxFieldBytes: positive(env.MAX_UPLOAD_FIELD_BYTES, DEFAULT_UPLOAD_LIMITS.maxFieldBytes),
      maxFiles: positive(env.MAX_UPLOAD_FILES, DEFAULT_UPLOAD_LIMITS.maxFiles),
      maxFilesPerField: positive(env.MAX_UPLOAD_FILES_PER_FIELD, DEFAULT_UPLOAD_LIMITS.maxFilesPerField),
      maxPixels: positive(env.MAX_UPLOAD_PIXELS, DEFAULT_UPLOAD_LIMITS.maxPixels),
    },
    loginRateLimit: Number(env.LOGIN_RATE_LIMIT ?? 20),
    seedSamples: env.SEED_SAMPLES !== '0',
    logger: env.LOG !== '0',
    logLevel: logLevelOf(set(env.LOG_LEVEL)),
    timeZone: set(env.TZ),
    smtpUrl: set(env.SMTP_URL),
    mailFrom: set(env.MAIL_FROM),
    redisUrl: set(env.REDIS_URL),
    redisKey: set(env.REDIS_KEY),
    listCache: env.LIST_CACHE !== '0',
    readerThreads: wholeNumber(env, 'READER_THREADS'),
    directory: directoryConfigFromEnv(env),
    auditWitnessDir: set(env.AUDIT_WITNESS_DIR) && path.resolve(env.AUDIT_WITNESS_DIR ?? ''),
    auditWitnessMinutes: wholeNumber(env, 'AUDIT_WITNESS_MINUTES'),
    auditWitnessMailTo: set(env.AUDIT_WITNESS_MAIL_TO),
    personalDataKey: set(env.PERSONAL_DATA_KEY),
    metrics: env.METRICS !== '0',
    metricsToken: set(env.METRICS_TOKEN),
    metricsLoopback: env.METRICS_LOOPBACK !== '0',
  };
}
