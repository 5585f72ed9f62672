import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { figure } from './support';
import { buildServer, call, pgCluster, signIn, startConsole, type ConsoleProcess, type PgCluster } from './processes';

/**
 * The console (a child process, as `npm start` runs it) on a PostgreSQL cluster of this test's
 * own, stopped in the middle of a stream of writes and started again: while it is down every
 * request is answered within 10 s, 503 in the envelope with a clear message; once it is back the
 * same process serves again, and every write it acknowledged is stored.
 */
const WORKERS = 4;
const ACKS_BEFORE_STOP = 40;
const DOWN_MS = 6_000;
const UNAVAILABLE = 'The database is unavailable; try again shortly';

describe('PostgreSQL stopped and started again under a stream of writes', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  let cluster: PgCluster;
  let server: ConsoleProcess;
  let token: string;

  beforeAll(async () => {
    const bundle = await buildServer();
    cleanups.push(() => bundle.remove());
    cluster = await pgCluster();
    cleanups.push(() => cluster.remove());
    server = await startConsole(bundle.file, { DATABASE_URL: cluster.url });
    cleanups.push(() => server.stop());
    token = await signIn(server.base);
  });
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('answers 503 in the envelope within 10 s while it is down, serves again once it is back, loses no acknowledged write', async () => {
    const acked: string[] = [];
    const refused: { status: number; message: string }[] = [];
    // Anything else: a 500, a hung request (aborted after 10 s), a dropped connection.
    const faults: string[] = [];
    const state = { phase: 'up' as 'up' | 'stopping' | 'down' | 'done', next: 0 };
    const worker = async () => {
      while (state.phase !== 'done') {
        const code = `PG-${state.next++}`;
        try {
          const res = await call(server.base, 'POST', '/pharmacy-category/pharmacy-category-create', token, {
            pharmacy_category_code: code,
            pharmacy_category_name: `Outage ${code}`,
          });
          if (res.status === 201) acked.push(code);
          else if (res.status === 503) refused.push({ status: res.json.status, message: res.json.message });
          else faults.push(`${res.status} ${res.json.message}`);
        } catch (err) {
          faults.push(String(err));
        }
        if (state.phase === 'up' && acked.length >= ACKS_BEFORE_STOP) {
          state.phase = 'stopping';
          cluster.stop();
          state.phase = 'down';
          setTimeout(() => (state.phase = 'done'), DOWN_MS);
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));

    figure(
      'PostgreSQL outage',
      `${acked.length} writes acknowledged, ${refused.length} answered 503 while it was down, ${faults.length} faults`,
    );
    expect(faults, `the server said: ${server.output().slice(-4000)}`).toEqual([]);
    expect(refused.length).toBeGreaterThan(0);
    expect(new Set(refused.map((r) => `${r.status} ${r.message}`))).toEqual(new Set([`0 ${UNAVAILABLE}`]));
    const down = await call(server.base, 'GET', '/health');
    expect(down.status).toBe(503);
    expect(down.json).toMatchObject({ status: 0, message: UNAVAILABLE, data: { database: 'down', redis: 'not configured' } });
    // A read too, and a request that needs the session.
    expect((await call(server.base, 'GET', '/pharmacy-category/pharmacy-category-list/', token)).status).toBe(503);
    expect(server.alive()).toBe(true);

    cluster.start();
    await expect.poll(async () => (await call(server.base, 'GET', '/health')).status).toBe(200);
    const after = await call(server.base, 'POST', '/pharmacy-category/pharmacy-category-create', token, {
      pharmacy_category_code: 'PG-after',
      pharmacy_category_name: 'After the outage',
    });
    expect(after.status).toBe(201);
    const list = await call(server.base, 'GET', '/pharmacy-category/pharmacy-category-list/?limit=1000', token);
    expect(list.status).toBe(200);
    const stored = new Set((list.json.data as { pharmacy_category_code: string }[]).map((r) => r.pharmacy_category_code));
    expect(acked.filter((c) => !stored.has(c))).toEqual([]);
    expect(stored.has('PG-after')).toBe(true);
    expect(server.alive()).toBe(true);
    // Said once for the outage, not once per refused request.
    expect(server.output().split(UNAVAILABLE).length - 1).toBeLessThanOrEqual(2);
  });
});
