import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { buildApp } from '../server/app';
import { benchConfig } from './shared';
import { seedMedicines } from './seed';

/** What bench/run.ts and bench/breakdown.ts share: data set, child servers, load and /proc readings. */
export const env = process.env;
export const SECONDS = Number(env.BENCH_SECONDS ?? 10);
export const WARMUP = Number(env.BENCH_WARMUP ?? 2);
export const ROWS = Number(env.BENCH_ROWS ?? 100_000);
export const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 50);
export const TERM = env.BENCH_SEARCH ?? 'Amlodipine 5';
/** A run during which other processes used more than this many cores is redone (the host is shared). */
export const NOISE = Number(env.BENCH_NOISE ?? 0.25);
export const PASSWORD = 'bench-admin-password';
export const HERE = import.meta.dirname;

// ---- data set -----------------------------------------------------------------------------
export interface DataSet {
  dir: string;
  lo: number;
  hi: number;
  n: number;
  hits: number;
  seedMs: number;
}

/** A fresh data dir: first start of the real app (schema, FTS triggers, admin, samples), then the bulk seed. */
export async function prepareData(): Promise<DataSet> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-bench-'));
  const { app } = await buildApp(benchConfig(dir, PASSWORD));
  await app.close();
  const file = path.join(dir, 'console.sqlite');
  const seeded = seedMedicines(file, ROWS);
  const db = new SQLite(file, { readonly: true });
  try {
    const ids = db.prepare('SELECT min(medicine_id) AS lo, max(medicine_id) AS hi, count(*) AS n FROM medicine').get() as {
      lo: number;
      hi: number;
      n: number;
    };
    const hits = db.prepare('SELECT count(*) FROM medicine_fts WHERE medicine_fts MATCH ?').pluck().get(`"${TERM}"`) as number;
    if (hits === 0 || hits > ids.n / 10) throw new Error(`search term "${TERM}" should match a small fraction of rows, matched ${hits}`);
    return { dir, ...ids, hits, seedMs: seeded.ms };
  } finally {
    db.close();
  }
}

// ---- child servers ------------------------------------------------------------------------
export interface Server {
  name: string;
  child: ChildProcess;
  pid: number;
  base: string;
}

/** Runs bench/<script> under `node --import tsx` and waits for its {"port","pid"} line. */
export async function start(
  name: string,
  script: string,
  dataDir: string,
  opts: { nodeArgs?: string[]; env?: Record<string, string> } = {},
): Promise<Server> {
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', path.join(HERE, script)], {
    env: { ...env, ...opts.env, BENCH_DATA_DIR: dataDir, BENCH_ADMIN_PASSWORD: PASSWORD },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`${name} exited early (${code})`))));
  const firstLine = new Promise<string>((resolve) => readline.createInterface({ input: child.stdout }).once('line', resolve));
  const { port, pid } = JSON.parse(await Promise.race([firstLine, exited])) as { port: number; pid: number };
  return { name, child, pid, base: `http://127.0.0.1:${port}` };
}

export async function stop(s: Server): Promise<void> {
  if (s.child.exitCode !== null || s.child.signalCode !== null) return;
  const done = new Promise((resolve) => s.child.once('exit', resolve));
  s.child.kill('SIGTERM');
  await done;
}

export async function signIn(s: Server): Promise<Record<string, string>> {
  const res = await fetch(`${s.base}/api/users/user-login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  const token = ((await res.json()) as { data?: { token?: string } }).data?.token;
  if (res.status !== 200 || !token) throw new Error(`sign-in failed: HTTP ${res.status}`);
  return { 'access-token': token };
}

// ---- /proc readings (Linux; NaN elsewhere) ------------------------------------------------
const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString()) || 100;
  } catch {
    return 100;
  }
})();
const read = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};
/** Resident set size of a process, in MB. */
export const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(read(`/proc/${pid}/status`))?.[1] ?? NaN) / 1024;
/** CPU seconds (user + system) a process has used so far. */
function cpuSeconds(pid: number): number {
  const stat = read(`/proc/${pid}/stat`);
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return stat ? (Number(f[11]) + Number(f[12])) / CLK_TCK : NaN;
}
/** CPU seconds all processes on the machine have used so far (busy = not idle, not iowait). */
function machineSeconds(): number {
  const f = read('/proc/stat').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  if (f.length < 5) return NaN;
  return (f.reduce((a, b) => a + b, 0) - f[3]! - f[4]!) / CLK_TCK;
}

/** Waits (up to `max` s) for a second in which the machine is nearly idle; answers the seconds waited. */
export async function waitQuiet(max = 60): Promise<number> {
  const t0 = performance.now();
  while ((performance.now() - t0) / 1000 < max) {
    const m0 = machineSeconds();
    await new Promise((r) => setTimeout(r, 1000));
    if (!(machineSeconds() - m0 > NOISE)) break;
  }
  return (performance.now() - t0) / 1000;
}

// ---- load ---------------------------------------------------------------------------------
export interface Target {
  path: string | (() => string);
  headers?: Record<string, string>;
}
export interface Measure {
  rps: number;
  p50: number;
  p99: number;
  rss: number;
  /** Cores used during the run by the server, the load generator and everything else. */
  serverCpu: number;
  clientCpu: number;
  otherCpu: number;
  requests: number;
}

async function cannonOnce(s: Server, t: Target, seconds: number): Promise<Measure> {
  const cpu0 = cpuSeconds(s.pid);
  const machine0 = machineSeconds();
  const client0 = process.cpuUsage();
  const wall0 = performance.now();
  const pathFn = typeof t.path === 'function' ? t.path : undefined;
  const r = await autocannon({
    url: s.base + (typeof t.path === 'string' ? t.path : '/'),
    connections: CONNECTIONS,
    duration: seconds,
    headers: t.headers,
    requests: pathFn ? [{ setupRequest: (req) => ({ ...req, path: pathFn() }) }] : undefined,
  });
  const wall = (performance.now() - wall0) / 1000;
  const used = process.cpuUsage(client0);
  const bad = r.non2xx + r.errors + r.timeouts;
  if (bad > 0 || r['2xx'] === 0) {
    throw new Error(`${s.name} ${String(t.path)}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts, ${r['2xx']} 2xx`);
  }
  const serverCpu = (cpuSeconds(s.pid) - cpu0) / wall;
  const clientCpu = (used.user + used.system) / 1e6 / wall;
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    rss: rssMb(s.pid),
    serverCpu,
    clientCpu,
    otherCpu: Math.max(0, (machineSeconds() - machine0) / wall - serverCpu - clientCpu),
    requests: r['2xx'],
  };
}

/**
 * Warm-up (discarded), then the measured run. The host may be shared: each run starts after a
 * quiet second, and a run during which other processes used more than NOISE cores is redone
 * (up to 3 tries; the quietest one is kept).
 */
export async function cannon(s: Server, t: Target): Promise<Measure> {
  let best: Measure | undefined;
  for (let attempt = 0; attempt < 3 && !(best && best.otherCpu <= NOISE); attempt++) {
    await waitQuiet();
    if (WARMUP > 0) await cannonOnce(s, t, WARMUP);
    const m = await cannonOnce(s, t, SECONDS);
    if (!best || m.otherCpu < best.otherCpu) best = m;
  }
  return best!;
}

/** One request by hand first: HTTP 200, status 1, and the expected shape. */
export async function check(s: Server, t: Target, expect: (body: { data: unknown; total?: number }) => string | undefined): Promise<void> {
  const p = typeof t.path === 'string' ? t.path : t.path();
  const res = await fetch(s.base + p, { headers: t.headers });
  const body = (await res.json()) as { status: number; data: unknown; total?: number; message?: string };
  const problem = res.status !== 200 ? `HTTP ${res.status}` : body.status !== 1 ? `status ${body.status}` : expect(body);
  if (problem) throw new Error(`${s.name} ${p}: ${problem} (${body.message ?? ''})`);
}

export const isPage = (n: number) => (b: { data: unknown; total?: number }) =>
  Array.isArray(b.data) && b.data.length === n && typeof b.total === 'number' ? undefined : `expected ${n} rows and a total`;
export const isRecord = (b: { data: unknown }) =>
  b.data && typeof b.data === 'object' && 'medicine_id' in b.data ? undefined : 'expected one medicine';

// ---- formatting ---------------------------------------------------------------------------
export const n0 = (x: number) => x.toLocaleString('en-US', { maximumFractionDigits: 0 });
export const n1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : 'n/a');
export const cores = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : 'n/a');
/** Which server code was measured: commit, plus any uncommitted changes under server/ and resources/. */
export function codeState(): string {
  if (env.BENCH_CODE) return env.BENCH_CODE;
  try {
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: HERE, stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim();
    const dirty = git('status', '--porcelain', '--', '../server', '../resources');
    return `commit ${git('rev-parse', '--short', 'HEAD')}${
      dirty
        ? ` + uncommitted changes: ${dirty
            .split('\n')
            .map((l) => l.slice(3))
            .join(', ')}`
        : ' (server/ and resources/ clean)'
    }`;
  } catch {
    return 'unknown (not a git checkout; set BENCH_CODE)';
  }
}
export function machine(): string {
  const cpu = os.cpus();
  return `${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB RAM, ${os.type()} ${os.release()}, Node ${process.version}`;
}
/** Server CPU time per answered request, in microseconds: less sensitive to a busy host than req/s. */
export const usPerReq = (m: Measure) => (m.serverCpu / m.rps) * 1e6;
export const MEASURE_HEAD = [
  '| Server | req/s (avg) | p50 ms | p99 ms | RSS MB | server CPU | server µs CPU/req | client CPU | other CPU | 2xx |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
];
export const measureRow = (who: string, m: Measure) =>
  `| ${who} | ${n0(m.rps)} | ${n1(m.p50)} | ${n1(m.p99)} | ${n1(m.rss)} | ${cores(m.serverCpu)} | ${n0(usPerReq(m))} | ${cores(m.clientCpu)} | ${cores(m.otherCpu)} | ${n0(m.requests)} |`;
