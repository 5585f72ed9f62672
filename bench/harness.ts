import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { buildApp } from '../server/app';
import { benchConfig } from './shared';
import { seedMedicines, seedMedicinesPg } from './seed';
import { build } from 'esbuild';
import { ROOT, serverBundle } from '../scripts/build-server';

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
  /** performance.now() when the process was spawned (after bundling): start-up is timed from here. */
  spawnedAt: number;
}

/**
 * bench/<script> bundled the way `npm run build` bundles the server (scripts/build-server.ts) and
 * run by plain `node`, as `npm start` runs it; both servers alike. Bundles go to `dist-bench/`,
 * one folder below the repository like `server/`, so the server resolves its paths the same way.
 */
async function bundled(script: string): Promise<string> {
  const outfile = path.join(ROOT, 'dist-bench', script.replace(/\.ts$/, '.mjs'));
  await build(serverBundle(path.join(HERE, script), outfile));
  return outfile;
}

const startWords = () =>
  (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start.split(/\s+/);

/** The node flags of `npm start` (package.json), which the real server runs with here too. */
export function startFlags(): string[] {
  return startWords().filter((word) => word.startsWith('--'));
}

/** The environment `npm start` sets before `node` (`NAME=value` words, e.g. MALLOC_ARENA_MAX). */
export function startEnv(): Record<string, string> {
  const words = startWords();
  return Object.fromEntries(
    words.slice(0, words.indexOf('node')).flatMap((word) => {
      const at = word.indexOf('=');
      return at > 0 ? [[word.slice(0, at), word.slice(at + 1)]] : [];
    }),
  );
}

/**
 * Runs bench/<script> (bundled, plain node) and waits for its {"port","pid"} line. The real server
 * (serve-real.ts) gets `npm start`'s node flags and environment; the ceiling runs with node's defaults.
 */
export async function start(
  name: string,
  script: string,
  dataDir: string,
  opts: { nodeArgs?: string[]; env?: Record<string, string> } = {},
): Promise<Server> {
  const file = await bundled(script);
  const spawnedAt = performance.now();
  const real = script === 'serve-real.ts';
  const flags = real ? startFlags() : [];
  const child = spawn(process.execPath, [...flags, ...(opts.nodeArgs ?? []), file], {
    env: { ...env, ...(real ? startEnv() : {}), ...opts.env, BENCH_DATA_DIR: dataDir, BENCH_ADMIN_PASSWORD: PASSWORD },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`${name} exited early (${code})`))));
  const firstLine = new Promise<string>((resolve) => readline.createInterface({ input: child.stdout }).once('line', resolve));
  const { port, pid } = JSON.parse(await Promise.race([firstLine, exited])) as { port: number; pid: number };
  return { name, child, pid, base: `http://127.0.0.1:${port}`, spawnedAt };
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
/** Peak resident set size of a process (VmHWM), in MB. */
export const peakRssMb = (pid: number) => Number(/VmHWM:\s+(\d+)/.exec(read(`/proc/${pid}/status`))?.[1] ?? NaN) / 1024;
/** CPU seconds (user + system) a process has used so far. */
export function cpuSeconds(pid: number): number {
  const stat = read(`/proc/${pid}/stat`);
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return stat ? (Number(f[11]) + Number(f[12])) / CLK_TCK : NaN;
}
/** CPU seconds all processes on the machine have used so far (busy = not idle, not iowait). */
export function machineSeconds(): number {
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

export async function cannonOnce(s: Server, t: Target, seconds: number, warmUp = false): Promise<Measure> {
  const cpu0 = cpuSeconds(s.pid);
  const machine0 = machineSeconds();
  const client0 = process.cpuUsage();
  const wall0 = performance.now();
  const pathFn = typeof t.path === 'function' ? t.path : undefined;
  const r = await autocannon({
    url: s.base + (typeof t.path === 'string' ? t.path : '/'),
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 30,
    headers: t.headers,
    requests: pathFn ? [{ setupRequest: (req) => ({ ...req, path: pathFn() }) }] : undefined,
  });
  const wall = (performance.now() - wall0) / 1000;
  const used = process.cpuUsage(client0);
  const bad = r.non2xx + r.errors + r.timeouts;
  // A warm-up may see no answer yet (a slow server still draining the previous run's queue).
  if (!warmUp && (bad > 0 || r['2xx'] === 0)) {
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
    if (WARMUP > 0) await cannonOnce(s, t, WARMUP, true);
    const m = await cannonOnce(s, t, SECONDS);
    if (!best || m.otherCpu < best.otherCpu) best = m;
  }
  return best!;
}

/** A query for `alternate`: its name and its request, given a server's sign-in headers. */
export interface NamedQuery {
  name: string;
  target: (auth: Record<string, string>) => Target;
}

/**
 * Every query on every server, `rounds` times, a different server first each round, so that the
 * host's drift (this machine's speed changes by 1.5-2x within an hour) falls on all alike. The
 * measures by `${server index}|${query name}`, one per round.
 */
export async function alternate(
  servers: readonly { label: string; server: Server }[],
  queries: readonly NamedQuery[],
  rounds: number,
): Promise<Map<string, Measure[]>> {
  const auths = await Promise.all(servers.map((s) => signIn(s.server)));
  const results = new Map<string, Measure[]>();
  for (let round = 0; round < rounds; round++) {
    const order = servers.map((_, i) => (i + round) % servers.length);
    for (const q of queries) {
      for (const i of order) {
        const m = await cannon(servers[i]!.server, q.target(auths[i]!));
        const key = `${i}|${q.name}`;
        results.set(key, [...(results.get(key) ?? []), m]);
        console.log(
          `round ${round + 1} ${q.name}, ${servers[i]!.label}: ${n0(m.rps)} req/s, p99 ${n0(m.p99)} ms, ${n0(usPerReq(m))} µs CPU/req, RSS ${n1(m.rss)} MB`,
        );
      }
    }
  }
  return results;
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
    // trimEnd: porcelain lines start with a status column that may be a space.
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: HERE, stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trimEnd();
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
/** The middle value (the upper one of an even count); 0 for none. */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
/** Server CPU time per answered request, in microseconds: less sensitive to a busy host than req/s. */
export const usPerReq = (m: Measure) => (m.serverCpu / m.rps) * 1e6;
export const MEASURE_HEAD = [
  '| Server | req/s (avg) | p50 ms | p99 ms | RSS MB | server CPU | server µs CPU/req | client CPU | other CPU | 2xx |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
];
export const measureRow = (who: string, m: Measure) =>
  `| ${who} | ${n0(m.rps)} | ${n1(m.p50)} | ${n1(m.p99)} | ${n1(m.rss)} | ${cores(m.serverCpu)} | ${n0(usPerReq(m))} | ${cores(m.clientCpu)} | ${cores(m.otherCpu)} | ${n0(m.requests)} |`;

// ---- data sets at scale, on SQLite or PostgreSQL ----------------------------------------------
export type Kind = 'sqlite' | 'postgres';
export const PG_ADMIN_URL = env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const pgUrl = (name: string) => PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);

async function pgAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export interface ScaleData extends DataSet {
  kind: Kind;
  /** PostgreSQL only: the seeded database. */
  databaseUrl?: string;
  /** True when an earlier run's data set (BENCH_CACHE) was reused. */
  reused: boolean;
  /** Removes the data set unless it lives in BENCH_CACHE. */
  cleanup(): Promise<void>;
}

/** Counts the rows `term` matches the way the server's search does (FTS5 phrase / ILIKE on the indexed text). */
async function countHits(kind: Kind, dir: string, databaseUrl: string | undefined, term: string) {
  if (kind === 'sqlite') {
    const db = new SQLite(path.join(dir, 'console.sqlite'), { readonly: true });
    try {
      const ids = db.prepare('SELECT min(medicine_id) AS lo, max(medicine_id) AS hi, count(*) AS n FROM medicine').get() as {
        lo: number;
        hi: number;
        n: number;
      };
      const hits = db.prepare('SELECT count(*) FROM medicine_fts WHERE medicine_fts MATCH ?').pluck().get(`"${term}"`) as number;
      return { ...ids, hits };
    } finally {
      db.close();
    }
  }
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const ids = (
      await c.query<{ lo: number; hi: number; n: string }>(
        'SELECT min(medicine_id) AS lo, max(medicine_id) AS hi, count(*) AS n FROM medicine',
      )
    ).rows[0]!;
    const hits = (
      await c.query<{ n: string }>(
        `SELECT count(*) AS n FROM medicine WHERE (coalesce(medicine_code, '') || E'\\x1f' || coalesce(medicine_name, '')) ILIKE $1`,
        [`%${term}%`],
      )
    ).rows[0]!;
    return { lo: ids.lo, hi: ids.hi, n: Number(ids.n), hits: Number(hits.n) };
  } finally {
    await c.end();
  }
}

/**
 * `rows` bulk-seeded medicines on SQLite or PostgreSQL, after the real app's first start (schema,
 * search index, admin, samples). With BENCH_CACHE=<dir> the data set is kept (SQLite under that
 * dir, PostgreSQL as database bench_scale_<rows>) and reused by later runs: seeding a million rows
 * takes minutes. Without it, a throwaway temp dir / database is made and `cleanup()` removes it.
 */
export async function prepareScaleData(kind: Kind, rows: number): Promise<ScaleData> {
  const cache = env.BENCH_CACHE;
  const dir = cache ? path.join(cache, `${kind}-${rows}`) : fs.mkdtempSync(path.join(os.tmpdir(), 'console-bench-'));
  const marker = path.join(dir, 'seeded.json');
  const dbName = cache ? `bench_scale_${rows}` : `bench_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const databaseUrl = kind === 'postgres' ? pgUrl(dbName) : undefined;
  const cleanup = async () => {
    if (cache) return;
    if (kind === 'postgres') await pgAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
    fs.rmSync(dir, { recursive: true, force: true });
  };
  let seedMs: number;
  let reused = false;
  if (cache && fs.existsSync(marker)) {
    seedMs = (JSON.parse(fs.readFileSync(marker, 'utf8')) as { seedMs: number }).seedMs;
    reused = true;
  } else {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    if (kind === 'postgres') {
      await pgAdmin(async (c) => {
        await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await c.query(`CREATE DATABASE ${dbName}`);
      });
    }
    const { app } = await buildApp({ ...benchConfig(dir, PASSWORD), databaseUrl });
    await app.close();
    seedMs = databaseUrl ? (await seedMedicinesPg(databaseUrl, rows)).ms : seedMedicines(path.join(dir, 'console.sqlite'), rows).ms;
    fs.writeFileSync(marker, JSON.stringify({ seedMs }));
  }
  const ids = await countHits(kind, dir, databaseUrl, TERM);
  return { kind, dir, databaseUrl, reused, seedMs, cleanup, ...ids };
}

const RESULTS = () => path.join(HERE, 'RESULTS.md');
const resultsText = () => (fs.existsSync(RESULTS()) ? fs.readFileSync(RESULTS(), 'utf8') : '');

/**
 * RESULTS.md, which `npm run bench` rewrites, also holds the latest report of other scripts (and
 * the read-out of a profile), each between two markers, `<!-- name: ... -->` and `<!-- /name -->`:
 * bench/run.ts carries every such block over (`keptBlocks`), the script that wrote one replaces it.
 */
const BLOCK = /<!-- ([a-z-]+): [^>]*-->[\s\S]*?<!-- \/\1 -->/g;
const WRITERS: Record<string, string> = {
  'many-users': 'the latest run, written by bench/many-users.ts',
  profile: 'the latest run, written by bench/profile-get.ts',
  partial: 'the latest run of some queries only (BENCH_ONLY), written by bench/run.ts',
};

/** Every marked block of RESULTS.md, in order. */
export function keptBlocks(): string[] {
  return resultsText().match(BLOCK) ?? [];
}

/** Puts `report` into RESULTS.md as the block `name`, in place of the one there (at the end if none). */
export function writeBlock(name: string, report: string): void {
  const block = `<!-- ${name}: ${WRITERS[name] ?? 'kept by bench/run.ts'} -->\n${report.trim()}\n<!-- /${name} -->`;
  const text = resultsText();
  const old = (text.match(BLOCK) ?? []).find((b) => b.startsWith(`<!-- ${name}:`));
  fs.writeFileSync(RESULTS(), old ? text.replace(old, () => block) : `${text.trimEnd()}\n\n${block}\n`);
}

/** Issue 14 wants the many-users numbers in RESULTS.md (MANY-USERS.md keeps every run). */
export function writeManyUsersBlock(report: string): void {
  writeBlock('many-users', report);
}
