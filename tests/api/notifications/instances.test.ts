import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { baseConfig } from '../database-templates';
import { claimers } from '../schedule/claimers';
import { notification } from '../../../resources';
import { ADMIN } from '../harness';
import { signIn, localIn } from './people';
import { hashPassword } from '../../../server/auth/passwords';
import { insertUser } from '../../fixtures/users';

/**
 * Two server instances on loopback sharing one throwaway PostgreSQL database and this machine's
 * Redis (a key prefix unique to this run, so parallel runs do not hear each other).
 */
const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('several instances: PostgreSQL + Redis adapter', () => {
  const name = `console_multi_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const databaseUrl = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const dirs: string[] = [];
  const apps: FastifyInstance[] = [];
  const sockets: Socket[] = [];
  let urlA: string, urlB: string;

  const instance = async (): Promise<[FastifyInstance, string]> => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-multi-'));
    dirs.push(dataDir);
    const { app } = await buildApp({
      ...baseConfig(dataDir, false, databaseUrl),
      redisUrl: REDIS_URL,
      redisKey: `test-${name}`,
    });
    apps.push(app);
    return [app, await app.listen({ port: 0, host: '127.0.0.1' })];
  };

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    [, urlA] = await instance();
    [, urlB] = await instance();
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    for (const app of apps) await app.close();
    const c = new pg.Client({ connectionString: PG_ADMIN_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('a notice created through instance A reaches a socket connected to instance B', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const now = new Date().toISOString();
    const user = await a.ctx.conn.db
      .insertInto('users')
      .values({
        user_name: 'Night nurse',
        username: 'nightnurse',
        password_hash: await hashPassword('multi-instance-password'),
        user_phone: '',
        user_email: '',
        user_address: '',
        user_picture: '',
        user_branch: 0,
        user_group: 0,
        user_designation: 0,
        user_department: 0,
        user_status: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('user_id')
      .executeTakeFirstOrThrow();
    // Signed in on B, sending from A: the session lives in the shared database.
    const nurseToken = await signIn(b, 'nightnurse', 'multi-instance-password');
    const adminToken = await signIn(a, ADMIN.username, ADMIN.password);
    const socket = connect(urlB, { path: '/api/socket.io', auth: { token: nurseToken }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const received = new Promise<{ notification_title: string }>((resolve) => socket.once('notification', resolve));
    const res = await fetch(`${urlA}/api/notification/notification-create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'access-token': adminToken },
      body: JSON.stringify({ notification_date: localIn(-1), title: 'From instance A', type: 'User', user: user.user_id }),
    });
    expect(res.status).toBe(201);
    expect((await received).notification_title).toBe('From instance A');
    expect(urlA).not.toBe(urlB);
  });

  it('a permission taken away, or a session signed out, through instance A is refused by instance B at once', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const adminToken = await signIn(a, ADMIN.username, ADMIN.password);
    const call = async (url: string, method: string, path: string, token: string, body?: unknown) => {
      const res = await fetch(`${url}/api${path}`, {
        method,
        headers: { 'access-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, json: (await res.json()) as { data: Record<string, unknown> } };
    };
    const group = (await call(urlA, 'POST', '/group/group-create', adminToken, { group_code: 'RELAY', group_name: 'Relay' })).json.data
      .group_id as number;
    const menu = (
      await a.ctx.conn.db.selectFrom('menu').select('menu_id').where('menu_slug', '=', 'branch/branch-list').executeTakeFirstOrThrow()
    ).menu_id;
    const grant = (permission_status: number) =>
      call(urlA, 'POST', '/permission/permission-create', adminToken, {
        permission_data: [{ menu_id: menu, permission_status }],
        group_id: group,
      });
    expect((await grant(1)).status).toBe(200);
    await insertUser(a.ctx, { username: 'relayclerk', password: 'multi-instance-password', group, slugs: [] });
    const clerk = await signIn(b, 'relayclerk', 'multi-instance-password');
    const listOnB = async () => (await call(urlB, 'GET', '/branch/branch-list/', clerk)).status;
    // B now holds the clerk's session and permissions in its caches (10 s each).
    expect(await listOnB()).toBe(200);
    expect((await grant(0)).status).toBe(200);
    await expect.poll(listOnB, { timeout: 3_000, interval: 100 }).toBe(403);

    expect((await grant(1)).status).toBe(200);
    await expect.poll(listOnB, { timeout: 3_000, interval: 100 }).toBe(200);
    expect((await call(urlA, 'GET', '/users/user-logout', clerk)).status).toBe(200);
    await expect.poll(listOnB, { timeout: 3_000, interval: 100 }).toBe(401);
  });

  it('only one of several instances claims a due notice', async () => {
    const db = apps[0]!.ctx.conn.db;
    const stamp = new Date().toISOString();
    // Written straight to the table so neither running scheduler is poked; then many claimers race.
    const row = await db
      .insertInto('notification')
      .values({
        notification_date: localIn(-1),
        notification_title: 'Race',
        notification_description: '',
        notification_type: 'All',
        notification_user: 0,
        notification_group: 0,
        notification_status: 1,
        notification_branch: 0,
        notification_sender: 1,
        notification_delivered_at: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning('notification_id')
      .executeTakeFirstOrThrow();
    const racers = await claimers(4, databaseUrl);
    try {
      const claims = await Promise.all(racers.map((c) => c.claim(notification, 'publish')));
      const winners = claims.flat().filter((c) => c.row.notification_id === row.notification_id);
      // The running schedulers sleep until their next look (no pending notice was known), so the
      // claimers race each other: exactly one wins.
      const delivered = await db
        .selectFrom('notification')
        .select('notification_delivered_at')
        .where('notification_id', '=', row.notification_id)
        .executeTakeFirstOrThrow();
      expect(winners).toHaveLength(1);
      expect(delivered.notification_delivered_at).not.toBeNull();
    } finally {
      await Promise.all(racers.map((c) => c.conn.close()));
    }
  });
});
