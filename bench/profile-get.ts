import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as h from './harness';
import type { Measure, Server, Target } from './harness';
import { addCpuProfile, addHeapProfile, emptyTally, type CpuProfile, type HeapProfile, type Tally } from './v8-profiles';

/**
 * `npx tsx bench/profile-get.ts` (~3 min): where a get-one request's server time goes, ours
 * against the ceiling. Three servers, bundled and run as `npm run bench` runs them, serve get-one
 * by random id under the same load: ours, the ceiling, and the ceiling sending our API headers
 * too (BENCH_CEILING_HEADERS), which tells the cost of those headers apart from the rest.
 * 1. CPU: BENCH_PROFILE_ROUNDS (3) rounds in alternation, V8's sampling profiler on during each
 *    measured window only (bench/shared.ts). A function's or an area's µs per request is its
 *    share of the samples times the server's CPU time per request (/proc): the profiler samples
 *    wall time, so on a busy host absolute sampled times swell, shares much less.
 * 2. Allocation: one window per server with V8's sampling heap profiler (garbage included): bytes
 *    allocated per request, by function. It does not depend on how busy the host is.
 * Writes bench/PROFILE-GET.md, and its summary into bench/RESULTS.md (kept by `npm run bench`).
 */
const ROUNDS = Number(h.env.BENCH_PROFILE_ROUNDS ?? 3);
const HEAP_SECONDS = Math.min(h.SECONDS, 3);

interface Subject {
  label: string;
  script: string;
  env?: Record<string, string>;
  target: (auth: Record<string, string>) => Target;
}

const data = await h.prepareData();
const randomId = () => data.lo + Math.floor(Math.random() * (data.hi - data.lo + 1));
const subjects: Subject[] = [
  {
    label: 'ours',
    script: 'serve-real.ts',
    target: (auth) => ({ path: () => `/api/medicine/get-medicine/${randomId()}`, headers: auth }),
  },
  { label: 'ceiling', script: 'serve-ceiling.ts', target: () => ({ path: () => `/get/${randomId()}` }) },
  {
    label: 'ceiling + our headers',
    script: 'serve-ceiling.ts',
    env: { BENCH_CEILING_HEADERS: '1' },
    target: () => ({ path: () => `/get/${randomId()}` }),
  },
];

async function waitForFile(file: string): Promise<string> {
  for (let i = 0; i < 600 && !fs.existsSync(file); i++) await new Promise((r) => setTimeout(r, 100));
  if (!fs.existsSync(file)) throw new Error(`no profile ${file}`);
  return file;
}

/**
 * Starts every subject with the given profiler, runs `rounds` profiled windows of each (a
 * different one first each round) and hands each window's profile and measure to `take`.
 */
async function profiled(
  kind: 'cpuprofile' | 'heapprofile',
  rounds: number,
  seconds: number,
  take: (label: string, profileFile: string, m: Measure) => void,
): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-profile-'));
  const started: { subject: Subject; server: Server; target: Target; n: number }[] = [];
  try {
    for (const subject of subjects) {
      const server = await h.start(subject.label, subject.script, data.dir, {
        env: { ...subject.env, BENCH_PROFILE_DIR: dir, BENCH_PROFILE_KIND: kind },
      });
      const auth = subject.script === 'serve-real.ts' ? await h.signIn(server) : {};
      const target = subject.target(auth);
      await h.check(server, target, h.isRecord);
      started.push({ subject, server, target, n: 0 });
    }
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < started.length; i++) {
        const s = started[(i + round) % started.length]!;
        await h.waitQuiet();
        await h.cannonOnce(s.server, s.target, h.WARMUP, true);
        process.kill(s.server.pid, 'SIGUSR2');
        const m = await h.cannonOnce(s.server, s.target, seconds);
        process.kill(s.server.pid, 'SIGUSR2');
        const file = await waitForFile(path.join(dir, `${s.server.pid}-${++s.n}.${kind}`));
        take(s.subject.label, file, m);
        console.log(
          `${kind} round ${round + 1}, ${s.subject.label}: ${h.n0(m.rps)} req/s, ${h.n1(h.usPerReq(m))} µs CPU/req, other CPU ${h.cores(m.otherCpu)}`,
        );
      }
    }
  } finally {
    for (const s of started) await h.stop(s.server);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const cpu = new Map(subjects.map((s) => [s.label, emptyTally()]));
const heap = new Map(subjects.map((s) => [s.label, emptyTally()]));
const rounds = new Map<string, Measure[]>(subjects.map((s) => [s.label, []]));
try {
  await profiled('cpuprofile', ROUNDS, h.SECONDS, (label, file, m) => {
    const t = cpu.get(label)!;
    addCpuProfile(t, JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile);
    t.requests += m.requests;
    t.cpuUs += h.usPerReq(m) * m.requests;
    rounds.get(label)!.push(m);
  });
  await profiled('heapprofile', 1, HEAP_SECONDS, (label, file, m) => {
    const t = heap.get(label)!;
    addHeapProfile(t, JSON.parse(fs.readFileSync(file, 'utf8')) as HeapProfile);
    t.requests += m.requests;
  });
} finally {
  if (!h.env.BENCH_KEEP) fs.rmSync(data.dir, { recursive: true, force: true });
}

// ---- report -------------------------------------------------------------------------------
const labels = subjects.map((s) => s.label);
/** µs per request of a CPU tally entry: its share of the samples times CPU µs per request. */
const cpuUs = (t: Tally, sampled = t.total) => (t.total ? (sampled / t.total) * (t.cpuUs / t.requests) : 0);
const bytes = (t: Tally, b = t.total) => b / t.requests;
const f1 = (x: number) => x.toFixed(1);
const top = (m: Map<string, number>, n: number, keep: (key: string) => boolean = () => true) =>
  [...m]
    .filter(([k]) => keep(k))
    .sort((a, b) => b[1] - a[1])
    .slice(0, n);
const columns = (fn: (label: string) => string) => labels.map(fn).join(' | ');
const head = (first: string) => [`| ${first} | ${columns((l) => l)} |`, `|---|${labels.map(() => '---:').join('|')}|`];
const medianOf = (label: string, pick: (m: Measure) => number) => h.median(rounds.get(label)!.map(pick));
const ours = cpu.get('ours')!;
const ceil = cpu.get('ceiling')!;

const areas = [...new Set(labels.flatMap((l) => [...cpu.get(l)!.byArea.keys()]))]
  .map((area) => ({ area, us: labels.map((l) => cpuUs(cpu.get(l)!, cpu.get(l)!.byArea.get(area) ?? 0)) }))
  .filter((a) => a.us.some((us) => us >= 0.1))
  .sort((a, b) => b.us[0]! - a.us[0]!);
const overview = [
  ...head('Per request'),
  `| req/s (median of ${ROUNDS}) | ${columns((l) => h.n0(medianOf(l, (m) => m.rps)))} |`,
  `| server CPU µs (median of ${ROUNDS}, /proc) | ${columns((l) => f1(medianOf(l, h.usPerReq)))} |`,
  `| bytes allocated (heap profile) | ${columns((l) => h.n0(bytes(heap.get(l)!)))} |`,
];
const summary = [
  `Get-one, \`npx tsx bench/profile-get.ts\` (${new Date().toISOString().slice(0, 10)}, ${h.codeState()}; ${os.cpus()[0]?.model ?? 'unknown CPU'}):`,
  '',
  ...overview,
  '',
  'Where ours spends more than the ceiling (µs per request, share of CPU samples × CPU per request; the ten largest differences):',
  '',
  ...head('Area'),
  ...[...areas]
    .sort((a, b) => b.us[0]! - b.us[1]! - (a.us[0]! - a.us[1]!))
    .slice(0, 10)
    .map((a) => `| ${a.area} | ${a.us.map(f1).join(' | ')} |`),
  '',
  'Details by function: [PROFILE-GET.md](PROFILE-GET.md).',
];
const md = [
  '# Get-one profile: ours against the ceiling',
  '',
  `- Date: ${new Date().toISOString()}; code: ${h.codeState()}`,
  `- Machine: ${h.machine()}`,
  `- \`npx tsx bench/profile-get.ts\`: ${h.n0(data.n)} medicines, get-one by random id, ${h.CONNECTIONS} connections. CPU: ${ROUNDS} rounds`,
  `  of ${h.WARMUP} s warm-up + ${h.SECONDS} s profiled per server, in alternation, V8's sampling profiler (100 µs) on during the`,
  `  profiled windows only; allocation: one ${HEAP_SECONDS} s window per server with V8's sampling heap profiler.`,
  '- µs per request of an area or a function = its share of the CPU samples (idle left out) × the server CPU time per',
  "  request (/proc, over the profiled windows). The profiler's own cost is in both: compare the columns, not these",
  '  CPU times with RESULTS.md. *ceiling + our headers*: the ceiling also sending the API headers of our JSON answers.',
  '',
  ...overview,
  '',
  '## Own time by area (µs per request)',
  '',
  ...head('Area'),
  ...areas.map((a) => `| ${a.area} | ${a.us.map(f1).join(' | ')} |`),
  '',
  '## Ours: functions by own time (µs per request)',
  '',
  '| Function @ source | µs/req |',
  '|---|---:|',
  ...top(ours.self, 30).map(([k, us]) => `| \`${k}\` | ${f1(cpuUs(ours, us))} |`),
  '',
  '## Ceiling: functions by own time (µs per request)',
  '',
  '| Function @ source | µs/req |',
  '|---|---:|',
  ...top(ceil.self, 15).map(([k, us]) => `| \`${k}\` | ${f1(cpuUs(ceil, us))} |`),
  '',
  "## Ours: our code's functions by time on the stack (µs per request, callees included)",
  '',
  '| Function @ source | µs/req |',
  '|---|---:|',
  ...top(ours.inclusive, 25, (k) => / @ (server|resources)\//.test(k)).map(([k, us]) => `| \`${k}\` | ${f1(cpuUs(ours, us))} |`),
  '',
  '## Allocation by function (bytes per request)',
  '',
  ...labels.flatMap((l) => [
    `### ${l}: ${h.n0(bytes(heap.get(l)!))} bytes per request`,
    '',
    '| Function @ source | bytes/req |',
    '|---|---:|',
    ...top(heap.get(l)!.self, l === 'ours' ? 25 : 12).map(([k, b]) => `| \`${k}\` | ${h.n0(bytes(heap.get(l)!, b))} |`),
    '',
  ]),
].join('\n');
fs.writeFileSync(path.join(h.HERE, 'PROFILE-GET.md'), md);
h.writeBlock('profile', summary.join('\n'));
console.log(`\n${md}`);
