import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { startServer, type TestServer } from '../harness';
import { createGroup, createPerson, type Person } from './people';

/**
 * The `permissions` event: a permission change reaches the open consoles of the users it concerns
 * at once (they read their permissions and menu again), and only theirs.
 */
describe('permission changes pushed over socket.io (SQLite, listening server)', () => {
  let s: TestServer;
  let url: string;
  let nurse: Person, lab: Person;
  let nurses: number;
  const sockets: Socket[] = [];

  /** A connected console of this person, counting the `permissions` events it hears. */
  async function consoleOf(p: Person): Promise<{ heard: () => number }> {
    const socket = connect(url, { path: '/api/socket.io', auth: { token: p.token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    let count = 0;
    socket.on('permissions', () => {
      count += 1;
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => {
        resolve();
      });
      socket.once('connect_error', reject);
    });
    return { heard: () => count };
  }

  const slugsOf = async (p: Person) =>
    (await s.call('GET', '/api/menu/menu-list-permission', { token: p.token }))
      .json<{ data: { menu_slug: string }[] }>()
      .data.map((m) => m.menu_slug);
  const menuId = async (slug: string) =>
    (await s.app.ctx.conn.db.selectFrom('menu').select('menu_id').where('menu_slug', '=', slug).executeTakeFirstOrThrow()).menu_id;

  beforeAll(async () => {
    s = await startServer('sqlite', { seed: false });
    url = await s.app.listen({ port: 0, host: '127.0.0.1' });
    nurses = await createGroup(s, 'NURSE');
    nurse = await createPerson(s, 'nurse', nurses, 0);
    lab = await createPerson(s, 'labtech', await createGroup(s, 'LAB'), 0);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await s.close();
  });

  it("a group's permission change reaches its members' consoles, not others'", async () => {
    const [nurseConsole, labConsole] = [await consoleOf(nurse), await consoleOf(lab)];
    const res = await s.call('POST', '/api/permission/permission-create', {
      body: { group_id: nurses, permission_data: [{ menu_id: await menuId('doctors/doctors-list'), permission_status: 1 }] },
    });
    expect(res.statusCode).toBe(200);
    await expect.poll(() => nurseConsole.heard()).toBe(1);
    // The nurse's console, told, reads permissions the server has already changed.
    expect(await slugsOf(nurse)).toContain('doctors/doctors-list');
    // A change for the nurse alone: the lab heard neither.
    const own = await s.call('POST', '/api/permission/permission-create-user', {
      body: { user: { user_id: nurse.id }, permission_data: [{ menu_id: await menuId('doctors/doctors-list'), permission_status: 0 }] },
    });
    expect(own.statusCode).toBe(200);
    await expect.poll(() => nurseConsole.heard()).toBe(2);
    expect(await slugsOf(nurse)).not.toContain('doctors/doctors-list');
    expect(labConsole.heard()).toBe(0);
  });
});
