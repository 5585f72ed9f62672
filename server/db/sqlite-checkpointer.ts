import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/**
 * Moves SQLite's WAL checkpoints off the write path. By default the connection that commits the
 * 1000th page of the log copies the log back into the database there and then (and syncs it),
 * inside some request's write: that copy cost every write a share proportional to the pages it
 * touched, and each audit entry touches its row and five index pages. Here a thread of its own,
 * with its own connection, runs a passive checkpoint (it never waits for, nor holds up, readers or
 * the writer) a few times a second; the writer's own checkpoints are turned off while the thread
 * lives, and back on if it stops, so the log can never grow without bound.
 */
const EVERY_MS = 200;

function checkpointThread(require: NodeJS.Require): void {
  const threads = require('node:worker_threads') as typeof import('node:worker_threads');
  const { driver, file, every } = threads.workerData as { driver: string; file: string; every: number };
  const Database = require(driver) as typeof import('better-sqlite3');
  const db = new Database(file, { fileMustExist: true });
  db.pragma('cache_size = -256');
  const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
  const timer = setInterval(() => {
    checkpoint.get();
  }, every);
  threads.parentPort?.on('message', (message: string) => {
    if (message !== 'stop') return;
    clearInterval(timer);
    db.close();
    threads.parentPort?.postMessage('stopped');
  });
}

const THREAD_SOURCE = `(${checkpointThread.toString()})(require)`;

export interface Checkpointer {
  close(): Promise<void>;
}

/** Starts checkpointing `file` in a thread and turns `writer`'s own checkpoints off meanwhile. */
export function startCheckpointer(writer: SQLite.Database, file: string): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(THREAD_SOURCE, {
    eval: true,
    workerData: { driver, file, every: EVERY_MS },
    resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 },
  });
  // The server's sockets keep the process alive; the checkpointer must not.
  worker.unref();
  let live = true;
  const writerCheckpoints = (on: boolean) => {
    if (writer.open) writer.pragma(`wal_autocheckpoint = ${on ? 1000 : 0}`);
  };
  writerCheckpoints(false);
  const stopped = () => {
    if (!live) return;
    live = false;
    writerCheckpoints(true);
  };
  worker.on('error', stopped);
  worker.on('exit', stopped);
  return {
    async close() {
      if (!live) return;
      const done = new Promise<void>((resolve) => {
        worker.once('message', () => resolve());
        worker.once('exit', () => resolve());
      });
      worker.postMessage('stop');
      await done;
      stopped();
      await worker.terminate();
    },
  };
}
