import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { connect } from '../server/db/connect';
import { compiledRunner } from '../server/db/compiled';
import { createReader } from '../server/crud/read';
import { parseListQuery } from '../server/crud/list-query';
import { registry } from '../resources';
import * as h from './harness';

/**
 * The database's own ceiling for a search asked for the first time: the exact statements our
 * server sends for one search page of 50 with its total (captured from `reader.list` with nothing
 * kept), replayed by 50 closed-loop clients with no HTTP, no sign-in check, no JSON and no
 * server in between. If this misses the p99 target, no server on top of the same index can meet it
 * on this machine.
 *
 * - PostgreSQL: pgbench (C, two threads), 50 connections, the statements with their values inlined.
 * - SQLite: one reader connection per core in worker threads, each running the statements in a
 *   loop. Latencies are those of an ideal fair server: with k clients per core served in turn, a
 *   request waits for the k requests of its turn (the sum of k consecutive service times). The
 *   same for one core (k = 50), as our server uses it.
 *
 * Env: BENCH_SCALES (default 100000,1000000), BENCH_DBS (sqlite,postgres), BENCH_CACHE (reuse the
 * seeded data sets), BENCH_SECONDS, BENCH_WARMUP, BENCH_CONNECTIONS, BENCH_SEARCH.
 */
const scales = (h.env.BENCH_SCALES ?? '100000,1000000').split(',').map(Number);
const kinds = (h.env.BENCH_DBS ?? 'sqlite,postgres').split(',') as h.Kind[];
const CORES = os.availableParallelism();
const d = registry.get('medicine');
const TARGET_MS: Record<number, number> = { 100_000: 100, 1_000_000: 250 };

interface Statement {
  sql: string;
  params: unknown[];
}

/** The statements one search request sends to the database, captured below the driver. */
async function capture(kind: h.Kind, data: h.ScaleData): Promise<Statement[]> {
  const seen: Statement[] = [];
  let on = false;
  const conn = await connect({ dataDir: data.dir, databaseUrl: data.databaseUrl });
  const restore: (() => void)[] = [];
  if (kind === 'sqlite') {
    const proto = Object.getPrototypeOf(conn.sqlite!.prepare('select 1')) as Record<'all' | 'get', (...a: unknown[]) => unknown>;
    for (const m of ['all', 'get'] as const) {
      const original = proto[m];
      proto[m] = function (this: SQLite.Statement, ...args: unknown[]) {
        if (on) seen.push({ sql: this.source, params: args.flat() });
        return original.apply(this, args);
      };
      restore.push(() => (proto[m] = original));
    }
  } else {
    const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
    const original = proto.query;
    proto.query = function (this: pg.Client, text: unknown, values?: unknown) {
      if (on && typeof text === 'string') seen.push({ sql: text, params: Array.isArray(values) ? values : [] });
      return original.call(this, text, values);
    };
    restore.push(() => (proto.query = original));
  }
  try {
    // No write generation: nothing is kept, as for a term asked for the first time.
    const reader = createReader(conn.db, conn.dialect, registry, compiledRunner(conn));
    const q = parseListQuery(d, { status: 'all', search: h.TERM, limit: '50' });
    on = true;
    const answer = await reader.list(d, q);
    on = false;
    if (answer.total !== data.hits) throw new Error(`captured search answered ${answer.total}, expected ${data.hits}`);
    return seen;
  } finally {
    for (const r of restore) r();
    await conn.close();
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

interface Result {
  how: string;
  reqPerSec: number;
  p50: number;
  p99: number;
}

/**
 * pgbench with `connections` connections, values inlined as literals (simple protocol: parsed and
 * planned each time, as ours are). With fewer connections than clients, the clients share them in
 * fair turns, as behind a pool.
 */
function pgCeiling(data: h.ScaleData, statements: Statement[], connections: number): Result {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-ceiling-'));
  try {
    const client = new pg.Client();
    const literal = (v: unknown) => (typeof v === 'number' ? String(v) : client.escapeLiteral(String(v)));
    const script = statements
      .map((s) => `${s.sql.replace(/\$(\d+)/g, (_, n: string) => literal(s.params[Number(n) - 1])).replace(/\s+/g, ' ')};`)
      .join('\n');
    fs.writeFileSync(path.join(dir, 'search.sql'), `${script}\n`);
    const url = data.databaseUrl!;
    const bench = (seconds: number, log: boolean) =>
      execFileSync(
        'pgbench',
        [
          '-n',
          '-c',
          String(connections),
          '-j',
          String(Math.min(CORES, connections)),
          '-T',
          String(seconds),
          '-f',
          path.join(dir, 'search.sql'),
          ...(log ? ['-l', `--log-prefix=${path.join(dir, 'log')}`] : []),
          url,
        ],
        { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
      );
    bench(h.WARMUP, false);
    bench(h.SECONDS, true);
    // Each log line: client, transaction number, latency in µs, script, epoch seconds, µs; a
    // client's lines are in its order.
    const perClient = new Map<string, number[]>();
    for (const f of fs.readdirSync(dir).filter((name) => name.startsWith('log'))) {
      for (const line of fs.readFileSync(path.join(dir, f), 'utf8').trim().split('\n')) {
        const [client, , us] = line.split(' ');
        const times = perClient.get(client!) ?? [];
        times.push(Number(us) / 1000);
        perClient.set(client!, times);
      }
    }
    const done = [...perClient.values()].reduce((n, t) => n + t.length, 0);
    const latencies = fairLatencies([...perClient.values()], Math.ceil(h.CONNECTIONS / connections));
    return {
      how:
        connections >= h.CONNECTIONS
          ? `pgbench, ${connections} connections`
          : `pgbench, ${connections} connections, ${h.CONNECTIONS} clients in fair turns`,
      reqPerSec: done / h.SECONDS,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** One read-only connection per worker thread; returns each worker's service times (ms) in order. */
async function sqliteServiceTimes(file: string, statements: Statement[], workers: number): Promise<number[][]> {
  const code = `
    const { workerData, parentPort } = require('node:worker_threads');
    const SQLite = require('better-sqlite3');
    const db = new SQLite(workerData.file, { readonly: true });
    const prepared = workerData.statements.map((s) => [db.prepare(s.sql), s.params]);
    const run = () => { for (const [st, params] of prepared) st.all(...params); };
    const warmUntil = performance.now() + workerData.warmupMs;
    while (performance.now() < warmUntil) run();
    const times = [];
    const until = performance.now() + workerData.ms;
    while (performance.now() < until) {
      const t0 = performance.now();
      run();
      times.push(performance.now() - t0);
    }
    db.close();
    parentPort.postMessage(times);
  `;
  return Promise.all(
    Array.from(
      { length: workers },
      () =>
        new Promise<number[]>((resolve, reject) => {
          const w = new Worker(code, {
            eval: true,
            workerData: { file, statements, ms: h.SECONDS * 1000, warmupMs: h.WARMUP * 1000 },
          });
          w.once('message', resolve);
          w.once('error', reject);
        }),
    ),
  );
}

/** An ideal fair server with `k` clients per worker: a request waits for its turn's k requests. */
function fairLatencies(perWorker: number[][], k: number): number[] {
  const out: number[] = [];
  for (const times of perWorker) {
    let window = 0;
    times.forEach((t, i) => {
      window += t - (i >= k ? times[i - k]! : 0);
      if (i >= k - 1) out.push(window);
    });
  }
  return out.sort((a, b) => a - b);
}

async function sqliteCeiling(data: h.ScaleData, statements: Statement[], workers: number): Promise<Result> {
  const perWorker = await sqliteServiceTimes(path.join(data.dir, 'console.sqlite'), statements, workers);
  const done = perWorker.reduce((n, t) => n + t.length, 0);
  const latencies = fairLatencies(perWorker, Math.ceil(h.CONNECTIONS / workers));
  return {
    how: `${workers} reader thread${workers > 1 ? 's' : ''}, ${h.CONNECTIONS} clients in fair turns`,
    reqPerSec: done / h.SECONDS,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

const lines = [
  `Measured ${new Date().toISOString()}, ${h.codeState()}, "${h.TERM}", ${h.SECONDS} s after ${h.WARMUP} s of warm-up, ${CORES} cores.`,
  '',
  '| DB | medicines | matches | statements | clients | req/s | p50 ms | p99 ms | p99 target |',
  '|---|---:|---:|---:|---|---:|---:|---:|---:|',
];
for (const rows of scales) {
  for (const kind of kinds) {
    const data = await h.prepareScaleData(kind, rows);
    try {
      const statements = await capture(kind, data);
      console.log(`${kind} ${rows}: ${statements.length} statements\n${statements.map((s) => `  ${s.sql}`).join('\n')}`);
      const results =
        kind === 'postgres'
          ? [pgCeiling(data, statements, h.CONNECTIONS), pgCeiling(data, statements, CORES)]
          : [await sqliteCeiling(data, statements, 1), await sqliteCeiling(data, statements, CORES)];
      const target = TARGET_MS[rows];
      for (const r of results) {
        const verdict = target === undefined ? '-' : `< ${target} ${r.p99 < target ? 'PASS' : 'MISS'}`;
        const line = `| ${kind} | ${h.n0(data.n)} | ${h.n0(data.hits)} | ${statements.length} | ${r.how} | ${h.n0(r.reqPerSec)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${verdict} |`;
        lines.push(line);
        console.log(line);
      }
    } finally {
      await data.cleanup();
    }
  }
}
console.log(`\n${lines.join('\n')}`);
if (h.env.BENCH_CEILING_OUT) fs.appendFileSync(path.resolve(h.env.BENCH_CEILING_OUT), `${lines.join('\n')}\n`);
