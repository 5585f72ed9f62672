import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { sql } from 'kysely';
import { startServer } from '../tests/api/harness';

/**
 * Spreadsheet import and export at scale, on the real server (in process, API through inject for
 * the import, over HTTP for the export so that the file streams as it would to a browser).
 *
 *   npx tsx bench/spreadsheets.ts                      SQLite
 *   BENCH_DB=postgres npx tsx bench/spreadsheets.ts    PostgreSQL (TEST_PG_URL, default local)
 *
 * BENCH_IMPORT_ROWS (100,000): medicine rows in one CSV, checked (dry run) then committed (`all`);
 * 0 leaves the import out. BENCH_EXPORT_ROWS=0 leaves the export out (the import alone).
 * BENCH_EXPORT_ROWS (1,000,000): medicine rows inserted by one SQL statement, then exported as
 * CSV in a child process of its own (with `npm start`'s memory flags, but run through tsx), whose
 * resident memory is sampled every 20 ms during the export (and its high-water mark VmHWM read
 * from /proc at the end, start-up and the table's fill included). The export is read by fetch in
 * that same process, a chunk at a time and dropped.
 * Prints one JSON line per measurement; bench/SPREADSHEETS.md keeps the results.
 */
type Kind = 'sqlite' | 'postgres';
const kind: Kind = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'sqlite';
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const MB = 1024 * 1024;

const seconds = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e9;
/** This process's CPU time (user + system) since `since`: what a run cost, whatever else the host was doing. */
const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return +((used.user + used.system) / 1e6).toFixed(1);
};
const vm = (field: 'VmHWM' | 'VmRSS') => {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync('/proc/self/status', 'utf8'));
  return m ? (Number(m[1]) * 1024) / MB : NaN;
};
/**
 * PostgreSQL: the CPU time (user + system, seconds) the server's processes for this database have
 * used so far, by pid, read from /proc (the server runs on this host). SQLite: none.
 */
async function databaseCpu(s: Awaited<ReturnType<typeof startServer>>): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (kind !== 'postgres') return out;
  const pids = await sql<{ pid: number }>`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`.execute(s.app.ctx.conn.db);
  for (const { pid } of pids.rows) {
    try {
      // Fields 14 and 15 (utime, stime, in clock ticks of 1/100 s) after the command's closing parenthesis.
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      out.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // A process that ended meanwhile: its time is not counted.
    }
  }
  return out;
}
const databaseCpuSince = async (s: Awaited<ReturnType<typeof startServer>>, since: Map<number, number>) => {
  let total = 0;
  for (const [pid, used] of await databaseCpu(s)) total += used - (since.get(pid) ?? 0);
  return +total.toFixed(1);
};
const print = (o: object) => console.log(JSON.stringify({ db: kind, ...o }));

async function category(s: Awaited<ReturnType<typeof startServer>>) {
  const r = await s.call('POST', '/api/pharmacy-category/pharmacy-category-create', {
    body: { pharmacy_category_code: 'BEN', pharmacy_category_name: 'Bench', pharmacy_category_status: 1 },
  });
  if (r.statusCode !== 201) throw new Error(r.body);
  return Number(r.json().data.pharmacy_category_id);
}

async function importBench() {
  const s = await startServer(kind, { seed: false });
  try {
    await category(s);
    const lines = ['medicine_code,medicine_name,medicine_category,medicine_purchase_price,medicine_sales_price,medicine_status'];
    for (let i = 1; i <= IMPORT_ROWS; i++) lines.push(`B${i},Bench medicine ${i},BEN,${i % 90},${(i % 90) + 5},Active`);
    const payload = `\uFEFF${lines.join('\r\n')}`;
    const post = (mode: string) =>
      s.call('POST', `/api/medicine/medicine-import?mode=${mode}&file=bench.csv`, { payload, headers: { 'content-type': 'text/csv' } });
    let t = process.hrtime.bigint();
    let cpu = process.cpuUsage();
    let dbCpu = await databaseCpu(s);
    const dry = await post('dry-run');
    const drySeconds = seconds(t);
    const dryCpu = cpuSeconds(cpu);
    const dryDbCpu = await databaseCpuSince(s, dbCpu);
    if (dry.statusCode !== 200) throw new Error(dry.body.slice(0, 500));
    t = process.hrtime.bigint();
    cpu = process.cpuUsage();
    dbCpu = await databaseCpu(s);
    const done = await post('all');
    const commitSeconds = seconds(t);
    const commitCpu = cpuSeconds(cpu);
    const commitDbCpu = await databaseCpuSince(s, dbCpu);
    if (done.statusCode !== 200) throw new Error(done.body.slice(0, 500));
    const stored = await sql<{ n: unknown }>`SELECT count(*) AS n FROM medicine`.execute(s.app.ctx.conn.db);
    print({
      measure: 'import',
      rows: IMPORT_ROWS,
      bytes: Buffer.byteLength(payload),
      dryRunSeconds: +drySeconds.toFixed(1),
      commitSeconds: +commitSeconds.toFixed(1),
      totalSeconds: +(drySeconds + commitSeconds).toFixed(1),
      // The server's CPU time in this process (SQLite's work included; PostgreSQL's is its own).
      dryRunCpuSeconds: dryCpu,
      commitCpuSeconds: commitCpu,
      ...(kind === 'postgres' && { dryRunPostgresCpuSeconds: dryDbCpu, commitPostgresCpuSeconds: commitDbCpu }),
      counts: dry.json().data.counts,
      stored: Number(stored.rows[0]?.n),
    });
  } finally {
    await s.close();
  }
}

/** Runs in the child: fills the table, then exports it over HTTP while sampling its own memory. */
async function exportChild() {
  const s = await startServer(kind, { seed: false });
  try {
    const cat = await category(s);
    const stamp = new Date().toISOString();
    let t = process.hrtime.bigint();
    // In parts: one statement of a million rows outlasts the server's query timeout on PostgreSQL.
    const PART = 50_000;
    for (let from = 1; from <= EXPORT_ROWS; from += PART) {
      const to = Math.min(from + PART - 1, EXPORT_ROWS);
      await sql`
        WITH RECURSIVE n(i) AS (SELECT CAST(${from} AS INTEGER) UNION ALL SELECT i + 1 FROM n WHERE i < CAST(${to} AS INTEGER))
        INSERT INTO medicine (medicine_code, medicine_name, medicine_category, medicine_purchase_price,
          medicine_sales_price, medicine_sales_profit, medicine_description, medicine_status, created_at, updated_at)
        SELECT 'E' || i, 'Exported medicine ' || i, ${cat}, i % 90, i % 90 + 5, 5, '<p>A description</p>', 1, ${stamp}, ${stamp} FROM n
      `.execute(s.app.ctx.conn.db);
    }
    const fillSeconds = seconds(t);
    const address = await s.app.listen({ port: 0, host: '127.0.0.1' });
    const before = process.memoryUsage().rss / MB;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss / MB)), 20);
    t = process.hrtime.bigint();
    const res = await fetch(`${address}/api/medicine/medicine-export?format=csv&status=all`, { headers: { 'access-token': s.token } });
    if (!res.ok || !res.body) throw new Error(`export answered ${res.status}`);
    let bytes = 0;
    let newlines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) newlines++;
    }
    const exportSeconds = seconds(t);
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss / MB);
    print({
      measure: 'export',
      rows: EXPORT_ROWS,
      lines: newlines,
      megabytes: +(bytes / MB).toFixed(1),
      fillSeconds: +fillSeconds.toFixed(1),
      exportSeconds: +exportSeconds.toFixed(1),
      rssBeforeMB: Math.round(before),
      rssPeakDuringExportMB: Math.round(peak),
      vmHwmMB: Math.round(vm('VmHWM')),
    });
  } finally {
    await s.close();
  }
}

async function main() {
  if (process.argv[2] === 'export-child') return exportChild();
  print({ measure: 'machine', cpus: os.cpus().length, loadavg: os.loadavg().map((l) => +l.toFixed(2)), node: process.version });
  if (IMPORT_ROWS > 0) await importBench();
  if (EXPORT_ROWS > 0) {
    // A process of its own, so that its memory is the export's and not the import's above, with
    // the memory settings `npm start` gives the server (package.json).
    const child = spawn(
      process.execPath,
      [...process.execArgv, '--max-semi-space-size=4', '--heap-growing-percent=25', import.meta.filename, 'export-child'],
      { stdio: 'inherit', env: { ...process.env, MALLOC_ARENA_MAX: '2' } },
    );
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    if (code !== 0) throw new Error(`the export child ended with ${code}`);
  }
  print({ measure: 'machine-after', loadavg: os.loadavg().map((l) => +l.toFixed(2)) });
}

await main();
