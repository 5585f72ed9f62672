import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverBundle } from '../../scripts/build-server';
import { createThrowawayDb, figure, type Kind } from './support';

/**
 * The real server as `npm start` runs it (the bundle `dist-server/main.js`, built here from the
 * current source, under plain node) in a child process, killed with SIGKILL in the middle of
 * a stream of writes, then started again on the same data: every write it acknowledged (201) is
 * there, and the database checks out (SQLite `PRAGMA integrity_check`, PostgreSQL amcheck on the
 * table's indexes).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'durability-admin-password';
const IN_FLIGHT = 8;
const SERVER = path.join(ROOT, 'dist-server', 'main.js');

beforeAll(async () => {
  await build(serverBundle(path.join(ROOT, 'server', 'main.ts'), SERVER));
});
const ACKS_BEFORE_KILL = 150;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => {
        resolve(port);
      });
    });
    srv.on('error', reject);
  });
}

interface Child {
  proc: ChildProcess;
  base: string;
}

async function startChild(dataDir: string, databaseUrl?: string): Promise<Child> {
  const port = await freePort();
  // node itself, not npm: npm would run the server in a grandchild that a SIGKILL of npm would
  // leave running.
  const proc = spawn(process.execPath, ['--enable-source-maps', SERVER], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: PASSWORD,
      SEED_SAMPLES: '0',
      LOG: '0',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout.on('data', (c: Buffer) => (output += c.toString()));
  proc.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const base = `http://127.0.0.1:${port}/api`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`the server exited: ${output}`);
    if (output.includes('Hospital console is running')) return { proc, base };
    if (Date.now() > deadline) throw new Error(`the server did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function exited(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  await new Promise((r) => proc.once('exit', r));
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/users/user-login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  const body = (await res.json()) as { data: { token: string } };
  return body.data.token;
}

/** Writes categories as fast as IN_FLIGHT clients can until the child dies; answers the acknowledged codes. */
async function writeUntilKilled(child: Child, token: string): Promise<{ acked: string[]; failed: number; elapsed: number }> {
  const acked: string[] = [];
  let failed = 0;
  let next = 0;
  // Shared by the workers (an object, so each sees the others' update).
  const state = { killed: false };
  const killed = () => state.killed;
  const started = Date.now();
  const worker = async () => {
    while (!killed()) {
      const code = `DUR-${next++}`;
      try {
        const res = await fetch(`${child.base}/pharmacy-category/pharmacy-category-create`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'access-token': token },
          body: JSON.stringify({ pharmacy_category_code: code, pharmacy_category_name: `Durable ${code}` }),
        });
        if (res.status === 201) acked.push(code);
        else failed++;
      } catch {
        // The connection died with the server: this write was never acknowledged.
        failed++;
        if (killed()) return;
      }
      if (!killed() && acked.length >= ACKS_BEFORE_KILL) {
        state.killed = true;
        child.proc.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  await exited(child.proc);
  return { acked, failed, elapsed: Date.now() - started };
}

async function listCodes(base: string, token: string): Promise<Set<string>> {
  const res = await fetch(`${base}/pharmacy-category/pharmacy-category-list/`, { headers: { 'access-token': token } });
  const body = (await res.json()) as { data: { pharmacy_category_code: string }[] | null; message: string };
  if (!Array.isArray(body.data)) throw new Error(`list answered ${res.status}: ${body.message}`);
  return new Set(body.data.map((r) => r.pharmacy_category_code).filter((c) => c.startsWith('DUR-')));
}

const KINDS: Kind[] = ['sqlite', 'postgres'];

describe('durability: SIGKILL during a stream of writes', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  for (const kind of KINDS) {
    it(`keeps every acknowledged write on ${kind}`, { timeout: 300_000 }, async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-durability-'));
      cleanups.push(() => {
        fs.rmSync(dataDir, { recursive: true, force: true });
      });
      const db = kind === 'postgres' ? await createThrowawayDb() : undefined;
      if (db) cleanups.push(() => db.drop());

      const first = await startChild(dataDir, db?.url);
      cleanups.push(() => {
        if (first.proc.exitCode === null) first.proc.kill('SIGKILL');
      });
      const { acked, failed, elapsed } = await writeUntilKilled(first, await signIn(first.base));
      expect(first.proc.signalCode).toBe('SIGKILL');
      // Nothing answers on the killed server's port any more.
      await expect(fetch(`${first.base}/users/get-auth-user`)).rejects.toThrow();

      const second = await startChild(dataDir, db?.url);
      cleanups.push(() => {
        if (second.proc.exitCode === null) second.proc.kill('SIGKILL');
      });
      const stored = await listCodes(second.base, await signIn(second.base));
      const lost = acked.filter((c) => !stored.has(c));
      expect(lost).toEqual([]);

      let integrity: string;
      if (kind === 'sqlite') {
        const sqlite = new SQLite(path.join(dataDir, 'console.sqlite'), { readonly: true });
        integrity = sqlite.pragma('integrity_check', { simple: true }) as string;
        sqlite.close();
        expect(integrity).toBe('ok');
      } else {
        const client = new pg.Client({ connectionString: db!.url });
        await client.connect();
        await client.query('CREATE EXTENSION IF NOT EXISTS amcheck');
        const { rows } = await client.query<{ index: string }>(
          `SELECT c.relname AS index, bt_index_check(c.oid, true) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
           JOIN pg_class t ON t.oid = i.indrelid JOIN pg_am am ON am.oid = c.relam
           WHERE t.relname = 'pharmacy_category' AND am.amname = 'btree'`,
        );
        await client.end();
        expect(rows.length).toBeGreaterThan(0);
        integrity = `amcheck ok on ${rows.length} indexes`;
      }
      second.proc.kill('SIGTERM');
      await exited(second.proc);
      figure(
        `durability (${kind})`,
        `${acked.length} writes acknowledged in ${elapsed} ms before SIGKILL (${IN_FLIGHT} in flight), ${failed} cut off, ${stored.size - acked.length} unacknowledged but stored, 0 lost; ${integrity}`,
      );
    });
  }
});
