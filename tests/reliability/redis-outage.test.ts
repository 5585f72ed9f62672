import pg from 'pg';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/passwords';
import { localIn } from '../api/notifications/people';
import { createThrowawayDb } from './support';
import { buildServer, call, redisServer, signIn, startConsole, type ConsoleProcess, type RedisProcess } from './processes';

/**
 * Two instances of the console (child processes, as `npm start` runs them) on one PostgreSQL
 * database and a redis-server of this test's own. Redis is stopped for 30 s of reads and writes on
 * both instances, then started again: nothing hangs, nobody crashes, a permission withdrawn
 * through A is refused by B from the next request throughout, and pushes cross instances again.
 */
const OUTAGE_MS = 30_000;

interface Health {
  status: number;
  json: { data: { database: string; redis: string } };
}
const health = async (c: ConsoleProcess) => (await call(c.base, 'GET', '/health')) as Health;
const redisState = async (c: ConsoleProcess) => (await health(c)).json.data.redis;
const count = (text: string, needle: string) => text.split(needle).length - 1;

describe('Redis outage with two instances', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  let redis: RedisProcess;
  let a: ConsoleProcess, b: ConsoleProcess;
  let admin: string;
  let clerk: string;
  let grant: (status: 0 | 1) => Promise<number>;
  let db: pg.Client;
  let nurseId: number;
  let nurseSocket: Socket;

  beforeAll(async () => {
    const server = await buildServer();
    cleanups.push(() => server.remove());
    redis = await redisServer();
    cleanups.push(() => redis.stop());
    const database = await createThrowawayDb();
    cleanups.push(() => database.drop());
    const env = { DATABASE_URL: database.url, REDIS_URL: redis.url, REDIS_KEY: `faults-${process.pid}` };
    // One after the other: both would take turns on the start-up lock anyway.
    a = await startConsole(server.file, env);
    cleanups.push(() => a.stop());
    b = await startConsole(server.file, env);
    cleanups.push(() => b.stop());
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    cleanups.push(() => db.end());

    admin = await signIn(a.base);
    const group = (await call(a.base, 'POST', '/group/group-create', admin, { group_code: 'FAULT', group_name: 'Fault clerks' })).json
      .data as { group_id: number };
    const menu = (await db.query<{ menu_id: number }>("SELECT menu_id FROM menu WHERE menu_slug = 'branch/branch-list'")).rows[0]!.menu_id;
    grant = async (permission_status) =>
      (
        await call(a.base, 'POST', '/permission/permission-create', admin, {
          group_id: group.group_id,
          permission_data: [{ menu_id: menu, permission_status }],
        })
      ).status;
    const insert = async (username: string, groupId: number) => {
      const now = new Date().toISOString();
      const { rows } = await db.query<{ user_id: number }>(
        `INSERT INTO users (user_name, username, password_hash, user_phone, user_email, user_address, user_picture, user_branch,
           user_group, user_designation, user_department, user_status, created_at, updated_at)
         VALUES ($1, $1, $2, '', '', '', '', 0, $3, 0, 0, 1, $4, $4) RETURNING user_id`,
        [username, await hashPassword('fault-user-password'), groupId, now],
      );
      return rows[0]!.user_id;
    };
    await insert('faultclerk', group.group_id);
    nurseId = await insert('faultnurse', 0);
    expect(await grant(1)).toBe(200);
    clerk = await signIn(b.base, 'faultclerk', 'fault-user-password');
    const nurse = await signIn(b.base, 'faultnurse', 'fault-user-password');
    nurseSocket = connectSocket(b.url, { path: '/api/socket.io', auth: { token: nurse }, transports: ['websocket'] });
    cleanups.push(() => {
      nurseSocket.close();
    });
    await new Promise<void>((resolve, reject) => {
      nurseSocket.once('connect', resolve);
      nurseSocket.once('connect_error', reject);
    });
  });
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  const listOnB = async () => (await call(b.base, 'GET', '/branch/branch-list/', clerk)).status;

  /**
   * Whether B keeps the clerk's permissions in memory: the menu switched off straight in the
   * database (behind every instance's back) is still honoured by B.
   */
  const bKeepsCopies = async () => {
    // A probe's own switched-off moment may itself be kept by B (up to 10 s): then B answers 403
    // until that copy expires, and the probe asks again.
    if ((await listOnB()) !== 200) return false;
    await db.query("UPDATE menu SET menu_status = 0 WHERE menu_slug = 'branch/branch-list'");
    try {
      return (await listOnB()) === 200;
    } finally {
      await db.query("UPDATE menu SET menu_status = 1 WHERE menu_slug = 'branch/branch-list'");
    }
  };

  /** A notice from A to the nurse, whose socket is connected to B: answers whether it arrived within 3 s. */
  const noticeCrosses = async (title: string) => {
    const arrived = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 3_000);
      const listener = (notice: { notification_title: string }) => {
        if (notice.notification_title !== title) return;
        clearTimeout(timer);
        nurseSocket.off('notification', listener);
        resolve(true);
      };
      nurseSocket.on('notification', listener);
    });
    const sent = await call(a.base, 'POST', '/notification/notification-create', admin, {
      notification_date: localIn(-60),
      title,
      type: 'User',
      user: nurseId,
    });
    expect(sent.status).toBe(201);
    return arrived;
  };

  it('a withdrawal through A is refused by B from its next request, while Redis works (10 rounds)', async () => {
    await expect.poll(() => redisState(a)).toBe('up');
    await expect.poll(() => redisState(b)).toBe('up');
    // Only once B keeps copies does a withdrawal depend on being told to B.
    await expect.poll(bKeepsCopies, { timeout: 30_000 }).toBe(true);
    for (let round = 0; round < 10; round++) {
      // B keeps the clerk's session and permissions (10 s) after this request.
      expect(await listOnB()).toBe(200);
      expect(await grant(0)).toBe(200);
      expect(await listOnB()).toBe(403);
      expect(await grant(1)).toBe(200);
      expect(await listOnB()).toBe(200);
    }
    expect(await noticeCrosses('Before the outage')).toBe(true);
  });

  it('survives 30 s without Redis: every read and write answers on both instances, withdrawals hold, both stay up', async () => {
    await redis.stop();
    await expect.poll(() => redisState(a)).toBe('down');
    await expect.poll(() => redisState(b)).toBe('down');
    // Nothing can be told to B now: it reads the database on every request instead.
    expect(await bKeepsCopies()).toBe(false);

    const statuses: Record<string, number> = {};
    const tally = (s: number) => (statuses[s] = (statuses[s] ?? 0) + 1);
    const started = Date.now();
    let n = 0;
    let withdrawals = 0;
    while (Date.now() - started < OUTAGE_MS) {
      for (const c of [a, b]) {
        n++;
        // Each call fails the test by throwing if it is not answered within 10 s.
        const created = await call(c.base, 'POST', '/designation/designation-create', admin, {
          designation_code: `R${n}`,
          designation_name: `Outage ${n}`,
        });
        tally(created.status);
        tally((await call(c.base, 'GET', '/designation/designation-list/?limit=5', admin)).status);
      }
      if (n % 10 === 0) {
        withdrawals++;
        expect(await listOnB()).toBe(200);
        expect(await grant(0)).toBe(200);
        expect(await listOnB()).toBe(403);
        expect(await grant(1)).toBe(200);
        expect(await listOnB()).toBe(200);
        // A sign-out through A holds on B as well.
        const spare = await signIn(a.base, 'faultclerk', 'fault-user-password');
        expect((await call(b.base, 'GET', '/branch/branch-list/', spare)).status).toBe(200);
        expect((await call(a.base, 'GET', '/users/user-logout', spare)).status).toBe(200);
        expect((await call(b.base, 'GET', '/branch/branch-list/', spare)).status).toBe(401);
      }
    }
    expect(Object.keys(statuses).sort()).toEqual(['200', '201']);
    expect(withdrawals).toBeGreaterThan(0);
    expect(a.alive() && b.alive()).toBe(true);
    const stored = await db.query<{ n: string }>("SELECT count(*) AS n FROM designation WHERE designation_name LIKE 'Outage %'");
    expect(Number(stored.rows[0]!.n)).toBe(n);
    // Said once per instance, not once per retry or per command.
    for (const c of [a, b]) expect(count(c.output(), 'Redis unreachable')).toBe(1);
  });

  it('when Redis is back, pushes cross instances again and withdrawals still hold, without a restart', async () => {
    await redis.start();
    await expect.poll(() => redisState(a)).toBe('up');
    await expect.poll(() => redisState(b)).toBe('up');
    expect(await noticeCrosses('After the outage')).toBe(true);
    await expect.poll(bKeepsCopies, { timeout: 30_000 }).toBe(true);
    for (let round = 0; round < 5; round++) {
      expect(await listOnB()).toBe(200);
      expect(await grant(0)).toBe(200);
      expect(await listOnB()).toBe(403);
      expect(await grant(1)).toBe(200);
    }
    expect(a.alive() && b.alive()).toBe(true);
    for (const c of [a, b]) {
      expect(count(c.output(), 'Redis unreachable')).toBe(1);
      expect(count(c.output(), 'Redis back')).toBe(1);
    }
  });
});
