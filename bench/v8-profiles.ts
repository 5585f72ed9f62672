import fs from 'node:fs';
import path from 'node:path';
import { SourceMap } from 'node:module';

/**
 * Reading the V8 profiles the bench's servers write (bench/shared.ts, BENCH_PROFILE_DIR): CPU
 * profiles (.cpuprofile) as each function's and each area's share of the samples, and sampling
 * heap profiles (.heapprofile) as the bytes each allocates. Frames of the bundled server are
 * mapped back to their TypeScript source through the bundle's source map.
 */
export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
export interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}
export interface HeapNode {
  callFrame: CallFrame;
  selfSize: number;
  children: HeapNode[];
}
export interface HeapProfile {
  head: HeapNode;
}

// ---- where a frame comes from --------------------------------------------------------------
const maps = new Map<string, SourceMap | null>();
function sourceMapOf(url: string): SourceMap | null {
  if (!maps.has(url)) {
    let map: SourceMap | null;
    try {
      const file = url.startsWith('file://') ? new URL(url).pathname : url;
      map = new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')) as ConstructorParameters<typeof SourceMap>[0]);
    } catch {
      // A frame of a file without a map (node's own, a package) keeps its file name.
      map = null;
    }
    maps.set(url, map);
  }
  return maps.get(url)!;
}

/** The frame's source: `server/auth/sessions.ts:120` for our bundle, `fastify/lib/route.js` for a package, `node:_http_server`. */
export function sourceOf(frame: CallFrame): string {
  const { url } = frame;
  if (!url) return '';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(url);
  if (pkg) return `${pkg[1]}/${pkg[2]}`;
  if (url.startsWith('node:')) return url;
  const map = sourceMapOf(url);
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber);
  if (entry && 'originalSource' in entry && entry.originalSource) {
    const original = entry.originalSource.replace(/^.*?\/(server|bench|resources)\//, '$1/');
    return `${original}:${entry.originalLine + 1}`;
  }
  return path.basename(url);
}

/** The area a frame's own time counts to, coarse enough to compare the two servers. */
export function areaOf(frame: CallFrame, source: string): string {
  const name = frame.functionName;
  if (!frame.url) {
    if (name === '(garbage collector)') return 'GC';
    if (name === '(program)' || name === '(root)') return 'V8 / native, unattributed';
    if (name === '(idle)') return 'idle';
    return `native: ${name || '(anonymous)'}`;
  }
  if (source.startsWith('node:')) {
    if (/_http_|http_parser|internal\/http/.test(source)) return 'node: HTTP';
    if (/net|stream|timers|async_hooks|process\/task_queues|events/.test(source)) return 'node: sockets, streams, timers, events';
    return 'node: other';
  }
  if (source.startsWith('fastify/') || source.startsWith('find-my-way/') || source.startsWith('avvio/') || source.startsWith('@fastify/'))
    return source.startsWith('find-my-way/') ? 'router (find-my-way)' : 'Fastify (request, reply, hooks, serialiser)';
  if (source.startsWith('fast-json-stringify') || source.startsWith('secure-json-parse'))
    return 'Fastify (request, reply, hooks, serialiser)';
  if (source.startsWith('kysely/')) return 'Kysely';
  if (source.startsWith('better-sqlite3/')) return 'better-sqlite3 (JS)';
  if (source.startsWith('server/') || source.startsWith('resources/')) return `ours: ${source.replace(/:\d+$/, '')}`;
  if (source.startsWith('bench/')) return `bench: ${source.replace(/:\d+$/, '')}`;
  const pkg = /^((?:@[^/]+\/)?[^/]+)\//.exec(source);
  return pkg ? `package: ${pkg[1]}` : `other: ${source}`;
}

/** What one server's profiles add up to, over the requests answered while they ran. */
export interface Tally {
  requests: number;
  /** Server CPU time (/proc) during the profiled windows, µs. */
  cpuUs: number;
  /** Sampled time (CPU profiles) or bytes (heap profiles) in all. */
  total: number;
  byArea: Map<string, number>;
  /** Own time or bytes by function (`name @ source`). */
  self: Map<string, number>;
  /** Time with the function on the stack, callees included (CPU profiles only). */
  inclusive: Map<string, number>;
}

export const emptyTally = (): Tally => ({ requests: 0, cpuUs: 0, total: 0, byArea: new Map(), self: new Map(), inclusive: new Map() });

const add = (m: Map<string, number>, k: string, x: number) => m.set(k, (m.get(k) ?? 0) + x);
const keyOf = (frame: CallFrame) => {
  const source = sourceOf(frame);
  return { key: `${frame.functionName || '(anonymous)'} @ ${source || 'native'}`, area: areaOf(frame, source) };
};

/** Adds a CPU profile's samples (idle ones left out) to `into`. */
export function addCpuProfile(into: Tally, profile: CpuProfile): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const keys = new Map<number, { key: string; area: string }>();
  const keyOfId = (id: number) => {
    let k = keys.get(id);
    if (!k) keys.set(id, (k = keyOf(byId.get(id)!.callFrame)));
    return k;
  };
  profile.samples.forEach((id, i) => {
    // The delta after a sample is the time it stands for (the last one gets its own delta).
    const us = profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0;
    const own = keyOfId(id);
    if (own.area === 'idle') return;
    into.total += us;
    add(into.byArea, own.area, us);
    add(into.self, own.key, us);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { key } = keyOfId(at);
      if (!seen.has(key)) {
        seen.add(key);
        add(into.inclusive, key, us);
      }
    }
  });
}

/** Adds a sampling heap profile's bytes to `into`, by the function that allocated them. */
export function addHeapProfile(into: Tally, profile: HeapProfile): void {
  const walk = (node: HeapNode) => {
    if (node.selfSize) {
      const { key, area } = keyOf(node.callFrame);
      into.total += node.selfSize;
      add(into.byArea, area, node.selfSize);
      add(into.self, key, node.selfSize);
    }
    for (const child of node.children) walk(child);
  };
  walk(profile.head);
}
