import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { baseConfig } from '../database-templates';
import { ADMIN } from '../harness';
import { insertUser } from '../../fixtures/users';
import { consoleSetUp, directorySettings } from './helpers';

/**
 * A leaver deactivated by the directory is out everywhere: two instances on one throwaway
 * PostgreSQL database and this machine's Redis (a key unique to this run); the person signed in
 * on instance B with a live socket there; the directory's SCIM PATCH `active: false` reaches
 * instance A. B drops the socket and refuses the session, within the 60 s (the bus
 * confirms in at most 2 s; the deadline below only stops a test that would otherwise hang).
 */
const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LIMIT_MS = 60_000;
const PASSWORD = 'leaver-password-1234';

describe('a SCIM deactivation on one instance ends the sessions and sockets on every instance', () => {
  const name = `console_scim_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const databaseUrl = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const dirs: string[] = [];
  const apps: FastifyInstance[] = [];
  const sockets: Socket[] = [];
  const urls: string[] = [];

  const instance = async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-scim-multi-'));
    dirs.push(dataDir);
    const { app } = await buildApp({
      ...baseConfig(dataDir, false, databaseUrl),
      redisUrl: REDIS_URL,
      redisKey: `test-${name}`,
      directory: directorySettings(undefined),
    });
    apps.push(app);
    urls.push(await app.listen({ port: 0, host: '127.0.0.1' }));
    return app;
  };

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    // One after the other: the first migrates the database, the second finds it ready.
    await instance();
    await instance();
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

  it('drops the socket on instance B and refuses the session there', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const [, urlB] = urls as [string, string];
    const signIn = async (app: FastifyInstance, username: string, password: string) => {
      const res = await app.inject({ method: 'POST', url: '/api/users/user-login/', payload: { username, password } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: { token: string } }>().data.token;
    };
    const adminToken = await signIn(a, ADMIN.username, ADMIN.password);
    const setUp = await consoleSetUp({
      call: (method, url, o = {}) =>
        a.inject({
          method: method as 'POST',
          url,
          headers: { 'access-token': adminToken },
          ...(o.body !== undefined && { payload: o.body as object }),
        }),
    });
    const made = await a.inject({
      method: 'POST',
      url: '/api/directory/scim-tokens',
      headers: { 'access-token': adminToken },
      payload: { name: 'Entra ID' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const bearer = made.json<{ data: { token: string } }>().data.token;

    await insertUser(a.ctx, { username: 'leaver', password: PASSWORD, group: setUp.nurses, slugs: [] });
    const leaver = await a.ctx.conn.db.selectFrom('users').select('user_id').where('username', '=', 'leaver').executeTakeFirstOrThrow();
    const token = await signIn(b, 'leaver', PASSWORD);
    const whoAmI = () => b.inject({ method: 'GET', url: '/api/users/get-auth-user', headers: { 'access-token': token } });
    // B now keeps the session in its cache (what a missed message would leave valid).
    expect((await whoAmI()).statusCode).toBe(200);

    const socket = connect(urlB, { path: '/api/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    let deadline: NodeJS.Timeout | undefined;
    const dropped = new Promise<string>((resolve, reject) => {
      socket.once('disconnect', (reason) => resolve(reason));
      deadline = setTimeout(() => reject(new Error(`the socket on instance B was still connected after ${LIMIT_MS} ms`)), LIMIT_MS);
    });

    const deactivate = await a.inject({
      method: 'PATCH',
      url: `/api/scim/v2/Users/${leaver.user_id}`,
      headers: { 'content-type': 'application/scim+json', authorization: `Bearer ${bearer}` },
      payload: JSON.stringify({
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'replace', path: 'active', value: false }],
      }),
    });
    expect(deactivate.statusCode, deactivate.body).toBe(200);
    expect(deactivate.json()).toMatchObject({ active: false });

    // The server closed it (socket.io's reason for a disconnect the server made).
    expect(await dropped).toBe('io server disconnect');
    clearTimeout(deadline);
    expect((await whoAmI()).statusCode).toBe(401);
    // And a new connection with the ended session is refused at B.
    const again = connect(urlB, { path: '/api/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(again);
    const refused = await new Promise<string>((resolve) => {
      again.once('connect', () => resolve('connected'));
      again.once('connect_error', (err) => resolve(`refused: ${err.message}`));
    });
    expect(refused).toMatch(/^refused/);
  });
});
