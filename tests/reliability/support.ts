import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import type Database from 'better-sqlite3';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app';
import { createSession } from '../../server/auth/sessions';
import type { ServerConfig } from '../../server/config';

/**
 * The real server for the reliability suite: like tests/api/harness.ts, with config overrides
 * (upload limits) and a fingerprint of everything stored (every table and every uploaded file),
 * so a test can prove that a refused request changed nothing.
 */
export type Kind = 'sqlite' | 'postgres';
export const ADMIN = { username: 'admin', password: 'reliability-admin-password' };
export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ReliableServer {
  app: FastifyInstance;
  kind: Kind;
  dataDir: string;
  token: string;
  /** Signs in again (after a fuzz case ended the session) and answers the new token. */
  login(): Promise<string>;
  call(
    method: string,
    url: string,
    options?: { body?: unknown; token?: string | null; headers?: Record<string, string>; payload?: Buffer | string },
  ): Promise<LightMyRequestResponse>;
  /** A digest of every table's rows and every file under uploads/. */
  fingerprint(): Promise<string>;
  /** On SQLite, rows changed so far on the server's connection (cheap: no change means nothing to compare). */
  changes(): number | undefined;
  close(): Promise<void>;
}

/**
 * Columns left out of the fingerprint: every signed-in request, refused or not, writes its
 * session's last use (at most once a minute, for the idle limit), by design; a slow run would
 * otherwise see a refused request "change" the database.
 */
const UNFINGERPRINTED: Record<string, readonly string[]> = { sessions: ['last_used_at'] };

/**
 * SQLite: one statement that reads every table as one text each, made by SQLite: quote() writes
 * each value as a literal of its type (text quoted, numbers bare, blobs as X'..', NULL), so no two
 * different rows read alike. Full-text indexes (FTS5 tables and their shadow tables) are derived
 * from the tables: skipped. Prepared once per schema version: reading the schema and hashing
 * value by value in JavaScript at each fingerprint made most of the fuzzer's time
 * (bench/SUITE-TIMES.md).
 */
const snapshots = new WeakMap<Database.Database, { version: number; statement: Database.Statement }>();
function sqliteSnapshot(db: Database.Database): Database.Statement {
  const version = db.pragma('schema_version', { simple: true }) as number;
  const kept = snapshots.get(db);
  if (kept?.version === version) return kept.statement;
  const all = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as {
    name: string;
    sql: string | null;
  }[];
  const fts = all.filter((t) => /^CREATE VIRTUAL TABLE/i.test(t.sql ?? '')).map((t) => t.name);
  const tables = all.map((t) => t.name).filter((n) => !fts.some((v) => n === v || n.startsWith(`${v}_`)));
  const parts = tables.map((name) => {
    const skipped = UNFINGERPRINTED[name] ?? [];
    const columns = (db.pragma(`table_info("${name}")`) as { name: string }[]).map((c) => c.name).filter((c) => !skipped.includes(c));
    const row = columns.map((c) => `quote("${c}")`).join(` || ',' || `);
    return `(SELECT group_concat(${row}, char(10)) FROM "${name}") AS "${name}"`;
  });
  const statement = db.prepare(`SELECT ${parts.join(', ')}`);
  snapshots.set(db, { version, statement });
  return statement;
}

export async function createThrowawayDb(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `console_rel_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    url: PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`),
    async drop() {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export function testConfig(dataDir: string, overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    adminUsername: ADMIN.username,
    adminPassword: ADMIN.password,
    apiBase: '/api',
    distDir: undefined,
    maxImageBytes: 5 * 1024 * 1024,
    loginRateLimit: 1_000_000,
    // No demo records: a test that needs records makes them.
    seedSamples: false,
    logger: false,
    ...overrides,
  };
}

export async function startReliableServer(kind: Kind, overrides: Partial<ServerConfig> = {}): Promise<ReliableServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-rel-'));
  const throwaway = kind === 'postgres' ? await createThrowawayDb() : undefined;
  const { app } = await buildApp(testConfig(dataDir, { databaseUrl: throwaway?.url, ...overrides }));
  const { conn } = app.ctx;
  const login = async () => {
    const res = await app.inject({ method: 'POST', url: '/api/users/user-login/', payload: ADMIN });
    return res.json<{ data: { token: string } }>().data.token;
  };
  const server: ReliableServer = {
    app,
    kind,
    dataDir,
    token: await login(),
    async login() {
      // Straight to a new session: signing in over HTTP costs an argon2 verification.
      const admin = await conn.db
        .selectFrom('users')
        .select(['user_id', 'password_hash'])
        .where('username', '=', ADMIN.username)
        .executeTakeFirstOrThrow();
      const token = await createSession(conn.db, admin.user_id, admin.password_hash, false, '127.0.0.1', 'reliability');
      if (!token) throw new Error('the administrator could not be given a session');
      server.token = token;
      return token;
    },
    call(method, url, o = {}) {
      const headers: Record<string, string> = { ...o.headers };
      const tok = o.token === undefined ? server.token : o.token;
      if (tok) headers['access-token'] = tok;
      const payload = o.payload ?? (o.body === undefined ? undefined : (o.body as object));
      return app.inject({ method: method as 'GET', url, headers, ...(payload === undefined ? {} : { payload }) });
    },
    async fingerprint() {
      const hash = createHash('sha256');
      if (conn.sqlite) {
        const texts = sqliteSnapshot(conn.sqlite).get() as Record<string, string | null>;
        for (const [table, text] of Object.entries(texts)) hash.update(`#${table}\n${text ?? ''}`);
      } else {
        // table_generation counts the writes to each table (server/db/write-generation.ts): derived,
        // as SQLite's full-text tables are, and bumped by a write that stores the same values again.
        const { rows: tables } = await sql<{ table_name: string }>`
          SELECT table_name FROM information_schema.tables
          WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'table_generation'
          ORDER BY table_name`.execute(conn.db);
        for (const { table_name } of tables) {
          const skipped = UNFINGERPRINTED[table_name] ?? [];
          const { rows } = await sql<{ digest: string | null }>`
            SELECT md5(string_agg((to_jsonb(t) - ${sql.val(skipped)}::text[])::text, '|' ORDER BY (to_jsonb(t) - ${sql.val(skipped)}::text[])::text)) AS digest
            FROM ${sql.table(table_name)} t`.execute(conn.db);
          hash.update(`#${table_name}:${rows[0]?.digest ?? ''}\n`);
        }
      }
      for (const file of listFiles(path.join(dataDir, 'uploads'))) hash.update(`@${file}\n`);
      return hash.digest('hex');
    },
    changes() {
      if (!conn.sqlite) return undefined;
      return (conn.sqlite.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
    },
    async close() {
      await app.close();
      await throwaway?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** Every file under a folder, relative, sorted. */
export function listFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

/** A multipart body written by hand (fast, and able to say things FormData would not). */
export function multipartBody(parts: readonly { name: string; value: string | Buffer; filename?: string; type?: string }[]) {
  const boundary = `----reliability${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`;
    const type = p.type ?? (p.filename === undefined ? undefined : 'application/octet-stream');
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`));
    chunks.push(typeof p.value === 'string' ? Buffer.from(p.value) : p.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Prints one figure of the suite, so a run's log says what was proven and at what cost. */
export function figure(label: string, value: string | number): void {
  console.log(`[reliability] ${label}: ${value}`);
}
