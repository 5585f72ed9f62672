import fs from 'node:fs';
import path from 'node:path';
import * as h from './harness';
import type { Measure, Server, Target } from './harness';

/**
 * `npx tsx bench/breakdown.ts`: where the real server's time goes, by taking the stack apart
 * (probe routes from serve-real.ts with BENCH_PROBES=1) and by trying a prepared-statement cache
 * (BENCH_STMT_CACHE=1). Same data set and harness as bench/run.ts; writes bench/BREAKDOWN.md.
 */
const data = await h.prepareData();
const real = await h.start('real', 'serve-real.ts', data.dir, { env: { BENCH_PROBES: '1' } });
const cached = await h.start('real+stmt-cache', 'serve-real.ts', data.dir, { env: { BENCH_PROBES: '1', BENCH_STMT_CACHE: '1' } });
const ceiling = await h.start('ceiling', 'serve-ceiling.ts', data.dir);
const auth = await h.signIn(real);
const id = () => data.lo + Math.floor(Math.random() * (data.hi - data.lo + 1));

const variants: [string, string, Server, Target][] = [
  ['get one', 'ceiling: raw statement, no auth', ceiling, { path: () => `/get/${id()}` }],
  ['get one', 'ceiling: no query (bare Fastify floor)', ceiling, { path: '/noop' }],
  ['get one', 'real: no auth, no query (framework + plugins floor)', real, { path: '/probe/noop' }],
  ['get one', 'real: auth + permission only, no query', real, { path: '/probe/auth-only', headers: auth }],
  ['get one', 'real: auth + permission + raw statement', real, { path: () => `/probe/get-auth-raw/${id()}`, headers: auth }],
  ['get one', 'real: Kysely read (crud.get), no auth', real, { path: () => `/probe/get-noauth/${id()}` }],
  [
    'get one',
    'real: permission check + crud.get, no params schema',
    real,
    { path: () => `/probe/get-route-noschema/${id()}`, headers: auth },
  ],
  ['get one', 'real: permission check + crud.get + params schema', real, { path: () => `/probe/get-route-schema/${id()}`, headers: auth }],
  ['get one', 'real: full route', real, { path: () => `/api/medicine/get-medicine/${id()}`, headers: auth }],
  ['get one', 'real + bench statement cache¹: full route', cached, { path: () => `/api/medicine/get-medicine/${id()}`, headers: auth }],
  [
    'get one',
    'real + bench statement cache¹ + bench session cache²: get route',
    cached,
    { path: () => `/probe/get-session-cache/${id()}`, headers: auth },
  ],
  ['list page', 'ceiling: raw statements, no auth', ceiling, { path: '/list?limit=50' }],
  ['list page', 'real: Kysely read (crud.list), no auth', real, { path: '/probe/list-noauth?status=all&page=1&limit=50' }],
  ['list page', 'real: full route', real, { path: '/api/medicine/medicine-list/?status=all&page=1&limit=50', headers: auth }],
  [
    'list page',
    'real + bench statement cache¹: full route',
    cached,
    { path: '/api/medicine/medicine-list/?status=all&page=1&limit=50', headers: auth },
  ],
];

const rows: { query: string; name: string; m: Measure }[] = [];
try {
  for (const [query, name, server, target] of variants) {
    const m = await h.cannon(server, target);
    rows.push({ query, name, m });
    console.log(`  ${query} / ${name}: ${h.n0(m.rps)} req/s, ${h.n0(h.usPerReq(m))} µs CPU/req`);
  }
} finally {
  for (const s of [real, cached, ceiling]) await h.stop(s);
  if (!h.env.BENCH_KEEP) fs.rmSync(data.dir, { recursive: true, force: true });
}

const report = [
  '# Breakdown: where the real server spends its time',
  '',
  `- Date: ${new Date().toISOString()}; code: ${h.codeState()}`,
  `- Machine: ${h.machine()}`,
  `- Same data set and load as RESULTS.md (${h.n0(data.n)} medicines, ${h.CONNECTIONS} connections, ${h.WARMUP} s warm-up + ${h.SECONDS} s).`,
  '- "µs CPU/req" = server CPU time per answered request; differences between rows are the cost of the layer that differs.',
  "- ¹ BENCH_STMT_CACHE=1: serve-real.ts caches statements on the app's SQLite handle (no change if the app already reuses them).",
  '- ² /probe/get-session-cache: the permission check with the session looked up once per token (no change if the app caches sessions).',
  '',
  '| Query | Variant | req/s | p50 ms | p99 ms | server CPU | µs CPU/req | vs ceiling req/s | other CPU |',
  '|---|---|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map(({ query, name, m }) => {
    const ceil = rows.find((r) => r.query === query && r.name.startsWith('ceiling'))!.m;
    return `| ${query} | ${name} | ${h.n0(m.rps)} | ${h.n1(m.p50)} | ${h.n1(m.p99)} | ${h.cores(m.serverCpu)} | ${h.n0(h.usPerReq(m))} | ${(m.rps / ceil.rps).toFixed(2)} | ${h.cores(m.otherCpu)} |`;
  }),
  '',
].join('\n');
fs.writeFileSync(path.join(h.HERE, 'BREAKDOWN.md'), report);
console.log(`\n${report}`);
