import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { serverBundle } from '../../scripts/build-server';

/**
 * Real processes for the fault tests: the server as `npm start` runs it (a bundle of the current
 * source under plain node), a `redis-server` and a PostgreSQL cluster of the test's own, each on a
 * free port, so a test can stop and start them without touching the machine's services.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
export const ADMIN_PASSWORD = 'faults-admin-password';

export async function freePort(): Promise<number> {
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

export async function exited(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  await new Promise((r) => proc.once('exit', r));
}

const alive = (proc: ChildProcess) => proc.exitCode === null && proc.signalCode === null;

/**
 * The server bundle, built from the current source beside `dist-server/main.js` (so it resolves
 * `dist/` and `data/` as that does) under a name of this run's own: other builds may be running.
 */
export async function buildServer(): Promise<{ file: string; remove(): void }> {
  const file = path.join(ROOT, 'dist-server', `faults-${process.pid}-${Math.random().toString(36).slice(2, 8)}.js`);
  await build(serverBundle(path.join(ROOT, 'server', 'main.ts'), file));
  return {
    file,
    remove() {
      fs.rmSync(file, { force: true });
      fs.rmSync(`${file}.map`, { force: true });
    },
  };
}

export interface ConsoleProcess {
  proc: ChildProcess;
  /** `http://127.0.0.1:port/api` */
  base: string;
  url: string;
  /** Everything it printed (stdout and stderr). */
  output(): string;
  alive(): boolean;
  stop(): Promise<void>;
}

export async function startConsole(bundle: string, env: Record<string, string>): Promise<ConsoleProcess> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-faults-'));
  const proc = spawn(process.execPath, ['--enable-source-maps', bundle], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      SEED_SAMPLES: '0',
      LOGIN_RATE_LIMIT: '1000',
      LOG: '1',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout.on('data', (c: Buffer) => (output += c.toString()));
  proc.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (!alive(proc)) throw new Error(`the server exited: ${output}`);
    if (output.includes('Hospital console is running')) break;
    if (Date.now() > deadline) throw new Error(`the server did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    proc,
    base: `${url}/api`,
    url,
    output: () => output,
    alive: () => alive(proc),
    async stop() {
      if (alive(proc)) proc.kill('SIGTERM');
      await exited(proc);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface RedisProcess {
  port: number;
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** A `redis-server` of the test's own (no persistence), on a free port that stays its own across restarts. */
export async function redisServer(): Promise<RedisProcess> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-redis-'));
  let proc: ChildProcess | undefined;
  const server: RedisProcess = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      proc.stdout?.on('data', (c: Buffer) => (output += c.toString()));
      const deadline = Date.now() + 20_000;
      while (!output.includes('Ready to accept connections')) {
        if (proc.exitCode !== null) throw new Error(`redis-server exited: ${output}`);
        if (Date.now() > deadline) throw new Error(`redis-server did not start: ${output}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async stop() {
      if (!proc) return;
      const p = proc;
      proc = undefined;
      if (alive(p)) p.kill('SIGTERM');
      await exited(p);
    },
  };
  await server.start();
  return server;
}

export interface PgCluster {
  url: string;
  start(): void;
  stop(): void;
  remove(): void;
}

/**
 * A PostgreSQL cluster in a temporary folder, made by Debian's initdb and run by pg_ctl as the
 * `postgres` user (initdb refuses root), listening on loopback only.
 */
export async function pgCluster(): Promise<PgCluster> {
  const version = fs
    .readdirSync('/usr/lib/postgresql')
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a))[0];
  if (!version) throw new Error('no PostgreSQL installed under /usr/lib/postgresql');
  const bin = (name: string) => `/usr/lib/postgresql/${version}/bin/${name}`;
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-pg-'));
  const data = path.join(dir, 'data');
  const asPostgres = (args: string[]) => {
    const root = process.getuid?.() === 0;
    execFileSync(root ? 'runuser' : args[0]!, root ? ['-u', 'postgres', '--', ...args] : args.slice(1), { stdio: 'pipe' });
  };
  fs.chownSync(dir, ...ownerOfPostgres());
  asPostgres([bin('initdb'), '-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const cluster: PgCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start() {
      asPostgres([
        bin('pg_ctl'),
        '-D',
        data,
        '-l',
        path.join(dir, 'log'),
        '-w',
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
        'start',
      ]);
    },
    stop() {
      asPostgres([bin('pg_ctl'), '-D', data, '-m', 'fast', '-w', 'stop']);
    },
    remove() {
      try {
        cluster.stop();
      } catch {
        // Already stopped.
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}

function ownerOfPostgres(): [number, number] {
  if (process.getuid?.() !== 0) return [process.getuid?.() ?? 0, process.getgid?.() ?? 0];
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('no postgres user on this machine');
  const [, , uid, gid] = line.split(':');
  return [Number(uid), Number(gid)];
}

/** A request that must be answered within `ms`: it fails (throws) rather than hang. */
export async function call(
  base: string,
  method: string,
  route: string,
  token?: string,
  body?: unknown,
  ms = 10_000,
): Promise<{ status: number; json: { status: number; message: string; data: unknown } }> {
  const res = await fetch(`${base}${route}`, {
    method,
    headers: { ...(token && { 'access-token': token }), ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(ms),
  });
  return { status: res.status, json: (await res.json()) as { status: number; message: string; data: unknown } };
}

export async function signIn(base: string, username = 'admin', password = ADMIN_PASSWORD): Promise<string> {
  const { status, json } = await call(base, 'POST', '/users/user-login/', undefined, { username, password });
  if (status !== 200) throw new Error(`sign-in of ${username} answered ${status}: ${json.message}`);
  return (json.data as { token: string }).token;
}
