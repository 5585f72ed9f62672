import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import {
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { Db } from './database';

/**
 * SQLite reads on threads of their own: a search's total and matches are worked out on `size`
 * worker threads, each with its own connection to the same file (WAL: every statement reads the
 * latest commit), so that a long read (a search's exact total at a million rows is 8-20 ms)
 * neither blocks the event loop for everyone else nor leaves the second core idle. Writes, pages
 * and rows, and the reads that must see a transaction's own
 * writes, stay on the server's main connection.
 */

/** A query for a reader thread, and its answer. */
interface Ask {
  id: number;
  sql: string;
  parameters: readonly unknown[];
}
type Answer = { id: number; rows: unknown[] } | { id: number; error: { message: string; code?: string } };

/**
 * The reader thread's whole program. It runs as the source of an eval'd worker (no file to find
 * next to a bundle, tsx or vitest), so it must not close over anything: `require` and what the
 * thread needs arrive as arguments and `workerData`.
 */
function readerThread(require: NodeJS.Require): void {
  const threads = require('node:worker_threads') as typeof import('node:worker_threads');
  const parentPort = threads.parentPort;
  const { driver, file } = threads.workerData as { driver: string; file: string };
  const SQLite = require(driver) as typeof import('better-sqlite3');
  const db = new SQLite(file, { fileMustExist: true });
  // A reader never writes: a statement that would is refused by SQLite itself.
  db.pragma('query_only = ON');
  db.pragma('busy_timeout = 5000');
  // 512 KiB of page cache instead of better-sqlite3's 16 MB: ~6 MB less per thread at a million
  // rows, a search's count 5-10 % slower (its cost is in decoding the trigram doclists; the pages
  // come from the OS's file cache).
  db.pragma('cache_size = -512');
  const statements = new Map<string, import('better-sqlite3').Statement>();
  parentPort?.on('message', (ask: Ask) => {
    try {
      let statement = statements.get(ask.sql);
      if (!statement) {
        statement = db.prepare(ask.sql);
        // Bounded like the main connection's cache (connect.ts): oldest dropped first.
        const oldest = statements.keys().next();
        if (statements.size >= 500 && !oldest.done) statements.delete(oldest.value);
        statements.set(ask.sql, statement);
      }
      parentPort.postMessage({ id: ask.id, rows: statement.all(...ask.parameters) });
    } catch (e) {
      const error = e as { message?: string; code?: string };
      parentPort.postMessage({ id: ask.id, error: { message: String(error.message), code: error.code } });
    }
  });
}

const THREAD_SOURCE = `(${readerThread.toString()})(require)`;

interface Thread {
  worker: Worker;
  pending: Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>;
}

export interface SqliteReaders {
  /** Kysely over the reader threads: SELECTs only, no transactions. */
  db: Db;
  /** The threads running now (none before the first read): for tests and diagnostics. */
  threads(): readonly Worker[];
  /** Ends the threads (the server's close). */
  close(): Promise<void>;
}

/**
 * `size` reader threads over `file`, started on the first read. A thread that dies fails the reads
 * it held and is replaced on the next read.
 */
export function sqliteReaders(file: string, size: number): SqliteReaders {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const threads: Thread[] = [];
  let nextId = 1;
  let closed = false;

  function spawn(): Thread {
    const worker = new Worker(THREAD_SOURCE, {
      eval: true,
      workerData: { driver, file },
      // A thread's garbage is a few small answers per read, so it needs no 4 MB semi-spaces
      // (`npm start`'s --max-semi-space-size=4 would apply to each thread too). Old generation: a
      // bound, not a need. Most of the threads' RSS was glibc's per-thread malloc arenas, which
      // `npm start`'s MALLOC_ARENA_MAX=2 bounds.
      resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 64 },
    });
    // The server's sockets keep the process alive; a forgotten reader must not.
    worker.unref();
    const thread: Thread = { worker, pending: new Map() };
    const fail = (error: Error) => {
      const at = threads.indexOf(thread);
      if (at >= 0) threads.splice(at, 1);
      for (const { reject } of thread.pending.values()) reject(error);
      thread.pending.clear();
    };
    worker.on('message', (answer: Answer) => {
      const waiting = thread.pending.get(answer.id);
      if (!waiting) return;
      thread.pending.delete(answer.id);
      if ('rows' in answer) waiting.resolve(answer.rows);
      else waiting.reject(Object.assign(new Error(answer.error.message), { code: answer.error.code }));
    });
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (threads.includes(thread)) fail(new Error(`SQLite reader thread stopped (exit code ${code})`));
    });
    return thread;
  }

  /** The thread with the fewest reads waiting: a long search does not hold up the next page. */
  function idlest(): Thread {
    while (threads.length < size) threads.push(spawn());
    return threads.reduce((best, t) => (t.pending.size < best.pending.size ? t : best));
  }

  function read(query: CompiledQuery): Promise<QueryResult<unknown>> {
    if (closed) return Promise.reject(new Error('the database is closed'));
    const thread = idlest();
    const id = nextId++;
    return new Promise((resolve, reject) => {
      thread.pending.set(id, { resolve: (rows) => resolve({ rows }), reject });
      thread.worker.postMessage({ id, sql: query.sql, parameters: query.parameters } satisfies Ask);
    });
  }

  const connection: DatabaseConnection = {
    executeQuery: read as DatabaseConnection['executeQuery'],
    streamQuery() {
      throw new Error('SQLite reader threads do not stream');
    },
  };
  const readOnly = () => Promise.reject(new Error('SQLite reader threads only read: transactions belong on the main connection'));
  // One shared connection object: the threads queue their own reads, so there is nothing to
  // acquire, release or set up.
  const nothing = () => Promise.resolve();
  const driverOf: Driver = {
    init: nothing,
    acquireConnection: () => Promise.resolve(connection),
    beginTransaction: readOnly,
    commitTransaction: readOnly,
    rollbackTransaction: readOnly,
    releaseConnection: nothing,
    destroy: nothing,
  };
  const dialect: Dialect = {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => driverOf,
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };

  return {
    db: new Kysely({ dialect }),
    threads: () => threads.map((t) => t.worker),
    async close() {
      closed = true;
      const ending = threads.splice(0);
      await Promise.all(ending.map((t) => t.worker.terminate()));
      for (const t of ending) for (const { reject } of t.pending.values()) reject(new Error('the database is closed'));
    },
  };
}
