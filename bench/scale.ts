import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { connect } from '../server/db/connect';
import * as h from './harness';
import type { Measure, Target } from './harness';

/**
 * Issue 14, parts 3 and 4: the real server on seeded data sets of BENCH_SCALES medicines
 * (default 100000,1000000) on BENCH_DBS (default sqlite,postgres). For each: start-up time to the
 * first answer, the search page of 50 with its total at BENCH_CONNECTIONS (50), and at 1,000,000
 * rows the list page and get-one too; the server's RSS (now and peak); and the floor: a raw
 * `LIKE '%term%'` page + `COUNT(*)` over the same rows, timed one request at a time in-process.
 * Writes bench/SCALE.md. BENCH_CACHE=<dir> keeps/reuses the seeded data sets (minutes to seed 1M).
 */
const scales = (h.env.BENCH_SCALES ?? '100000,1000000').split(',').map(Number);
const kinds = (h.env.BENCH_DBS ?? 'sqlite,postgres').split(',') as h.Kind[];
const term = h.TERM;
const like = `%${term}%`;

/** The floor: what a request costs with no search index, one at a time (median of 3 after one warm-up). */
async function floorMs(data: h.ScaleData): Promise<number> {
  const conn = await connect({ dataDir: data.dir, databaseUrl: data.databaseUrl });
  try {
    const once = async () => {
      const t0 = performance.now();
      await sql`select t.*, r.pharmacy_category_name from medicine t left join pharmacy_category r on r.pharmacy_category_id = t.medicine_category
        where t.medicine_code like ${like} or t.medicine_name like ${like} order by t.medicine_id desc limit 50`.execute(conn.db);
      await sql`select count(*) from medicine t where t.medicine_code like ${like} or t.medicine_name like ${like}`.execute(conn.db);
      return performance.now() - t0;
    };
    await once();
    const ms = [await once(), await once(), await once()].sort((a, b) => a - b);
    return ms[1]!;
  } finally {
    await conn.close();
  }
}

interface Run {
  kind: h.Kind;
  rows: number;
  n: number;
  hits: number;
  seed: string;
  listenMs: number;
  firstAnswerMs: number;
  idleRss: number;
  results: { name: string; m: Measure }[];
  peakRss: number;
  floor: number;
}
const runs: Run[] = [];

for (const rows of scales) {
  for (const kind of kinds) {
    const data = await h.prepareScaleData(kind, rows);
    console.log(`${kind} ${h.n0(data.n)} medicines, "${term}" matches ${data.hits}`);
    const real = await h.start('real', 'serve-real.ts', data.dir, { env: { BENCH_DATABASE_URL: data.databaseUrl ?? '' } });
    const t0 = real.spawnedAt;
    const listenMs = performance.now() - t0;
    let run: Run | undefined;
    let uncached: h.Server | undefined;
    try {
      const auth = await h.signIn(real);
      await h.check(real, { path: '/api/medicine/medicine-list/?status=all&page=1&limit=50', headers: auth }, h.isPage(50));
      const firstAnswerMs = performance.now() - t0;
      const idleRss = h.rssMb(real.pid);
      const randomId = () => data.lo + Math.floor(Math.random() * (data.hi - data.lo + 1));
      const queries: { name: string; target: Target; expect: Parameters<typeof h.check>[2]; uncached?: boolean }[] = [
        {
          name: `search "${term}"`,
          target: { path: `/api/medicine/medicine-list/?status=all&search=${encodeURIComponent(term)}&limit=50`, headers: auth },
          expect: (b) =>
            Array.isArray(b.data) && b.data.length === Math.min(50, data.hits) && b.total === data.hits ? undefined : 'wrong page or total',
        },
      ];
      // The same search on a second server that keeps nothing between requests: every request runs
      // the match (the first server answers repeats of a term from what it kept).
      queries.push({ ...queries[0]!, name: `search "${term}", nothing kept`, uncached: true });
      if (rows >= 1_000_000) {
        queries.push(
          {
            name: 'list page',
            target: { path: '/api/medicine/medicine-list/?status=all&page=1&limit=50', headers: auth },
            expect: h.isPage(50),
          },
          {
            name: 'get one (random id)',
            target: { path: () => `/api/medicine/get-medicine/${randomId()}`, headers: auth },
            expect: h.isRecord,
          },
        );
      }
      const results: Run['results'] = [];
      for (const q of queries) {
        const server = q.uncached
          ? (uncached ??= await h.start('real, nothing kept', 'serve-real.ts', data.dir, {
              env: { BENCH_DATABASE_URL: data.databaseUrl ?? '', BENCH_LIST_CACHE: '0' },
            }))
          : real;
        const headers = q.uncached ? await h.signIn(server) : undefined;
        const target = headers ? { ...q.target, headers } : q.target;
        await h.check(server, target, q.expect);
        const m = await h.cannon(server, target);
        results.push({ name: q.name, m });
        console.log(`  ${q.name}: ${h.n0(m.rps)} req/s, p99 ${m.p99} ms, RSS ${h.n1(m.rss)} MB, other CPU ${h.cores(m.otherCpu)}`);
      }
      const peakRss = h.peakRssMb(real.pid);
      run = {
        kind,
        rows,
        n: data.n,
        hits: data.hits,
        seed: data.reused ? 'reused' : `${(data.seedMs / 1000).toFixed(0)} s`,
        listenMs,
        firstAnswerMs,
        idleRss,
        results,
        peakRss,
        floor: 0,
      };
    } finally {
      await h.stop(real);
      if (uncached) await h.stop(uncached);
    }
    run.floor = await floorMs(data);
    console.log(`  floor (LIKE page + count, one at a time): ${run.floor.toFixed(1)} ms`);
    runs.push(run);
    await data.cleanup();
  }
}

const report = [
  '# Scale benchmark (issue 14, parts 3 and 4)',
  '',
  `- Date: ${new Date().toISOString()}`,
  `- Code: ${h.codeState()}`,
  `- Machine: ${h.machine()}; shared with other engineers' test runs (see *other CPU*: cores other processes used during each run).`,
  `- Method: \`npx tsx bench/scale.ts\`; autocannon, ${h.CONNECTIONS} connections, ${h.WARMUP} s warm-up then ${h.SECONDS} s, the real server (auth on) in a child process.`,
  "- Floor: a raw `LIKE '%term%'` page of 50 plus `COUNT(*)` over the same rows (no search index), one request at a time, in-process;",
  '  *floor req/s* = 1000 / its ms. *Ratio* = our search req/s at 50 connections / floor req/s.',
  '- Start-up: spawn of the server process to listening, and to the first answered list request (sign-in included).',
  '',
  '## Search: a page of 50 with its total',
  '',
  'Each search twice: on the server as it ships (a repeated term is answered from the matches it kept, see `LIST_CACHE`',
  'in the README) and on a second server started with nothing kept (every request runs the match).',
  '',
  '| DB | medicines | matches | server | req/s | p50 ms | p99 ms | p99 target | server µs CPU/req | other CPU | floor ms | floor req/s | ratio |',
  '|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...runs.flatMap((r) =>
    r.results
      .filter((x) => x.name.startsWith('search'))
      .map(({ name, m }) => {
        const target = r.rows >= 1_000_000 ? 250 : 100;
        const server = name.endsWith('nothing kept') ? 'nothing kept' : 'as shipped';
        return `| ${r.kind} | ${h.n0(r.n)} | ${h.n0(r.hits)} | ${server} | ${h.n0(m.rps)} | ${h.n1(m.p50)} | ${h.n1(m.p99)} | < ${target} ${m.p99 < target ? 'PASS' : 'MISS'} | ${h.n0(h.usPerReq(m))} | ${h.cores(m.otherCpu)} | ${h.n1(r.floor)} | ${(1000 / r.floor).toFixed(1)} | ${(m.rps / (1000 / r.floor)).toFixed(0)}x |`;
      }),
  ),
  '',
  '## Start-up and memory',
  '',
  '| DB | medicines | data set | to listening ms | to first answer ms | RSS idle MB | RSS peak MB (VmHWM) | RSS target |',
  '|---|---:|---|---:|---:|---:|---:|---|',
  ...runs.map(
    (r) =>
      `| ${r.kind} | ${h.n0(r.n)} | ${r.seed} | ${h.n0(r.listenMs)} | ${h.n0(r.firstAnswerMs)} | ${h.n1(r.idleRss)} | ${h.n1(r.peakRss)} | ${r.rows >= 1_000_000 ? `<= 150 ${r.peakRss <= 150 ? 'PASS' : 'MISS'}` : '-'} |`,
  ),
  '',
  ...runs.flatMap((r) => [
    `## ${r.kind}, ${h.n0(r.n)} medicines`,
    '',
    ...h.MEASURE_HEAD,
    ...r.results.map((x) => h.measureRow(x.name, x.m)),
    '',
  ]),
].join('\n');
fs.writeFileSync(path.join(h.HERE, 'SCALE.md'), report);
console.log(`\n${report}`);
