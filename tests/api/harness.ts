import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app';
import type { ServerConfig } from '../../server/config';
import { registry as defaultRegistry, type Registry } from '../../resources';
import { samplePicture } from '../../server/startup/sample-image';
import { ADMIN, baseConfig, databaseUrl, withAdmin, type Kind, type Templates } from './database-templates';

/**
 * A real server on a real database for each test file: a fresh SQLite file in a temp folder, or
 * a throwaway database on this machine's PostgreSQL (created here, dropped in close()). Under
 * vitest the database starts as a copy of one migrated once for the run (see global-setup.ts),
 * unless the test brings its own registry or settings that shape what a start writes. It holds no
 * demo records unless `seed` asks for them (then the server seeds its own database, not a copy).
 */
export type { Kind };
export const DATABASES: Kind[] = ['sqlite', 'postgres'];
export { ADMIN };

/** Settings that change nothing a start writes to the database: a copied template serves them. */
const RUNTIME_ONLY = new Set<keyof ServerConfig>([
  'listCache',
  'sessionIdleMs',
  'readerThreads',
  'maxImageBytes',
  'loginRateLimit',
  'uploads',
  'logger',
  'smtpUrl',
  'mailFrom',
  'redisUrl',
  'redisKey',
  // Sign-in through a directory is read per request; the migrated template has its tables.
  'directory',
  'auditWitnessDir',
  'auditWitnessMinutes',
  'auditWitnessMailTo',
  'metrics',
  'metricsToken',
  'metricsLoopback',
]);

function templates(): Templates | undefined {
  // Outside vitest (bench/ scripts) there is no run-wide template: each server migrates its own database.
  if (!process.env.VITEST) return undefined;
  return inject('databaseTemplates');
}

export interface TestServer {
  app: FastifyInstance;
  dataDir: string;
  token: string;
  /** Injects a request with the admin token unless `token` is given (null: none). */
  call(
    method: string,
    url: string,
    options?: { body?: unknown; token?: string | null; headers?: Record<string, string>; payload?: Buffer | string },
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
  /** Compiles every route's schemas now (the server compiles each on its route's first request). */
  compileSchemas(): number;
}

export async function startServer(
  kind: Kind,
  options: { registry?: Registry; seed?: boolean; config?: Partial<ServerConfig> } = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-test-'));
  const seed = options.seed ?? false;
  const copyable = !seed && !options.registry && Object.keys(options.config ?? {}).every((k) => RUNTIME_ONLY.has(k as keyof ServerConfig));
  const template = copyable ? templates()?.[kind] : undefined;
  let url: string | undefined;
  let dropDb: (() => Promise<void>) | undefined;
  if (template) fs.cpSync(template.dataDir, dataDir, { recursive: true });
  if (kind === 'postgres') {
    const name = `console_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const from = template?.database;
    await withAdmin((admin) => admin.query(from ? `CREATE DATABASE ${name} TEMPLATE ${from}` : `CREATE DATABASE ${name}`));
    url = databaseUrl(name);
    dropDb = async () => {
      await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    };
  }
  const config: ServerConfig = { ...baseConfig(dataDir, seed, url), ...options.config };
  const { app, compileSchemas } = await buildApp(config, options.registry ?? defaultRegistry);
  const login = await app.inject({ method: 'POST', url: '/api/users/user-login/', payload: ADMIN });
  const token = login.json().data.token as string;
  const server: TestServer = {
    app,
    dataDir,
    token,
    compileSchemas,
    call(method, url, o = {}) {
      const headers: Record<string, string> = { ...(o.headers ?? {}) };
      const tok = o.token === undefined ? token : o.token;
      if (tok) headers['access-token'] = tok;
      return app.inject({
        method: method as 'GET',
        url,
        headers,
        ...(o.body !== undefined ? { payload: o.body as object } : {}),
        ...(o.payload !== undefined ? { payload: o.payload } : {}),
      });
    },
    async close() {
      await app.close();
      await dropDb?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** A multipart body built by hand-free means: the platform's FormData, serialised by Response. */
export async function multipart(fields: Record<string, string | { file: Buffer; name: string; type?: string }>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === 'string') form.append(k, v);
    else form.append(k, new Blob([new Uint8Array(v.file)], { type: v.type ?? 'application/octet-stream' }), v.name);
  }
  const res = new Response(form);
  return { payload: Buffer.from(await res.arrayBuffer()), headers: { 'content-type': res.headers.get('content-type')! } };
}

export const png = (label = 'test', w = 64, h = 48) => samplePicture(label, w, h);
