import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../harness';
import { createGroup, createPerson, type Person } from '../notifications/people';

/**
 * What runs before every API answer decides from memory when it can (server/plugins/auth.ts: a
 * kept session and kept permissions need no promise; server/plugins/finite-numbers.ts: only
 * routes that can receive a number check for infinite ones). Deciding from memory must not
 * decide differently: a withdrawal, a sign-out and the idle limit hold from the very next request.
 */
// Long enough that no gap between two requests of the earlier tests reaches it on a loaded machine
// (a new user's password hashing alone can take over a second there); the last test waits it out.
const IDLE_MS = 6_000;

describe('the per-request checks, answered from memory', () => {
  let s: TestServer;
  let clerk: Person;
  let medicine: number;
  let readMenu: number;
  const read = async (token = clerk.token) => (await s.call('GET', `/api/medicine/get-medicine/${medicine}`, { token })).statusCode;
  const grant = async (status: 0 | 1) => {
    const res = await s.call('POST', '/api/permission/permission-create-user', {
      body: { permission_data: [{ menu_id: readMenu, permission_status: status }], user: { user_id: clerk.id } },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    s = await startServer('sqlite', { seed: false, config: { sessionIdleMs: IDLE_MS } });
    clerk = await createPerson(s, 'hot-path-clerk', await createGroup(s, 'HOT'), 0, ['medicine/get-medicine']);
    const created = await s.call('POST', '/api/medicine/medicine-create', {
      body: { medicine_code: 'HOT-1', medicine_name: 'Hot path 5 mg', medicine_status: 1 },
    });
    expect(created.statusCode, created.body).toBe(201);
    medicine = created.json().data.medicine_id as number;
    const menu = await s.app.ctx.conn.db
      .selectFrom('menu')
      .select('menu_id')
      .where('menu_slug', '=', 'medicine/get-medicine')
      .executeTakeFirstOrThrow();
    readMenu = menu.menu_id;
  });
  afterAll(() => s.close());

  it('refuses from the very next request once a kept permission is withdrawn, and lets in once granted again', async () => {
    // Twice: the second answer comes from the kept session and permissions.
    expect(await read()).toBe(200);
    expect(await read()).toBe(200);
    await grant(0);
    expect(await read()).toBe(403);
    expect(await read()).toBe(403);
    await grant(1);
    expect(await read()).toBe(200);
  });

  it('refuses a kept session from the very next request after its sign-out', async () => {
    const other = await createPerson(s, 'hot-path-leaver', clerk.group, 0, ['medicine/get-medicine']);
    expect(await read(other.token)).toBe(200);
    expect(await read(other.token)).toBe(200);
    expect((await s.call('GET', '/api/users/user-logout', { token: other.token })).statusCode).toBe(200);
    expect(await read(other.token)).toBe(401);
  });

  it('still refuses infinite numbers where a route can receive one: a coerced query, a JSON body', async () => {
    const query = await s.call('GET', '/api/notification/notification-list/?limit=Infinity');
    expect(query.statusCode, query.body).toBe(400);
    expect(query.json()).toMatchObject({ status: 0, message: 'limit must be a finite number', data: null });
    const before = (await s.call('GET', '/api/medicine/medicine-list/?status=all')).json().total as number;
    const body = await s.call('POST', '/api/medicine/medicine-create', {
      payload: '{"medicine_code":"INF-1","medicine_name":"Infinite 1 mg","medicine_purchase_price":1e400,"medicine_status":1}',
      headers: { 'content-type': 'application/json' },
    });
    expect(body.statusCode, body.body).toBe(422);
    expect(body.json()).toMatchObject({ status: 0, errors: { medicine_purchase_price: expect.any(String) } });
    expect((await s.call('GET', '/api/medicine/medicine-list/?status=all')).json().total).toBe(before);
  });

  it('ends a kept session after the idle limit without a request', async () => {
    const idle = await createPerson(s, 'hot-path-idle', clerk.group, 0, ['medicine/get-medicine']);
    expect(await read(idle.token)).toBe(200);
    const lastUse = Date.now();
    expect(await read(idle.token)).toBe(200);
    // Waits out the idle limit (no request meanwhile), then one request: it must be refused. Last
    // of the file: the administrator's session goes idle meanwhile too.
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS - (Date.now() - lastUse) + 200));
    expect(await read(idle.token)).toBe(401);
  });
});
