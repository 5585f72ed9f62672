import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type LogEvent, type SqliteDatabase } from 'kysely';
import { performance } from 'node:perf_hooks';
import { ImmediateSqliteDialect, type QueryDone } from './sqlite-immediate';
import type { Db, Dialect } from './database';
import { ensurePrivateDir, ensurePrivateFile } from '../security/private-files';
import { sqliteReaders, type SqliteReaders } from './sqlite-readers';
import { startCheckpointer } from './sqlite-checkpointer';
import { tracingHooks } from '../ops/trace-hooks';

export interface Connection {
  db: Db;
  /**
   * Where the reads that work out an answer over many rows go (a search's total and matches): on
   * SQLite the reader threads (`sqlite-readers.ts`) unless they are turned off, otherwise `db`. Never inside a transaction: a read here does not see a transaction's own
   * writes before it commits.
   */
  answers: Db;
  /** SQLite: the reader threads behind `answers`, when on. */
  readers?: SqliteReaders;
  dialect: Dialect;
  /** The raw SQLite handle, when on SQLite (used by the FTS5 set-up). */
  sqlite?: SQLite.Database;
  /** On SQLite: prepares through the statement cache that Kysely uses too. */
  prepare?: (text: string) => SQLite.Statement;
  /** Closes the database and its reader threads. */
  close(): Promise<void>;
  /** Told every query's duration, once the metrics set `observe` (server/ops/metrics.ts). */
  queryTiming: QueryTiming;
  /**
   * Set when queries are timed (ConnectOptions.timeQueries): the reads that run outside Kysely
   * (prepared statements, server/db/compiled.ts) call it with the SQL, their start
   * (`performance.now()`) and whether they failed, like every query through Kysely.
   */
  queryDone?: QueryDone;
  /** PostgreSQL: the pool's connections and the requests waiting for one, for the metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

export interface QueryTiming {
  observe?: (seconds: number, failed: boolean) => void;
}

/**
 * One query has run: its duration goes to whoever observes it, the metrics' histogram and, with
 * tracing on, a span under the request's (server/ops/tracing.ts).
 */
const queryDoneFor =
  (timing: QueryTiming, dialect: Dialect): QueryDone =>
  (sql, startMs, failed) => {
    const ms = performance.now() - startMs;
    timing.observe?.(ms / 1000, failed);
    tracingHooks.current?.queryDone(sql, ms, failed, dialect);
  };

/**
 * PostgreSQL: Kysely's log hook (nothing is logged). Its few promise turns per query are small
 * beside a round trip to the server; on SQLite the driver times queries itself (sqlite-immediate.ts).
 */
const loggedTo =
  (timing: QueryTiming, dialect: Dialect) =>
  (event: LogEvent): void => {
    const failed = event.level === 'error';
    timing.observe?.(event.queryDurationMillis / 1000, failed);
    tracingHooks.current?.queryDone(event.query.sql, event.queryDurationMillis, failed, dialect);
  };

/** The PostgreSQL client, loaded only by a server that uses PostgreSQL (SQLite is the default). */
async function loadPg() {
  const { default: pg } = await import('pg');
  // pg answers int8 (count(*)) and numeric as strings; our counts and money fit a JS number.
  pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
  pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
  return pg;
}

/** How long a request waits for a PostgreSQL connection, and for one query's answer. */
export const PG_CONNECT_TIMEOUT_MS = 3_000;
export const PG_QUERY_TIMEOUT_MS = 5_000;

export interface ConnectOptions {
  dataDir: string;
  databaseUrl?: string;
  /**
   * An idle pooled PostgreSQL connection failed (the server restarted, or an administrator ended
   * it). The pool drops that connection and opens a new one when needed; without a listener,
   * Node would treat the pool's 'error' event as fatal and stop the whole server.
   */
  onIdleError?: (error: Error) => void;
  /** SQLite: threads that work out a search's total and matches (0: on the main connection). */
  readerThreads?: number;
  /**
   * Time every query (for the metrics or the traces): on SQLite in the driver and around the
   * prepared reads, on PostgreSQL through Kysely's log hook. Without it no clock is read and no step
   * is added to a query (bench/OBSERVABILITY.md measures the cost).
   */
  timeQueries?: boolean;
}

export async function connect(options: ConnectOptions): Promise<Connection> {
  const queryTiming: QueryTiming = {};
  if (options.databaseUrl) {
    const pg = await loadPg();
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // While the database is unreachable a request must fail within seconds (503), not hang:
      // waiting for a connection (new, or free in the pool) and each query's answer are bounded.
      connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
      query_timeout: PG_QUERY_TIMEOUT_MS,
      keepAlive: true,
    });
    pool.on('error', (error) => {
      if (options.onIdleError) options.onIdleError(error);
      else console.error('PostgreSQL connection lost:', error.message);
    });
    // The pool listens for the errors of idle connections only. A connection lost while a request
    // holds it between two queries (a transaction, a database lock) would emit an error nobody
    // hears, which Node treats as fatal. Its request learns of the loss from its next query
    // (answered 503), and the pool then drops the connection: nothing more to do here.
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    const db: Db = new Kysely({
      dialect: new PostgresDialect({ pool }),
      log: options.timeQueries ? loggedTo(queryTiming, 'postgres') : undefined,
    });
    const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db, answers: db, dialect: 'postgres', close: () => db.destroy(), queryTiming, poolStats };
  }
  ensurePrivateDir(options.dataDir);
  const file = path.join(options.dataDir, 'console.sqlite');
  ensurePrivateFile(file);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const prepare = statementCache(sqlite);
  const database: SqliteDatabase = { close: () => sqlite.close(), prepare };
  const queryDone = options.timeQueries ? queryDoneFor(queryTiming, 'sqlite') : undefined;
  const db: Db = new Kysely({ dialect: new ImmediateSqliteDialect({ database }, queryDone) });
  const readers = options.readerThreads ? sqliteReaders(file, options.readerThreads) : undefined;
  const checkpointer = startCheckpointer(sqlite, file);
  const close = async () => {
    await checkpointer.close();
    await readers?.close();
    await db.destroy();
  };
  return { db, answers: readers?.db ?? db, readers, dialect: 'sqlite', sqlite, prepare, close, queryTiming, queryDone };
}

/**
 * Kysely prepares every query anew; preparing costs more than running a by-id read. Statements
 * are reused by SQL text (bounded, oldest dropped first). Safe because we never stream results,
 * the only way one statement could be in use twice at once.
 */
const STATEMENT_CACHE_SIZE = 500;

function statementCache(sqlite: SQLite.Database): (text: string) => SQLite.Statement {
  const cache = new Map<string, SQLite.Statement>();
  return (text) => {
    let statement = cache.get(text);
    if (!statement) {
      statement = sqlite.prepare(text);
      const oldest = cache.keys().next();
      if (cache.size >= STATEMENT_CACHE_SIZE && !oldest.done) cache.delete(oldest.value);
      cache.set(text, statement);
    }
    return statement;
  };
}
