import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { startCheckpointer } from '../../../server/db/sqlite-checkpointer';

/**
 * The WAL's checkpoints run in a thread of their own: the writer's are off while it lives (no
 * request's write copies the log back), the log still reaches the database file, and the writer's
 * come back when it stops.
 */
test('the thread copies the log into the database while the writer does not, and hands back on close', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkpointer-'));
  const file = path.join(dir, 'db.sqlite');
  const writer = new SQLite(file);
  writer.pragma('journal_mode = WAL');
  writer.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
  writer.pragma('wal_checkpoint(TRUNCATE)');
  const before = fs.statSync(file).size;

  const checkpointer = startCheckpointer(writer, file);
  try {
    expect(writer.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    const insert = writer.prepare('INSERT INTO t (v) VALUES (?)');
    // More pages than the writer's own threshold (1000) would have let through without a checkpoint.
    for (let i = 0; i < 3000; i++) insert.run('x'.repeat(2000));
    await expect.poll(() => fs.statSync(file).size, { timeout: 10_000 }).toBeGreaterThan(before + 1000 * 4096);
  } finally {
    await checkpointer.close();
  }
  expect(writer.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
  writer.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * Under writes that never pause long, a passive checkpoint alone never lets the log start again
 * (some frames always arrive during the copy) and the log file grew by every page written. The
 * thread restarts the log once it holds more than its threshold: the file stays a small part of
 * what was written.
 */
test('under a steady stream of writes the log is restarted, not grown by every page', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkpointer-'));
  const file = path.join(dir, 'db.sqlite');
  const writer = new SQLite(file);
  writer.pragma('journal_mode = WAL');
  writer.pragma('synchronous = NORMAL');
  writer.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, k TEXT, v TEXT); CREATE INDEX t_k ON t (k)');
  const begin = writer.prepare('BEGIN IMMEDIATE');
  const insert = writer.prepare('INSERT INTO t (k, v) VALUES (?, ?)');
  const commit = writer.prepare('COMMIT');
  let written = 0;
  const write = () => {
    begin.run();
    for (let i = 0; i < 3; i++) insert.run(`k${written % 97}`, 'x'.repeat(1500));
    commit.run();
    written++;
  };
  // What one transaction adds to the log, with nothing checkpointing it.
  writer.pragma('wal_autocheckpoint = 0');
  writer.pragma('wal_checkpoint(TRUNCATE)');
  for (let i = 0; i < 200; i++) write();
  const bytesEach = fs.statSync(`${file}-wal`).size / 200;
  writer.pragma('wal_checkpoint(TRUNCATE)');
  written = 0;
  const checkpointer = startCheckpointer(writer, file);
  try {
    // As a busy server writes: one short transaction after another, a request's other work (here
    // 300 µs of it) between them, about a thousand a second.
    const started = Date.now();
    while (Date.now() - started < 4_000) {
      write();
      for (const until = performance.now() + 0.3; performance.now() < until;);
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    await checkpointer.close();
  }
  const log = fs.statSync(`${file}-wal`).size;
  const rows = writer.prepare('SELECT count(*) AS n FROM t').get() as { n: number };
  writer.close();
  fs.rmSync(dir, { recursive: true, force: true });
  expect(rows.n).toBe((written + 200) * 3);
  // Without the restart the file held every transaction's pages (bytesEach * written).
  expect(log).toBeLessThan((bytesEach * written) / 4);
});
