import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Connection } from '../../../server/db/connect';
import { auditDb, verifyChain } from '../../../server/modules/audit/chain';
import { localTimeZone, nowIn } from '../../../resources';
import { buildServer, call, exited, signIn, startConsole, type ConsoleProcess } from '../../reliability/processes';
import { createThrowawayDb } from '../../reliability/support';

/**
 * Two instances of the server as `npm start` runs it (child processes), on one PostgreSQL
 * database and Redis, with publications and expiries falling due on both: one instance is killed
 * with SIGKILL while they are due, the other carries on; then the other is killed too with more
 * due while none runs, and a restarted instance catches up. Every due publication and expiry has
 * exactly one trail entry, by the scheduler, in order; those due while an instance ran happened
 * within 60 s of their time; the chain verifies.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PHOTOS = 40;
const NOTICES = 10;
const LATE = 12;

interface Due {
  resource: 'blog-photos' | 'notification';
  id: number;
  publish: string;
  expire: string;
}

/** The server's wall clock (the children run in this process's zone) `ms` from now, and back to a time. */
const zone = localTimeZone();
const at = (ms: number) => nowIn(zone, new Date(Date.now() + ms));
const timeOf = (local: string) => {
  const [d, t] = local.split(' ') as [string, string];
  const [y, mo, day] = d.split('-').map(Number) as [number, number, number];
  const [h, mi, sec] = t.split(':').map(Number) as [number, number, number];
  return new Date(y, mo - 1, day, h, mi, sec).getTime();
};

let bundle: Awaited<ReturnType<typeof buildServer>>;
beforeAll(async () => {
  bundle = await buildServer();
}, 120_000);
afterAll(() => {
  bundle.remove();
});

async function schedule(child: ConsoleProcess, token: string, from: number, photos: number, notices: number): Promise<Due[]> {
  const made: Due[] = [];
  // Due over four seconds from `from`, several in each second, so both instances wake for them together.
  for (let i = 0; i < photos; i++) {
    const publish = at(from + (i % 4) * 1_000);
    const expire = at(from + 3_000 + (i % 4) * 1_000);
    const res = await call(child.base, 'POST', '/blogs/blog-photos-create', token, {
      title: `Due ${from} ${i}`,
      type: 'Campaign',
      publish_at: publish,
      expire_at: expire,
    });
    expect(res.status, res.json.message).toBe(201);
    made.push({ resource: 'blog-photos', id: (res.json.data as { id: number }).id, publish, expire });
  }
  for (let i = 0; i < notices; i++) {
    const publish = at(from + (i % 4) * 1_000);
    const expire = at(from + 3_000 + (i % 4) * 1_000);
    const res = await call(child.base, 'POST', '/notification/notification-create', token, {
      notification_date: publish,
      title: `Notice ${from} ${i}`,
      type: 'All',
      expire_at: expire,
    });
    expect(res.status, res.json.message).toBe(201);
    made.push({ resource: 'notification', id: (res.json.data as { notification_id: number }).notification_id, publish, expire });
  }
  return made;
}

const scheduledEntries = (conn: Connection) =>
  auditDb(conn.db)
    .selectFrom('audit_log')
    .select(['audit_id', 'audit_action', 'audit_resource', 'audit_record', 'audit_actor', 'audit_actor_name', 'audit_at'])
    .where('audit_action', 'in', ['publish', 'expire'])
    .orderBy('audit_id')
    .execute();

describe('scheduled publishing across two instances (PostgreSQL + Redis), one killed with SIGKILL', () => {
  it(
    'records every due publication and expiry exactly once, within 60 s while an instance runs, and catches up after a restart',
    { timeout: 300_000 },
    async () => {
      const db = await createThrowawayDb();
      const env = { DATABASE_URL: db.url, REDIS_URL, REDIS_KEY: `schedule-kill-${process.pid}-${Date.now()}`, LOG: '0' };
      const children: ConsoleProcess[] = [];
      const conn = await connect({ dataDir: '/tmp', databaseUrl: db.url, readerThreads: 0 });
      try {
        const a = await startConsole(bundle.file, env);
        children.push(a);
        const b = await startConsole(bundle.file, env);
        children.push(b);
        const tokenA = await signIn(a.base);
        const tokenB = await signIn(b.base);

        // Phase 1: due on both instances; A is killed once the first are recorded, with the rest still due.
        const first = await schedule(a, tokenA, 8_000, PHOTOS, NOTICES);
        const total = first.length * 2;
        await expect.poll(async () => (await scheduledEntries(conn)).length, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(5);
        a.proc.kill('SIGKILL');
        await exited(a.proc);
        const atKill = (await scheduledEntries(conn)).length;
        expect(atKill, 'A was killed while actions were still due').toBeLessThan(total);
        await expect
          .poll(async () => (await scheduledEntries(conn)).length, { timeout: 90_000, interval: 200 })
          .toBeGreaterThanOrEqual(total);

        // Phase 2: more due while no instance runs; B is killed before they fall due, a new instance catches up.
        const late = await schedule(b, tokenB, 4_000, LATE, 0);
        b.proc.kill('SIGKILL');
        await exited(b.proc);
        const lastDue = Math.max(...late.map((d) => timeOf(d.expire)));
        await expect.poll(() => Date.now() > lastDue + 1_000, { timeout: 30_000, interval: 200 }).toBe(true);
        const restartedAt = Date.now();
        const c = await startConsole(bundle.file, env);
        children.push(c);
        await expect
          .poll(async () => (await scheduledEntries(conn)).length, { timeout: 60_000, interval: 200 })
          .toBeGreaterThanOrEqual(total + late.length * 2);

        const entries = await scheduledEntries(conn);
        // Exactly once: one publish and one expire per due record, nothing else.
        expect(entries).toHaveLength(total + late.length * 2);
        const lags: number[] = [];
        for (const due of [...first, ...late]) {
          const mine = entries.filter((e) => e.audit_resource === due.resource && e.audit_record === due.id);
          expect(
            mine.map((e) => [e.audit_action, e.audit_actor, e.audit_actor_name]),
            `${due.resource} ${due.id}`,
          ).toEqual([
            ['publish', null, 'scheduler'],
            ['expire', null, 'scheduler'],
          ]);
          for (const [entry, when] of [
            [mine[0]!, due.publish],
            [mine[1]!, due.expire],
          ] as const) {
            const lag = Date.parse(entry.audit_at) - timeOf(when);
            // Never early (a second's grain: dates are stored to the second).
            expect(lag, `${entry.audit_action} of ${due.resource} ${due.id}`).toBeGreaterThanOrEqual(0);
            if (first.includes(due)) {
              expect(lag, `${entry.audit_action} of ${due.resource} ${due.id} within 60 s`).toBeLessThanOrEqual(60_000);
              lags.push(lag);
            } else expect(Date.parse(entry.audit_at)).toBeGreaterThanOrEqual(restartedAt);
          }
        }
        lags.sort((x, y) => x - y);
        console.log(
          `scheduled actions: ${total} due with two instances (A killed after ${atKill}), lag median ${lags[lags.length >> 1]} ms, max ${lags.at(-1)} ms; ${late.length * 2} caught up after a restart`,
        );
        expect(await verifyChain(conn.db)).toMatchObject({ ok: true });
      } finally {
        for (const child of children) if (child.alive()) child.proc.kill('SIGKILL');
        await Promise.all(children.map((child) => exited(child.proc)));
        await conn.close();
        await db.drop();
      }
    },
  );
});
