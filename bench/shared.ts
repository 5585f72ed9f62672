import fs from 'node:fs';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import type { FastifyInstance } from 'fastify';
import { configFromEnv, type ServerConfig } from '../server/config';

/** The config both the set-up build and the served real app use. */
export function benchConfig(dataDir: string, adminPassword: string): ServerConfig {
  return {
    ...configFromEnv({}),
    dataDir,
    adminPassword,
    host: '127.0.0.1',
    port: 0,
    logger: false,
    seedSamples: true,
    loginRateLimit: 1000,
    distDir: undefined,
  };
}

/** Tells the parent where the child listens, and closes cleanly on SIGTERM (so --cpu-prof is written). */
export function announce(app: FastifyInstance): void {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening on a TCP port');
  process.stdout.write(`${JSON.stringify({ port: address.port, pid: process.pid })}\n`);
  process.once('SIGTERM', () => {
    void app.close().then(() => process.exit(0));
  });
  if (process.env.BENCH_PROFILE_DIR) profileOnSignal(process.env.BENCH_PROFILE_DIR);
}

/**
 * BENCH_PROFILE_DIR (bench/profile-get.ts): SIGUSR2 starts a V8 profiler, the next SIGUSR2 stops
 * it and writes `<dir>/<pid>-<n>.<kind>`, so a profile holds the measured window only, not
 * start-up or warm-up (which `node --cpu-prof` would mix in). BENCH_PROFILE_KIND: `cpuprofile`
 * (default; sampled every 100 µs) or `heapprofile` (V8's sampling heap profiler, every 256 bytes
 * allocated, garbage included: what each function allocates).
 */
function profileOnSignal(dir: string): void {
  const kind = process.env.BENCH_PROFILE_KIND === 'heapprofile' ? 'heapprofile' : 'cpuprofile';
  const session = new Session();
  session.connect();
  let running = false;
  let n = 0;
  const start = async () => {
    if (kind === 'cpuprofile') {
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 100 });
      await session.post('Profiler.start');
    } else {
      await session.post('HeapProfiler.enable');
      await session.post('HeapProfiler.startSampling', {
        samplingInterval: 256,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
    }
  };
  const stop = async () =>
    kind === 'cpuprofile' ? (await session.post('Profiler.stop')).profile : (await session.post('HeapProfiler.stopSampling')).profile;
  const toggle = async () => {
    running = !running;
    if (running) {
      await start();
      return;
    }
    const profile = await stop();
    const file = path.join(dir, `${process.pid}-${++n}.${kind}`);
    // Written whole, then renamed: the parent waits for the name.
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(profile));
    fs.renameSync(`${file}.tmp`, file);
  };
  process.on('SIGUSR2', () => {
    void toggle();
  });
}

export type Row = Record<string, unknown>;

/** The real server's answer shape for a medicine: the category embedded as an object. */
export function shape(row: Row): Row {
  const { pharmacy_category_name, ...rest } = row;
  rest.pharmacy_category =
    row.medicine_category == null
      ? { pharmacy_category_id: 0, pharmacy_category_name: '' }
      : { pharmacy_category_id: row.medicine_category, pharmacy_category_name: pharmacy_category_name ?? '' };
  return rest;
}
