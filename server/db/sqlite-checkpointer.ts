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
 * lives, and back on if it stops.
 *
 * A passive checkpoint alone never lets the log start again while writes keep coming: the log is
 * only rewound to its start by a write that begins when every frame has been copied, and under a
 * steady stream of writes some always arrived during the copy. The log then grew by every page
 * written (1.4 GB after 24,000 writes in bench runs), and every page read searched a longer log
 * index. So when a passive checkpoint leaves more than RESTART_AT_FRAMES in the log, the thread
 * tells the writer, which copies the few frames left itself, between two of its transactions
 * (it is the only writer, so nothing can arrive during that copy): its next write starts the log
 * again. Never waiting, the writer's checkpoint copies less when a reader still reads old frames;
 * the thread asks again on its next turn.
 */
const EVERY_MS = 200;
/** Frames (pages) in the log after the thread's checkpoint from which the writer finishes it: about 4 MB. */
const RESTART_AT_FRAMES = 1000;

function checkpointThread(require: NodeJS.Require): void {
  const threads = require('node:worker_threads') as typeof import('node:worker_threads');
  const { driver, file, every, restartAt } = threads.workerData as { driver: string; file: string; every: number; restartAt: number };
  const Database = require(driver) as typeof import('better-sqlite3');
  const db = new Database(file, { fileMustExist: true });
  db.pragma('cache_size = -256');
  const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
  const timer = setInterval(() => {
    const done = checkpoint.get() as { log: number };
    if (done.log >= restartAt) threads.parentPort?.postMessage('finish');
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
    workerData: { driver, file, every: EVERY_MS, restartAt: RESTART_AT_FRAMES },
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
  worker.on('message', (message: string) => {
    // Only between the writer's transactions: the next one then begins with every frame copied, and starts the log again.
    if (message === 'finish' && live && writer.open && !writer.inTransaction) writer.pragma('wal_checkpoint(PASSIVE)');
  });
  return {
    async close() {
      if (!live) return;
      const done = new Promise<void>((resolve) => {
        worker.on('message', (message: string) => message === 'stopped' && resolve());
        worker.once('exit', () => resolve());
      });
      worker.postMessage('stop');
      await done;
      stopped();
      await worker.terminate();
    },
  };
}
