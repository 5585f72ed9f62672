import pg from 'pg';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localIn } from '../api/notifications/people';
import { createThrowawayDb } from './support';
import { buildServer, call, exited, redisServer, signIn, startConsole, type ConsoleProcess } from './processes';

/**
 * Two instances (child processes, as `npm start` runs them) on one PostgreSQL database with a
 * redis-server of the test's own; 100 signed-in sessions write through both; instance A is killed
 * with SIGKILL mid-stream. Sessions on A move to B, as a load balancer would send them: every
 * write either instance acknowledged is in the database, B answers every request, a notice sent
 * after the kill reaches a socket on B, and the notice A had scheduled (falling due after its
 * death) is pushed by B. Bounded: each session writes a fixed number of times.
 */
const SESSIONS = 100;
const WRITES_BEFORE = 3;
const WRITES_AFTER = 2;
const ROUTE = '/pharmacy-category/pharmacy-category-create';

interface Notice {
  notification_title: string;
}

describe('an instance lost under load', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  let a: ConsoleProcess, b: ConsoleProcess;
  let db: pg.Client;
  let socket: Socket;
  const received: string[] = [];

  beforeAll(async () => {
    const server = await buildServer();
    cleanups.push(() => server.remove());
    const redis = await redisServer();
    cleanups.push(() => redis.stop());
    const database = await createThrowawayDb();
    cleanups.push(() => database.drop());
    const env = { DATABASE_URL: database.url, REDIS_URL: redis.url, REDIS_KEY: `loss-${process.pid}`, LOG: '0' };
    a = await startConsole(server.file, env);
    cleanups.push(() => a.stop());
    b = await startConsole(server.file, env);
    cleanups.push(() => b.stop());
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    cleanups.push(() => db.end());
    socket = connectSocket(b.url, { path: '/api/socket.io', auth: { token: await signIn(b.base) }, transports: ['websocket'] });
    cleanups.push(() => {
      socket.close();
    });
    socket.on('notification', (n: Notice) => received.push(n.notification_title));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
  }, 180_000);
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  const arrived = (title: string, ms: number) =>
    new Promise<boolean>((resolve) => {
      if (received.includes(title)) {
        resolve(true);
        return;
      }
      const timer = setTimeout(() => resolve(received.includes(title)), ms);
      const listener = (n: Notice) => {
        if (n.notification_title !== title) return;
        clearTimeout(timer);
        socket.off('notification', listener);
        resolve(true);
      };
      socket.on('notification', listener);
    });

  it(
    'loses no acknowledged write; the survivor serves, pushes live events and runs the lost instance due notices',
    { timeout: 240_000 },
    async () => {
      const adminId = (await db.query<{ user_id: number }>("SELECT user_id FROM users WHERE username = 'admin'")).rows[0]!.user_id;
      // Half the sessions signed in through each instance: sessions live in the database, valid on both.
      const tokens: string[] = [];
      for (let i = 0; i < SESSIONS; i++) tokens.push(await signIn(i % 2 ? b.base : a.base));

      // A notice A schedules, falling due after A is gone.
      const orphan = 'Due after A is lost';
      const scheduled = await call(a.base, 'POST', '/notification/notification-create', tokens[0], {
        notification_date: localIn(15),
        title: orphan,
        type: 'User',
        user: adminId,
      });
      expect(scheduled.status).toBe(201);

      const acked: number[] = [];
      const refusedByB: string[] = [];
      const state = { killed: false, writesBeforeKill: 0, orphanBeforeKill: false };
      const killA = () => {
        if (state.killed) return;
        state.killed = true;
        a.proc.kill('SIGKILL');
      };
      const session = async (token: string, i: number) => {
        let onA = i % 2 === 0;
        let done = 0;
        let afterKill = 0;
        for (let attempt = 0; attempt < 50 && (done < WRITES_BEFORE || afterKill < WRITES_AFTER); attempt++) {
          const base = onA ? a.base : b.base;
          const code = `LOSS-${i}-${attempt}`;
          try {
            const res = await call(base, 'POST', ROUTE, token, { pharmacy_category_code: code, pharmacy_category_name: code });
            if (res.status === 201) {
              acked.push((res.json.data as { pharmacy_category_id: number }).pharmacy_category_id);
              done++;
              if (state.killed) afterKill++;
              if (++state.writesBeforeKill >= (SESSIONS * WRITES_BEFORE) / 2) killA();
            } else if (!onA) refusedByB.push(`${res.status} ${res.json.message}`);
          } catch (err) {
            // A died under this request: never acknowledged. The session goes to B, as a balancer would send it.
            if (!onA) refusedByB.push(String(err));
            onA = false;
          }
          if (state.killed) onA = false;
        }
        return afterKill;
      };
      const after = await Promise.all(tokens.map(session));
      await exited(a.proc);
      expect(state.killed).toBe(true);
      expect(a.proc.signalCode).toBe('SIGKILL');

      // A was killed before its notice fell due, unclaimed: whoever pushes it now, it is not A.
      expect(state.orphanBeforeKill).toBe(false);
      const claimed = async () =>
        (
          await db.query<{ at: string | null }>('SELECT notification_delivered_at AS at FROM notification WHERE notification_title = $1', [
            orphan,
          ])
        ).rows[0]?.at ?? null;
      expect(await claimed()).toBeNull();
      expect(refusedByB).toEqual([]);
      expect(after.every((n) => n >= WRITES_AFTER)).toBe(true);
      const stored = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pharmacy_category WHERE pharmacy_category_id = ANY($1)',
        [acked],
      );
      expect(stored.rows[0]!.n).toBe(acked.length);
      expect(new Set(acked).size).toBe(acked.length);

      const live = 'Sent through B after A was lost';
      const waiting = arrived(live, 10_000);
      const sent = await call(b.base, 'POST', '/notification/notification-create', tokens[1], {
        notification_date: localIn(-60),
        title: live,
        type: 'User',
        user: adminId,
      });
      expect(sent.status).toBe(201);
      expect(await waiting).toBe(true);
      // B looks for notices written by others at least every 30 s.
      expect(await arrived(orphan, 60_000)).toBe(true);
      expect(received.filter((t) => t === orphan)).toHaveLength(1);
      expect(await claimed()).not.toBeNull();
      expect((await call(b.base, 'GET', '/health')).status).toBe(200);
    },
  );
});
