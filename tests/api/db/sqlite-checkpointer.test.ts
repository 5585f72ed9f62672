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
