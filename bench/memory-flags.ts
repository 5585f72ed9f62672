import fs from 'node:fs';
import path from 'node:path';
import * as h from './harness';

/**
 * Issue 14, part 4 (RSS at most 150 MB at 1M medicines): what `npm start`'s V8 memory flags cost.
 * The real server twice on one data set, once as `npm start` runs it and once with V8's own
 * defaults for the young generation and the old generation's growth, measured in alternation
 * (BENCH_ROUNDS rounds of the list page and a get-one, each BENCH_SECONDS at 50 connections), so
 * that the host's drift (this machine's speed changes by 1.5-2x within an hour) falls on both
 * alike. Reports req/s, server CPU per request and peak RSS (VmHWM). Writes bench/MEMORY.md.
 *
 *   BENCH_CACHE=/tmp/benchdata BENCH_ROWS=1000000 npx tsx bench/memory-flags.ts
 */
const ROUNDS = Number(h.env.BENCH_ROUNDS ?? 4);
/** V8's defaults on 64-bit Node 20: 16 MB semi-spaces, an adaptive old-generation growing factor. */
const V8_DEFAULTS = ['--max-semi-space-size=16', '--heap-growing-percent=0'];
const kind = (h.env.BENCH_DB ?? 'sqlite') as h.Kind;

const data = await h.prepareScaleData(kind, h.ROWS);
console.log(`${kind}: ${h.n0(data.n)} medicines (${data.reused ? 'reused' : 'seeded'})`);
const env = { BENCH_DATABASE_URL: data.databaseUrl ?? '' };
const servers = [
  { label: `as npm start runs it (${h.startFlags().join(' ')})`, server: await h.start('start flags', 'serve-real.ts', data.dir, { env }) },
  {
    label: `V8 defaults (${V8_DEFAULTS.join(' ')})`,
    server: await h.start('v8 defaults', 'serve-real.ts', data.dir, { env, nodeArgs: V8_DEFAULTS }),
  },
];
const randomId = () => data.lo + Math.floor(Math.random() * (data.hi - data.lo + 1));
const queries: h.NamedQuery[] = [
  {
    name: 'list page',
    target: (auth: Record<string, string>) => ({ path: '/api/medicine/medicine-list/?status=all&page=1&limit=50', headers: auth }),
  },
  {
    name: 'get one',
    target: (auth: Record<string, string>) => ({ path: () => `/api/medicine/get-medicine/${randomId()}`, headers: auth }),
  },
];

try {
  const results = await h.alternate(servers, queries, ROUNDS);
  const peaks = servers.map((s) => h.peakRssMb(s.server.pid));
  const lines = [
    "# Memory flags: what `npm start`'s V8 flags cost (issue 14, part 4)",
    '',
    `- Date: ${new Date().toISOString()}; code: ${h.codeState()}; ${h.machine()}`,
    `- Data: ${kind}, ${h.n0(data.n)} medicines. Method: \`npx tsx bench/memory-flags.ts\` (see the file): the two servers in`,
    `  alternation, ${ROUNDS} rounds of each query, ${h.SECONDS} s each after a ${h.WARMUP} s warm-up, ${h.CONNECTIONS} connections; medians of the rounds.`,
    '',
    '| Server | query | req/s (median) | µs CPU/req (median) | rounds (req/s) |',
    '|---|---|---:|---:|---|',
  ];
  for (const q of queries)
    servers.forEach((s, i) => {
      const ms = results.get(`${i}|${q.name}`) ?? [];
      lines.push(
        `| ${s.label} | ${q.name} | ${h.n0(h.median(ms.map((m) => m.rps)))} | ${h.n0(h.median(ms.map(h.usPerReq)))} | ${ms.map((m) => h.n0(m.rps)).join(', ')} |`,
      );
    });
  lines.push('', '| Server | peak RSS MB (VmHWM) over all rounds | target |', '|---|---:|---|');
  servers.forEach((s, i) => lines.push(`| ${s.label} | ${h.n1(peaks[i]!)} | ${peaks[i]! <= 150 ? '<= 150 PASS' : '<= 150 MISS'} |`));
  const out = path.join(h.HERE, 'MEMORY.md');
  fs.writeFileSync(out, lines.join('\n') + '\n');
  console.log(lines.join('\n'));
} finally {
  for (const s of servers) await h.stop(s.server);
  await data.cleanup();
}
