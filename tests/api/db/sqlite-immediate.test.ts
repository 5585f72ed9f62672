import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { sql } from 'kysely';
import { connect } from '../../../server/db/connect';

/**
 * The writer's transactions begin IMMEDIATE: a transaction that reads before it writes, while
 * another process holds the write lock, waits for the lock instead of failing with "database is
 * locked" at its first write.
 */
test('a transaction that reads then writes waits for a write lock held elsewhere', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'immediate-'));
  const conn = await connect({ dataDir: dir });
  const file = path.join(dir, 'console.sqlite');
  try {
    await sql`CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)`.execute(conn.db);
    await sql`INSERT INTO t (v) VALUES ('first')`.execute(conn.db);
    // Another process takes the write lock, says so, and lets it go 300 ms later.
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const holder = spawn(process.execPath, [
      '-e',
      `const db = new (require(${JSON.stringify(driver)}))(${JSON.stringify(file)});
       db.exec('BEGIN IMMEDIATE'); process.stdout.write('locked\\n');
       Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
       db.exec('COMMIT'); db.close();`,
    ]);
    await new Promise<void>((resolve, reject) => {
      holder.stdout.on('data', (d: Buffer) => d.toString().includes('locked') && resolve());
      holder.on('exit', (code) => reject(new Error(`the lock holder exited (${code}) before taking the lock`)));
    });
    const written = await conn.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM t`.execute(trx);
      await sql`INSERT INTO t (v) VALUES (${`after ${rows[0]!.n}`})`.execute(trx);
      return rows[0]!.n;
    });
    expect(written).toBe(1);
    const { rows } = await sql<{ v: string }>`SELECT v FROM t ORDER BY id`.execute(conn.db);
    expect(rows.map((r) => r.v)).toEqual(['first', 'after 1']);
    await new Promise((resolve) => (holder.exitCode === null ? holder.on('exit', resolve) : resolve(undefined)));
  } finally {
    await conn.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
