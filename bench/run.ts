import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as h from './harness';
import type { Measure, Target } from './harness';

/**
 * `npm run bench`: the real server (buildApp, auth on) against a bare Fastify + better-sqlite3
 * "ceiling" running the same SQL, each in its own child process, on one fresh 100k-medicine
 * SQLite file. Each query is measured BENCH_RUNS times (3) on both servers in alternation (the
 * ceiling first in every other run), so a host whose speed drifts weighs on both alike; a run's
 * ratio compares its two adjacent measures, and the verdict is the median of the runs' ratios.
 * Writes bench/RESULTS.md. Env: BENCH_RUNS (3), BENCH_SECONDS (10), BENCH_WARMUP (2),
 * BENCH_ROWS (100000), BENCH_CONNECTIONS (50), BENCH_SEARCH ('Amlodipine 5'), BENCH_NOISE (0.25),
 * BENCH_ONLY=<part of a query name>, BENCH_CPU_PROF=1 (profile both servers into
 * bench/profiles/), BENCH_KEEP=1 (keep the data dir).
 */
// BENCH_OBSERVABILITY=1: what metrics and traces cost instead (bench/observability.ts -> bench/OBSERVABILITY.md).
if (process.env.BENCH_OBSERVABILITY === '1') {
  await import('./observability');
  process.exit(0);
}
/** Issue 7: no worse than the ratios of the 2026-11-22 run (list page 0.78x, get-one 0.82x). */
const TARGET = { list: 0.78, get: 0.82 };
const { env } = h;
const RUNS = Math.max(1, Number(env.BENCH_RUNS ?? 3));

const data = await h.prepareData();
console.log(
  `data dir ${data.dir}: ${h.n0(data.n)} medicines (bulk seed ${(data.seedMs / 1000).toFixed(1)} s), "${h.TERM}" matches ${data.hits}`,
);

const profDir = path.join(h.HERE, 'profiles');
// Both servers profiled alike, so their profiles can be compared (file names carry the pid).
const nodeArgs = env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [];
const real = await h.start('real', 'serve-real.ts', data.dir, { nodeArgs });
const ceiling = await h.start('ceiling', 'serve-ceiling.ts', data.dir, { nodeArgs });
// The real server once more, keeping nothing between requests (LIST_CACHE=0): like the ceiling,
// it counts and matches on every request, so its list and search ratios compare the same work.
const bare = await h.start('real, nothing kept', 'serve-real.ts', data.dir, { env: { BENCH_LIST_CACHE: '0' } });
const idleRss = { real: h.rssMb(real.pid), ceiling: h.rssMb(ceiling.pid) };
const auth = await h.signIn(real);
const bareAuth = await h.signIn(bare);

const randomId = () => data.lo + Math.floor(Math.random() * (data.hi - data.lo + 1));
const q = encodeURIComponent(h.TERM);
interface Query {
  name: string;
  target?: number;
  real: Target;
  ceiling: Target;
  expect: Parameters<typeof h.check>[2];
  /** Measured on the server that keeps nothing between requests. */
  bare?: boolean;
}
const queries: Query[] = [
  {
    name: 'list page',
    target: TARGET.list,
    real: { path: '/api/medicine/medicine-list/?status=all&page=1&limit=50', headers: auth },
    ceiling: { path: '/list?limit=50' },
    expect: h.isPage(50),
  },
  {
    name: `search "${h.TERM}"`,
    real: { path: `/api/medicine/medicine-list/?status=all&search=${q}&limit=50`, headers: auth },
    ceiling: { path: `/search?search=${q}&limit=50` },
    expect: h.isPage(Math.min(50, data.hits)),
  },
  {
    name: 'get one (random id)',
    target: TARGET.get,
    real: { path: () => `/api/medicine/get-medicine/${randomId()}`, headers: auth },
    ceiling: { path: () => `/get/${randomId()}` },
    expect: h.isRecord,
  },
];
// List and search again on the server that keeps nothing: ours as shipped answers a repeated
// total or term from what it kept, which the ceiling does not.
for (const query of queries.slice(0, 2))
  queries.splice(queries.indexOf(query) + 1, 0, {
    ...query,
    name: `${query.name}, nothing kept`,
    real: { ...query.real, headers: bareAuth },
    bare: true,
  });

interface Run {
  ours: Measure;
  ceil: Measure;
  ratio: number;
}
interface Result {
  name: string;
  target?: number;
  runs: Run[];
  /** Medians over the runs. */
  ours: number;
  ceil: number;
  ratio: number;
}
const results: Result[] = [];
const loadAt = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');
const loadBefore = loadAt();
try {
  for (const query of queries.filter((x) => !env.BENCH_ONLY || x.name.includes(env.BENCH_ONLY))) {
    const server = query.bare ? bare : real;
    await h.check(server, query.real, query.expect);
    await h.check(ceiling, query.ceiling, query.expect);
    const runs: Run[] = [];
    for (let run = 0; run < RUNS; run++) {
      // The ceiling first in every other run: whichever goes second meets the host as it has become.
      let ours: Measure;
      let ceil: Measure;
      if (run % 2 === 0) {
        ours = await h.cannon(server, query.real);
        ceil = await h.cannon(ceiling, query.ceiling);
      } else {
        ceil = await h.cannon(ceiling, query.ceiling);
        ours = await h.cannon(server, query.real);
      }
      runs.push({ ours, ceil, ratio: ours.rps / ceil.rps });
      console.log(
        `  ${query.name}, run ${run + 1}: ours ${h.n0(ours.rps)} req/s, ceiling ${h.n0(ceil.rps)} req/s, ${(ours.rps / ceil.rps).toFixed(2)}x`,
      );
    }
    results.push({
      name: query.name,
      target: query.target,
      runs,
      ours: h.median(runs.map((r) => r.ours.rps)),
      ceil: h.median(runs.map((r) => r.ceil.rps)),
      ratio: h.median(runs.map((r) => r.ratio)),
    });
  }
} finally {
  await h.stop(real);
  await h.stop(bare);
  await h.stop(ceiling);
  if (!env.BENCH_KEEP) fs.rmSync(data.dir, { recursive: true, force: true });
}

const loadAfter = loadAt();
const verdict = (r: Result) => (r.target === undefined ? 'no target' : r.ratio >= r.target ? 'PASS' : 'MISS');
const spread = (r: Result) => {
  const ratios = r.runs.map((x) => x.ratio);
  return `${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}`;
};
const measured = [
  '# Benchmark results',
  '',
  `- Date: ${new Date().toISOString()}`,
  `- Code: ${h.codeState()}`,
  `- Machine: ${h.machine()}`,
  `- Method: autocannon (programmatic), ${h.CONNECTIONS} connections to 127.0.0.1, ${h.WARMUP} s warm-up (discarded) then ${h.SECONDS} s`,
  `  measured, per server and query; servers measured one at a time, each after a quiet second on the host. Each query`,
  `  ${RUNS} times on both servers in alternation (ours first, then the ceiling first, ...): a run's ratio compares two`,
  "  adjacent measures, the summary gives the median of the runs' req/s and of their ratios, and the runs' lowest and",
  '  highest ratio.',
  '  - ours: the real server, `buildApp()` from server/app.ts, in a child process; auth and permission checks on',
  '    (`access-token` of the signed-in admin). As shipped it keeps list totals and search matches until the table',
  '    is next written (`LIST_CACHE`); the rows marked *nothing kept* are the same server with `LIST_CACHE=0`, doing',
  '    on every request the work the ceiling does.',
  '  - ceiling: bare Fastify + raw better-sqlite3 prepared statements running the same SQL, in another child process, no auth;',
  '    same envelope and the same embedded `pharmacy_category` object, so payloads match (not the API headers: see the',
  '    get-one profile below).',
  `- Data: fresh SQLite file (WAL) with ${h.n0(data.n)} medicines (${h.n0(h.ROWS)} bulk-seeded + the samples); "${h.TERM}" matches ${data.hits}.`,
  `- RSS: VmRSS of each server process right after its run (idle after start: ours ${h.n1(idleRss.real)} MB, ceiling ${h.n1(idleRss.ceiling)} MB).`,
  '- CPU columns: cores used during the measured run (1.00 = one core) by the server, the load generator, and all other',
  `  processes on the host. Runs with other CPU > ${h.NOISE} are redone (up to 3 tries, quietest kept).`,
  `- Target (issue 7): list page >= ${TARGET.list}x and get-one >= ${TARGET.get}x the ceiling's req/s.`,
  `- Load averages (1, 5, 15 min): ${loadBefore} at the start, ${loadAfter} at the end.`,
  '',
  '## Summary',
  '',
  `| Query | Ours req/s | Ceiling req/s | Ratio (median of ${RUNS}) | Runs' ratios | Target | Verdict |`,
  '|---|---:|---:|---:|---:|---:|---|',
  ...results.map(
    (r) =>
      `| ${r.name} | ${h.n0(r.ours)} | ${h.n0(r.ceil)} | ${r.ratio.toFixed(2)} | ${spread(r)} | ${r.target === undefined ? '-' : `>= ${r.target}`} | ${verdict(r)} |`,
  ),
  '',
  ...results.flatMap((r) => [
    `## ${r.name}`,
    '',
    ...h.MEASURE_HEAD.map((line, i) => (i === 0 ? line.replace('| Server |', '| Run | Server |') : line.replace('|---|', '|---|---|'))),
    ...r.runs.flatMap((x, i) => [h.measureRow(`${i + 1} | ours`, x.ours), h.measureRow(`${i + 1} | ceiling`, x.ceil)]),
    '',
    `Ratios of the runs: ${r.runs.map((x) => x.ratio.toFixed(2)).join(', ')}; median **${r.ratio.toFixed(2)}** (${verdict(r)})`,
    '',
  ]),
];
const report = [
  ...measured,
  '## Scale, search and many users (issue 14, parts 3-5)',
  '',
  'Separate scripts, separate reports: [SCALE.md](SCALE.md) (`bench/scale.ts`: search at 100k/1M on SQLite and PostgreSQL',
  "against the LIKE floor, list/get-one at 1M, start-up, RSS), [SEARCH.md](SEARCH.md) (where a search request's time goes)",
  'and [MANY-USERS.md](MANY-USERS.md) (`bench/many-users.ts`: 200 sessions for 60 s, one and two instances).',
  '',
  ...h.keptBlocks().flatMap((block) => [block, '']),
].join('\n');
// A run of some queries only (BENCH_ONLY) goes into a block of its own: rewriting the whole file
// would throw away the other queries' last full measure.
if (env.BENCH_ONLY) {
  const partial = measured
    .join('\n')
    .replace(/^## /gm, '### ')
    .replace(/^# Benchmark results/, `## Latest partial run (BENCH_ONLY="${env.BENCH_ONLY}")`);
  h.writeBlock('partial', partial);
  console.log(`\n${partial}`);
} else {
  fs.writeFileSync(path.join(h.HERE, 'RESULTS.md'), report);
  console.log(`\n${report}`);
}
if (env.BENCH_CPU_PROF) console.log(`CPU profiles of both servers: ${profDir}`);
