/**
 * The audit trail's cost and its log page, on SQLite and PostgreSQL (`npx tsx bench/audit.ts`;
 * AUDIT_BENCH_ENTRIES, default 1,000,000; AUDIT_BENCH_KINDS, default "sqlite,postgres").
 *
 * 1. Create and update throughput with the trail against without it, in one run: the same server
 *    (in this process, `app.inject`, one request at a time), its recorder switched between the
 *    trail and none, in short interleaved batches after a warm-up (AUDIT_BENCH_PAIRS, default 60);
 *    each mode's writes over the time of all its batches.
 * 2. The audit log's filtered page at 1,000,000 entries: the entries are written straight to the
 *    table (a real chain), then each filter's page (50 rows and the total) is asked 100 times, one
 *    request at a time; the median.
 *
 * Writes its report into bench/RESULTS.md (block `audit`) and prints it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { buildApp } from '../server/app';
import { trailOf } from '../server/modules/audit/trail';
import { auditDb, entryHash, GENESIS, type AuditLogTable, type HashedEntry } from '../server/modules/audit/chain';
import { auditQueries } from '../server/modules/audit/queries';
import { registry } from '../resources';
import { benchConfig } from './shared';
import { codeState, machine, writeBlock } from './harness';

type Kind = 'sqlite' | 'postgres';
const ENTRIES = Number(process.env.AUDIT_BENCH_ENTRIES ?? 1_000_000);
const KINDS = (process.env.AUDIT_BENCH_KINDS ?? 'sqlite,postgres').split(',') as Kind[];
/** Pairs of batches (one with the trail, one without), each batch BATCH creates then BATCH updates. */
const PAIRS = Number(process.env.AUDIT_BENCH_PAIRS ?? 60);
const BATCH = 50;
const WARM_UP_BATCHES = 4;
const PAGE_RUNS = 100;
const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'audit-bench-password';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const ms = (x: number) => x.toFixed(1);

async function throwawayPg() {
  const name = `console_audit_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    url: PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`),
    async drop() {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function benchKind(kind: Kind): Promise<string[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-audit-bench-'));
  const pgDb = kind === 'postgres' ? await throwawayPg() : undefined;
  const { app } = await buildApp({ ...benchConfig(dataDir, PASSWORD), seedSamples: false, databaseUrl: pgDb?.url, readerThreads: 0 });
  const lines: string[] = [];
  try {
    const login = await app.inject({ method: 'POST', url: '/api/users/user-login', payload: { username: 'admin', password: PASSWORD } });
    const headers = { 'access-token': login.json<{ data: { token: string } }>().data.token };
    const call = async (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) => {
      const res = await app.inject({ method, url, headers, ...(payload && { payload }) });
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json<{ data: Record<string, unknown> & { total?: number }; total?: number }>();
    };

    // 1. Throughput, with and without the trail, in short alternating batches.
    // The app's own trail (its recorder is what the server installs), switched off and on.
    const trail = trailOf(app.ctx.conn);
    const none = () => Promise.resolve();
    // Milliseconds of wall clock and of this process's CPU (all its threads) spent on each mode's writes.
    const spent = {
      on: { create: { wall: 0, cpu: 0 }, update: { wall: 0, cpu: 0 } },
      off: { create: { wall: 0, cpu: 0 }, update: { wall: 0, cpu: 0 } },
    };
    const timed = async (into: { wall: number; cpu: number } | undefined, writes: () => Promise<void>) => {
      const t = performance.now();
      const cpu = process.cpuUsage();
      await writes();
      const used = process.cpuUsage(cpu);
      if (!into) return;
      into.wall += performance.now() - t;
      into.cpu += (used.user + used.system) / 1000;
    };
    let serial = 0;
    // Short batches, the two modes interleaved (on-off, off-on, ...) and their times summed: the
    // host's drift, the garbage collector and the growing tables then weigh on both alike, where a
    // few long rounds each left the ratio at the mercy of one slow round. The first pairs only warm up.
    for (let batch = -WARM_UP_BATCHES; batch < PAIRS * 2; batch++) {
      const pair = Math.floor(batch / 2);
      const mode = (batch + (pair & 1)) % 2 === 0 ? 'on' : 'off';
      const counted = batch >= 0 ? spent[mode] : undefined;
      app.ctx.crud.recordIn(mode === 'on' ? trail.recorder : none);
      const ids: number[] = [];
      await timed(counted?.create, async () => {
        for (let i = 0; i < BATCH; i++) {
          const code = `AB-${++serial}`;
          const made = await call('POST', '/api/pharmacy-category/pharmacy-category-create', {
            pharmacy_category_code: code,
            pharmacy_category_name: `Bench ${code}`,
          });
          ids.push(Number(made.data.pharmacy_category_id));
        }
      });
      await timed(counted?.update, async () => {
        for (const id of ids)
          await call('PUT', `/api/pharmacy-category/pharmacy-category-update/${id}`, { pharmacy_category_name: `Bench renamed ${id}` });
      });
    }
    app.ctx.crud.recordIn(trail.recorder);
    const writesEach = PAIRS * BATCH;
    for (const op of ['create', 'update'] as const) {
      const on = writesEach / (spent.on[op].wall / 1000);
      const off = writesEach / (spent.off[op].wall / 1000);
      const ratio = on / off;
      const cpuRatio = spent.off[op].cpu / spent.on[op].cpu;
      lines.push(
        `| ${kind} | ${op} | ${on.toFixed(0)} | ${off.toFixed(0)} | ${ratio.toFixed(2)} | ${cpuRatio.toFixed(2)} | >= 0.8 | ${ratio >= 0.8 ? 'PASS' : 'MISS'} |`,
      );
    }

    // 2. A million entries, written straight to the table as one chain after what is there.
    const db = app.ctx.conn.db;
    const adb = auditDb(db);
    const last = await adb
      .selectFrom('audit_log')
      .select(['audit_id', 'audit_hash'])
      .orderBy('audit_id', 'desc')
      .limit(1)
      .executeTakeFirst();
    let prev = last?.audit_hash ?? GENESIS;
    let id = last?.audit_id ?? 0;
    const resources = registry.all.map((d) => ({ name: d.name, scoped: d.branchScope !== undefined }));
    const actions = ['update', 'update', 'update', 'create', 'delete', 'sign-in', 'update', 'create', 'restore', 'update'];
    const start = Date.parse('2025-01-01T00:00:00Z');
    // 16 values a row: within SQLite's 32,766 and PostgreSQL's 65,535 parameters a statement.
    const batch = 2_000;
    const seedStarted = performance.now();
    for (let done = 0; done < ENTRIES;) {
      const rows: AuditLogTable[] = [];
      for (let i = 0; i < batch && done < ENTRIES; i++, done++) {
        const r = resources[done % resources.length]!;
        const entry: HashedEntry = {
          audit_id: ++id,
          audit_at: new Date(start + done * 30_000).toISOString(),
          audit_actor: (done % 50) + 1,
          audit_actor_name: `Staff ${(done % 50) + 1}`,
          audit_actor_branch: done % 10,
          audit_action: actions[Math.floor(done / resources.length) % actions.length]!,
          audit_resource: r.name,
          audit_record: (Math.floor(done / resources.length) % 5_000) + 1,
          // The round's number, not `done`: with a multiple of 10 descriptors `done % 10` is the same on every users entry.
          audit_branch: r.scoped ? Math.floor(done / resources.length) % 10 : null,
          audit_changes: `{"${r.name}_name":{"after":"Name ${done}","before":"Name ${done - 1}"}}`,
          audit_snapshot: `{"${r.name}_code":"C-${done}","${r.name}_name":"Name ${done}","${r.name}_status":1}`,
          audit_ip: '10.0.0.1',
          audit_browser: 'Mozilla/5.0 (bench)',
          audit_request: `req-${done}`,
          audit_prev_hash: prev,
        };
        prev = entryHash(entry);
        rows.push({ ...entry, audit_hash: prev });
      }
      await adb.insertInto('audit_log').values(rows).execute();
    }
    // As autovacuum leaves an append-only table (its insert threshold): visibility map set, statistics current.
    if (kind === 'postgres') await sql`VACUUM ANALYZE audit_log`.execute(db);
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const filters: [string, string][] = [
      ['resource + action (medicine updates)', 'resource=medicine&action=update'],
      ['actor', 'actor=7'],
      ['one record (resource + record)', 'resource=medicine&record=123'],
      ['date range (one week)', 'from=2025-03-01&to=2025-03-07'],
      ['branch', 'branch=3'],
      ['action only (deletes)', 'action=delete'],
      ['no filter (every entry)', ''],
    ];
    for (const [label, query] of filters) {
      const url = `/api/audit/audit-list?page=1&limit=50${query ? `&${query}` : ''}`;
      for (let i = 0; i < 10; i++) await call('GET', url);
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < PAGE_RUNS; i++) {
        const t = performance.now();
        const page = await call('GET', url);
        times.push(performance.now() - t);
        total = Number(page.total);
      }
      const m = median(times);
      const target = query ? '< 50 ms' : '-';
      const verdict = query ? (m < 50 ? 'PASS' : 'MISS') : 'no target';
      lines.push(`| ${kind} | log page: ${label} | ${total.toLocaleString('en-US')} | ${ms(m)} | ${target} | ${verdict} |`);
    }
    // A viewer of one branch (not 0) sees that branch's entries and every hospital-wide one (no
    // branch): the branch index does not hold the latter, so this page is recorded beside the others.
    const queries = auditQueries(db);
    for (const [label, filters] of [
      ['branch viewer, no filter', {}],
      ['branch viewer, actor', { actor: 7 }],
    ] as const) {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < PAGE_RUNS + 10; i++) {
        const t = performance.now();
        const page = await queries.list({ user_branch: 3 }, { page: 1, limit: 50, ...filters });
        if (i >= 10) times.push(performance.now() - t);
        total = page.total;
      }
      const m = median(times);
      const target = 'actor' in filters ? '< 50 ms' : '-';
      const verdict = 'actor' in filters ? (m < 50 ? 'PASS' : 'MISS') : 'no target';
      lines.push(`| ${kind} | log page: ${label} (query only) | ${total.toLocaleString('en-US')} | ${ms(m)} | ${target} | ${verdict} |`);
    }
    lines.push(`<!-- ${kind}: ${ENTRIES.toLocaleString('en-US')} entries written in ${seedSeconds.toFixed(0)} s -->`);
  } finally {
    await app.close();
    await pgDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return lines;
}

const results: string[] = [];
for (const kind of KINDS) results.push(...(await benchKind(kind)));
const writes = results.filter((l) => / \| (create|update) \| /.test(l));
const pages = results.filter((l) => l.includes('log page'));
const report = [
  '## Audit trail (bench/audit.ts)',
  '',
  `- Date: ${new Date().toISOString()}; code: ${codeState()}`,
  `- Machine: ${machine()}`,
  `- Writes: pharmacy categories through the real server in this process (\`app.inject\`, one request at a time, admin token),`,
  `  ${PAIRS} pairs of batches, each batch ${BATCH} creates then ${BATCH} updates, one with the trail and one without it`,
  `  (the recorder switched off), after ${WARM_UP_BATCHES} batches not counted; the pairs alternate which goes first;`,
  '  writes per second over all the batches of each mode.',
  '  Target (issue 33): with >= 0.8x without.',
  `- Log page: ${ENTRIES.toLocaleString('en-US')} entries (a real chain over ${registry.all.length} resources, 50 actors, 10 branches, a year),`,
  `  GET /api/audit/audit-list (50 rows and the total), ${PAGE_RUNS} requests one at a time after 10 warm-up; the median.`,
  '',
  `- Load on the host while measuring (1-minute load average, ${os.cpus().length} cores): ${os.loadavg()[0]?.toFixed(1) ?? '?'}.`,
  '  *Ratio*: writes per second; *CPU ratio*: writes per CPU-second of the server process (SQLite: the whole',
  "  write; PostgreSQL: without the database server's own work), less moved by other processes on a shared host.",
  '',
  '| Database | Write | With trail /s | Without /s | Ratio | CPU ratio | Target | Verdict (ratio) |',
  '|---|---|---:|---:|---:|---:|---:|---|',
  ...writes,
  '',
  '| Database | Filter | Matching entries | Median ms | Target | Verdict |',
  '|---|---|---:|---:|---:|---|',
  ...pages,
  '',
  ...results.filter((l) => l.startsWith('<!--')),
].join('\n');
writeBlock('audit', report);
console.log(report);
