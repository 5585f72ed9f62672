import fs from 'node:fs';
import path from 'node:path';
import * as h from './harness';

/**
 * Issue 14, part 3: what SQLite's reader threads (server/db/sqlite-readers.ts, `READER_THREADS`)
 * change for the requests whose answer must be worked out (nothing kept: `LIST_CACHE=0`). The real
 * server once per thread count on the data sets of BENCH_SCALES, measured in alternation (BENCH_ROUNDS rounds of a
 * first-ask search and a list page, each BENCH_SECONDS at 50 connections), so that the host's drift
 * falls on all alike; medians of the rounds. Writes bench/READER-THREADS.md.
 *
 *   BENCH_CACHE=/tmp/benchdata npx tsx bench/reader-threads.ts
 */
const ROUNDS = Number(h.env.BENCH_ROUNDS ?? 3);
const COUNTS = (h.env.BENCH_THREAD_COUNTS ?? '0,1,2').split(',').map(Number);
const SCALES = (h.env.BENCH_SCALES ?? '100000,1000000').split(',').map(Number);
const term = encodeURIComponent(h.TERM);
const queries: h.NamedQuery[] = [
  {
    name: `search "${h.TERM}", nothing kept`,
    target: (auth: Record<string, string>) => ({
      path: `/api/medicine/medicine-list/?status=all&search=${term}&page=1&limit=50`,
      headers: auth,
    }),
  },
  {
    name: 'list page, total counted',
    target: (auth: Record<string, string>) => ({ path: '/api/medicine/medicine-list/?status=all&page=1&limit=50', headers: auth }),
  },
];

const lines = [
  "# SQLite's reader threads: what they change (issue 14, part 3)",
  '',
  `- Date: ${new Date().toISOString()}; code: ${h.codeState()}; ${h.machine()}`,
  '- Method: `npx tsx bench/reader-threads.ts` (see the file): one real server per `READER_THREADS` value, all with',
  `  \`LIST_CACHE=0\` (every answer worked out), in alternation: ${ROUNDS} rounds of each query, ${h.SECONDS} s each after a`,
  `  ${h.WARMUP} s warm-up, ${h.CONNECTIONS} connections; medians of the rounds.`,
];

async function measure(rows: number): Promise<void> {
  const data = await h.prepareScaleData('sqlite', rows);
  console.log(`sqlite: ${h.n0(data.n)} medicines (${data.reused ? 'reused' : 'seeded'})`);
  const servers: { label: string; server: h.Server }[] = [];
  try {
    for (const n of COUNTS) {
      const env = { BENCH_LIST_CACHE: '0', BENCH_READER_THREADS: String(n) };
      const label = n ? `${n} reader thread${n > 1 ? 's' : ''}` : 'no reader thread';
      servers.push({ label, server: await h.start(label, 'serve-real.ts', data.dir, { env }) });
    }
    const results = await h.alternate(servers, queries, ROUNDS);
    lines.push(
      '',
      `## ${h.n0(data.n)} medicines`,
      '',
      '| query | server | req/s | p50 ms | p99 ms | µs CPU/req | rounds (req/s; p99 ms) |',
      '|---|---|---:|---:|---:|---:|---|',
    );
    for (const q of queries)
      servers.forEach((s, i) => {
        const ms = results.get(`${i}|${q.name}`) ?? [];
        const med = (f: (m: h.Measure) => number) => h.n0(h.median(ms.map(f)));
        const rounds = ms.map((m) => `${h.n0(m.rps)}; ${h.n0(m.p99)}`).join(' / ');
        lines.push(
          `| ${q.name} | ${s.label} | ${med((m) => m.rps)} | ${med((m) => m.p50)} | ${med((m) => m.p99)} | ${med(h.usPerReq)} | ${rounds} |`,
        );
      });
    lines.push('', '| server | peak RSS MB (VmHWM) over all rounds |', '|---|---:|');
    servers.forEach((s) => lines.push(`| ${s.label} | ${h.n1(h.peakRssMb(s.server.pid))} |`));
  } finally {
    for (const s of servers) await h.stop(s.server);
    await data.cleanup();
  }
}

for (const rows of SCALES) await measure(rows);
const out = path.join(h.HERE, 'READER-THREADS.md');
fs.writeFileSync(out, lines.join('\n') + '\n');
console.log(lines.join('\n'));
