import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import * as h from './harness';
import { DRUGS, STRENGTHS } from './seed';

/**
 * Issue 14, part 5: BENCH_USERS (200) signed-in sessions, one per connection, each doing a mix for
 * BENCH_MU_SECONDS (60): 35 % list pages (pages 1-20), 30 % searches (drug + strength, ~500
 * terms), 30 % get-one by random id, 5 % saves (an update of one of 200 known medicines, new
 * prices). Two set-ups, one after the other: one instance on SQLite, and two instances on one
 * PostgreSQL database with the socket.io Redis adapter (REDIS_URL, as in production), the
 * connections split across them. BENCH_ROWS medicines (100000); BENCH_CACHE reuses the seeded data.
 * Any non-2xx, error or timeout is counted and reported. Appends to bench/MANY-USERS.md.
 */
const USERS = Number(h.env.BENCH_USERS ?? 200);
const SECONDS = Number(h.env.BENCH_MU_SECONDS ?? 60);
const REDIS_URL = h.env.BENCH_REDIS ?? 'redis://127.0.0.1:6379';
const setups = (h.env.BENCH_MU_SETUPS ?? 'sqlite:1,postgres:2').split(',').map((s) => {
  const [kind, n] = s.split(':');
  return { kind: kind as h.Kind, instances: Number(n) };
});

const terms = DRUGS.flatMap((d) => STRENGTHS.map((s) => `${d} ${s.split(' ')[0]}`));
const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;

interface Result {
  setup: string;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  requests: number;
  bad: string;
  rss: number[];
  serverCpu: number[];
  otherCpu: number;
}
const results: Result[] = [];

for (const { kind, instances } of setups) {
  const data = await h.prepareScaleData(kind, h.ROWS);
  const servers: h.Server[] = [];
  try {
    const redisKey = `bench-${process.pid}`;
    for (let i = 0; i < instances; i++) {
      servers.push(
        await h.start(`real${i}`, 'serve-real.ts', data.dir, {
          env: {
            BENCH_DATABASE_URL: data.databaseUrl ?? '',
            BENCH_REDIS_URL: instances > 1 ? REDIS_URL : '',
            REDIS_KEY: redisKey,
          },
        }),
      );
    }
    // One session per connection, signed in on the instance the connection will use.
    const tokens: string[] = [];
    for (let i = 0; i < USERS; i++) tokens.push((await h.signIn(servers[i % instances]!))['access-token']!);
    const known = (
      (await (
        await fetch(`${servers[0]!.base}/api/medicine/medicine-list/?status=all&limit=200`, { headers: { 'access-token': tokens[0]! } })
      ).json()) as { data: Record<string, unknown>[] }
    ).data;
    const save = (r: Record<string, unknown>) =>
      JSON.stringify({
        medicine_code: r.medicine_code,
        medicine_name: r.medicine_name,
        medicine_category: (r.pharmacy_category as { pharmacy_category_id: number }).pharmacy_category_id,
        medicine_purchase_price: Math.round(Math.random() * 5000) / 100,
        medicine_sales_price: Math.round((50 + Math.random() * 50) * 100) / 100,
        medicine_status: 1,
      });
    // Check a save by hand first.
    const probe = await fetch(`${servers[0]!.base}/api/medicine/medicine-update/${String(known[0]!.medicine_id)}`, {
      method: 'PUT',
      headers: { 'access-token': tokens[0]!, 'content-type': 'application/json' },
      body: save(known[0]!),
    });
    if (probe.status !== 200) throw new Error(`save check: HTTP ${probe.status} ${await probe.text()}`);

    const randomId = () => data.lo + Math.floor(Math.random() * (data.hi - data.lo + 1));
    let next = 0;
    const cpu0 = servers.map((s) => h.cpuSeconds(s.pid));
    const m0 = h.machineSeconds();
    const client0 = process.cpuUsage();
    const t0 = performance.now();
    const r = await autocannon({
      // autocannon splits the connections across the URLs: connection i talks to instance i % n,
      // matching the instance its session was signed in on (either would do: sessions are in the DB).
      // autocannon accepts several URLs (its README), though its types declare a single string.
      url: servers.map((s) => s.base) as unknown as string,
      connections: USERS,
      duration: SECONDS,
      timeout: 30,
      requests: [
        {
          setupRequest: (req, context: { token?: string }) => {
            context.token ??= tokens[next++ % USERS];
            const headers = { 'access-token': context.token! };
            const x = Math.random();
            if (x < 0.35)
              return {
                ...req,
                method: 'GET',
                headers,
                path: `/api/medicine/medicine-list/?status=all&page=${1 + Math.floor(Math.random() * 20)}&limit=50`,
              };
            if (x < 0.65)
              return {
                ...req,
                method: 'GET',
                headers,
                path: `/api/medicine/medicine-list/?status=all&search=${encodeURIComponent(pick(terms))}&limit=50`,
              };
            if (x < 0.95) return { ...req, method: 'GET', headers, path: `/api/medicine/get-medicine/${randomId()}` };
            const rec = pick(known);
            return {
              ...req,
              method: 'PUT',
              headers: { ...headers, 'content-type': 'application/json' },
              path: `/api/medicine/medicine-update/${String(rec.medicine_id)}`,
              body: save(rec),
            };
          },
        },
      ],
    });
    const wall = (performance.now() - t0) / 1000;
    const serverCpu = servers.map((s, i) => (h.cpuSeconds(s.pid) - cpu0[i]!) / wall);
    const used = process.cpuUsage(client0);
    const clientCpu = (used.user + used.system) / 1e6 / wall;
    const otherCpu = Math.max(0, (h.machineSeconds() - m0) / wall - serverCpu.reduce((a, b) => a + b, 0) - clientCpu);
    const res: Result = {
      setup: `${kind}, ${instances} instance${instances > 1 ? 's + Redis adapter' : ''}`,
      rps: r.requests.average,
      p50: r.latency.p50,
      p90: r.latency.p90,
      p99: r.latency.p99,
      max: r.latency.max,
      requests: r['2xx'],
      bad: `${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`,
      rss: servers.map((s) => h.rssMb(s.pid)),
      serverCpu,
      otherCpu,
    };
    results.push(res);
    console.log(res);
  } finally {
    for (const s of servers) await h.stop(s);
    await data.cleanup();
  }
}

const report = [
  `## Many users: ${new Date().toISOString()}`,
  '',
  `- Code: ${h.codeState()}; machine: ${h.machine()} (shared: *other CPU* is what other processes used).`,
  `- \`npx tsx bench/many-users.ts\`: ${USERS} signed-in sessions (one per connection), ${SECONDS} s, ${h.n0(h.ROWS)} seeded medicines;`,
  '  mix: 35 % list page (1-20), 30 % search (~450 terms), 30 % get-one, 5 % save (update).',
  '',
  '| Set-up | req/s | p50 ms | p90 ms | p99 ms | max ms | 2xx | failures | server CPU (cores) | RSS MB | other CPU |',
  '|---|---:|---:|---:|---:|---:|---:|---|---|---|---:|',
  ...results.map(
    (x) =>
      `| ${x.setup} | ${h.n0(x.rps)} | ${x.p50} | ${x.p90} | ${x.p99} | ${x.max} | ${h.n0(x.requests)} | ${x.bad} | ${x.serverCpu.map(h.cores).join(' + ')} | ${x.rss.map(h.n1).join(' + ')} | ${h.cores(x.otherCpu)} |`,
  ),
  '',
].join('\n');
fs.appendFileSync(path.join(h.HERE, 'MANY-USERS.md'), `${report}\n`);
h.writeManyUsersBlock(report.replace(/^## Many users: (.*)$/m, '### Many users, latest run: $1'));
console.log(`\n${report}`);
