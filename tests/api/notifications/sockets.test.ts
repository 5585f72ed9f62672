import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { startServer, type TestServer } from '../harness';
import { createBranch, createGroup, createPerson, localIn, type Person } from './people';

interface Notice {
  notification_id: number;
  notification_title: string;
  notification_read_status: number;
}

/** A console's socket against the real listening server, recording what it receives. */
interface Client {
  socket: Socket;
  notices: Notice[];
  records: { resource: string; ids: number[]; action: string }[];
  /** Resolves with the first notice with this title (already received or still to come). */
  notice(title: string): Promise<Notice>;
}

function client(url: string, token: string | undefined): Client {
  const socket = connect(url, { path: '/api/socket.io', auth: token ? { token } : {}, transports: ['websocket'], reconnection: false });
  const notices: Notice[] = [];
  const records: Client['records'] = [];
  socket.on('notification', (n: Notice) => notices.push(n));
  socket.on('record', (r: Client['records'][number]) => records.push(r));
  return {
    socket,
    notices,
    records,
    notice: (title) =>
      new Promise((resolve) => {
        const seen = notices.find((n) => n.notification_title === title);
        if (seen) {
          resolve(seen);
          return;
        }
        const on = (n: Notice) => {
          if (n.notification_title !== title) return;
          socket.off('notification', on);
          resolve(n);
        };
        socket.on('notification', on);
      }),
  };
}

const connected = (c: Client) =>
  new Promise<void>((resolve, reject) => {
    if (c.socket.connected) {
      resolve();
      return;
    }
    c.socket.once('connect', () => {
      resolve();
    });
    c.socket.once('connect_error', reject);
  });

describe('real-time notices over socket.io (SQLite, listening server)', () => {
  let s: TestServer;
  let url: string;
  let alice: Person, bob: Person, carol: Person;
  const clients: Client[] = [];
  const open = async (token: string) => {
    const c = client(url, token);
    clients.push(c);
    await connected(c);
    return c;
  };

  beforeAll(async () => {
    s = await startServer('sqlite', { seed: false });
    url = await s.app.listen({ port: 0, host: '127.0.0.1' });
    const nurses = await createGroup(s, 'NURSE');
    const lab = await createGroup(s, 'LAB');
    alice = await createPerson(s, 'alice', nurses, 0);
    bob = await createPerson(s, 'bob', lab, 0);
    carol = await createPerson(s, 'carol', nurses, 0);
  });
  afterAll(async () => {
    for (const c of clients) c.socket.close();
    await s.close();
  });

  const create = (body: Record<string, unknown>) => s.call('POST', '/api/notification/notification-create', { body });

  it('refuses a connection without a valid session', async () => {
    for (const token of [undefined, 'not-a-real-token']) {
      const c = client(url, token);
      const err = await new Promise<Error>((resolve) => c.socket.once('connect_error', resolve));
      expect(err.message).toBe('unauthorized');
      expect(c.socket.connected).toBe(false);
      c.socket.close();
    }
  });

  it('delivers a notice at once to exactly the addressed users', async () => {
    const [a, b, c] = [await open(alice.token), await open(bob.token), await open(carol.token)];
    const res = await create({ notification_date: localIn(-1), title: 'Nurses meeting', type: 'Group', group: alice.group });
    expect(res.statusCode).toBe(201);
    const got = await Promise.all([a.notice('Nurses meeting'), c.notice('Nurses meeting')]);
    expect(got.map((n) => n.notification_read_status)).toEqual([0, 0]);
    // A later notice for bob alone: pushes to one socket arrive in order, so once bob has it he
    // would already hold the group notice had it been sent to him.
    await create({ notification_date: localIn(-1), title: 'Only bob', type: 'User', user: bob.id });
    await b.notice('Only bob');
    expect(b.notices.map((n) => n.notification_title)).toEqual(['Only bob']);
    await create({ notification_date: localIn(-1), title: 'Only carol', type: 'User', user: carol.id });
    await c.notice('Only carol');
    expect(a.notices.map((n) => n.notification_title)).not.toContain('Only bob');
    expect(c.notices.map((n) => n.notification_title)).toEqual(['Nurses meeting', 'Only carol']);
  });

  it("pushes a branch-scoped sender's Group notice to the group's members of that branch only", async () => {
    const [north, south] = [await createBranch(s, 'NORTH'), await createBranch(s, 'SOUTH')];
    const sender = await createPerson(s, 'sender', bob.group, north, ['notification/notification-create']);
    const [inNorth, inSouth] = [await createPerson(s, 'nina', alice.group, north), await createPerson(s, 'sam', alice.group, south)];
    const [n, so, a] = [await open(inNorth.token), await open(inSouth.token), await open(alice.token)];
    const res = await s.call('POST', '/api/notification/notification-create', {
      body: { notification_date: localIn(-1), title: 'North nurses', type: 'Group', group: alice.group },
      token: sender.token,
    });
    expect(res.statusCode).toBe(201);
    await n.notice('North nurses');
    // Pushes to one socket arrive in order: once sam and alice hold the later notice, the group
    // notice would already be there had it been sent to them.
    await create({ notification_date: localIn(-1), title: 'Marker for sam', type: 'User', user: inSouth.id });
    await create({ notification_date: localIn(-1), title: 'Marker for alice', type: 'User', user: alice.id });
    await Promise.all([so.notice('Marker for sam'), a.notice('Marker for alice')]);
    expect(so.notices.map((x) => x.notification_title)).not.toContain('North nurses');
    expect(a.notices.map((x) => x.notification_title)).not.toContain('North nurses');
  });

  it("moves a connected user's pushes with them when their branch changes", async () => {
    const [east, west] = [await createBranch(s, 'EAST'), await createBranch(s, 'WEST')];
    const slugs = ['notification/notification-create'];
    const [fromEast, fromWest] = [
      await createPerson(s, 'east-desk', bob.group, east, slugs),
      await createPerson(s, 'west-desk', bob.group, west, slugs),
    ];
    const mover = await createPerson(s, 'mover', alice.group, east);
    const m = await open(mover.token);
    const send = (from: Person, title: string, type = 'All') =>
      s.call('POST', '/api/notification/notification-create', {
        body: { notification_date: localIn(-1), title, type, ...(type === 'Group' ? { group: alice.group } : {}) },
        token: from.token,
      });
    await send(fromEast, 'East before');
    await m.notice('East before');
    const moved = await s.call('PUT', `/api/users/user-update/${mover.id}`, { body: { user_branch: west } });
    expect(moved.statusCode, moved.body).toBe(200);
    await send(fromEast, 'East after');
    await send(fromEast, 'East nurses after', 'Group');
    await send(fromWest, 'West after');
    await send(fromWest, 'West nurses after', 'Group');
    await Promise.all([m.notice('West after'), m.notice('West nurses after')]);
    // The east notices were sent first: had they been pushed to the mover, they would be here.
    expect(m.notices.map((n) => n.notification_title)).not.toContain('East after');
    expect(m.notices.map((n) => n.notification_title)).not.toContain('East nurses after');
    expect(m.socket.connected).toBe(true);
  });

  it('pushes an inactive notice only once it is made active, and a future one when it falls due', async () => {
    const a = await open(alice.token);
    const inactive = (await create({ notification_date: localIn(-1), title: 'Held back', type: 'User', user: alice.id, status: 0 })).json()
      .data;
    await create({ notification_date: localIn(-1), title: 'Marker', type: 'User', user: alice.id });
    await a.notice('Marker');
    expect(a.notices.map((n) => n.notification_title)).not.toContain('Held back');
    await s.call('PUT', `/api/notification/notification-update/${inactive.notification_id}`, { body: { status: 1 } });
    await a.notice('Held back');

    await create({ notification_date: localIn(2), title: 'Due soon', type: 'User', user: alice.id });
    const due = await a.notice('Due soon');
    expect(due.notification_title).toBe('Due soon');
    const row = await s.app.ctx.conn.db
      .selectFrom('notification')
      .select('notification_delivered_at')
      .where('notification_id', '=', due.notification_id)
      .executeTakeFirstOrThrow();
    expect(row.notification_delivered_at).not.toBeNull();
    expect(a.notices.filter((n) => n.notification_title === 'Due soon')).toHaveLength(1);
  });

  it('pushes record changes to consoles that may list the resource', async () => {
    const admin = await open(s.token);
    const res = await s.call('POST', '/api/designation/designation-create', {
      body: { designation_code: 'RN', designation_name: 'Nurse', designation_status: 1 },
    });
    const id = res.json().data.designation_id as number;
    await expect.poll(() => admin.records).toContainEqual({ resource: 'designation', ids: [id], action: 'create' });
  });

  it("tells a user's change to consoles of that user's branch (and branch 0) only", async () => {
    const [aBranch, bBranch] = [await createBranch(s, 'REC-A'), await createBranch(s, 'REC-B')];
    const listers = ['users/user-list', 'users/user-update'];
    const [inA, inB] = [
      await createPerson(s, 'lister-a', bob.group, aBranch, listers),
      await createPerson(s, 'lister-b', bob.group, bBranch, listers),
    ];
    const target = await createPerson(s, 'record-target', alice.group, aBranch);
    const [a, b, admin] = [await open(inA.token), await open(inB.token), await open(s.token)];
    const edit = (id: number, token: string) =>
      s.call('PUT', `/api/users/user-update/${id}`, { body: { user_phone: '0123456789' }, token });
    expect((await edit(target.id, inA.token)).statusCode).toBe(200);
    // Then a change in branch B: events to one socket arrive in order, so once B's console has its
    // own branch's event it would already hold branch A's had that been sent to it.
    const other = await createPerson(s, 'record-other', alice.group, bBranch);
    expect((await edit(other.id, inB.token)).statusCode).toBe(200);
    const updateOf = (id: number) => ({ resource: 'users', ids: [id], action: 'update' });
    await expect.poll(() => b.records).toContainEqual(updateOf(other.id));
    await expect.poll(() => a.records).toContainEqual(updateOf(target.id));
    await expect.poll(() => admin.records).toContainEqual(updateOf(other.id));
    expect(admin.records).toContainEqual(updateOf(target.id));
    expect(b.records).not.toContainEqual(updateOf(target.id));
    expect(a.records).not.toContainEqual(updateOf(other.id));
  });

  it('disconnects the socket of a session that signs out, and keeps the others', async () => {
    const other = await open(alice.token);
    const second = await s.call('POST', '/api/users/user-login/', {
      body: { username: 'alice', password: 'notify-test-password' },
      token: null,
    });
    const secondToken = second.json().data.token as string;
    const leaving = await open(secondToken);
    const reason = new Promise<string>((resolve) => leaving.socket.once('disconnect', resolve));
    expect((await s.call('GET', '/api/users/user-logout/', { token: secondToken })).statusCode).toBe(200);
    expect(await reason).toBe('io server disconnect');
    expect(other.socket.connected).toBe(true);
    // The ended session cannot come back.
    const again = client(url, secondToken);
    clients.push(again);
    await expect(connected(again)).rejects.toThrow('unauthorized');
  });
});
