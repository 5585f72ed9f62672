import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { startServer, type TestServer } from '../harness';
import { createBranch, createGroup, createPerson, signIn, type Person } from './people';

/**
 * What a socket may hear and how long it lives: a socket ends with its session whatever ends it
 * (here the idle limit, shortened to IDLE_MS, and the absolute expiry), and a record event of
 * branch-scoped records reaches only consoles of those branches and of branch 0.
 */
const IDLE_MS = 2_000;

interface RecordEvent {
  resource: string;
  ids: number[];
  action: string;
}

describe('socket lifetime and scope (SQLite, listening server)', () => {
  let s: TestServer;
  let url: string;
  const sockets: Socket[] = [];

  /** A socket of a new session of this person's (sessions made in beforeAll have idled out since). */
  const open = async (person: Person) => {
    const token = (person.token = await signIn(s.app, person.username));
    const socket = connect(url, { path: '/api/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  };
  const disconnected = (socket: Socket) =>
    new Promise<string>((resolve) => {
      socket.once('disconnect', (reason) => {
        resolve(reason);
      });
    });
  const recording = (socket: Socket) => {
    const heard: RecordEvent[] = [];
    socket.on('record', (r: RecordEvent) => heard.push(r));
    return heard;
  };

  const people: Record<string, Person> = {};
  const branches: Record<string, number> = {};
  let clerks: number;

  beforeAll(async () => {
    s = await startServer('sqlite', { seed: false, config: { sessionIdleMs: IDLE_MS } });
    url = await s.app.listen({ port: 0, host: '127.0.0.1' });
    // Everything the administrator makes is made now, while their session is fresh (it idles too).
    for (const name of ['north', 'south', 'east', 'west']) branches[name] = await createBranch(s, name.toUpperCase());
    const nurses = await createGroup(s, 'NURSES');
    clerks = await createGroup(s, 'CLERKS');
    for (const name of ['idle', 'busy', 'expiring']) people[name] = await createPerson(s, `${name}nurse`, nurses, 0);
    people.north = await createPerson(s, 'northclerk', clerks, branches.north!, ['users/user-list']);
    people.south = await createPerson(s, 'southclerk', clerks, branches.south!, ['users/user-list']);
    people.everywhere = await createPerson(s, 'headclerk', clerks, 0, ['users/user-list']);
    people.mover = await createPerson(s, 'moverclerk', clerks, branches.east!, ['users/user-list']);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await s.close();
  });

  it('ends a socket whose session ended by the idle limit, and keeps one whose session is in use', async () => {
    const { idle, busy } = people as { idle: Person; busy: Person };
    const idleSocket = await open(idle);
    const busySocket = await open(busy);
    const ended = disconnected(idleSocket);
    const use = setInterval(() => {
      void s.call('GET', '/api/users/get-auth-user', { token: busy.token });
    }, IDLE_MS / 5);
    try {
      expect(await ended).toBe('io server disconnect');
      // The session itself is over too, and the busy one is not.
      expect((await s.call('GET', '/api/users/get-auth-user', { token: idle.token })).statusCode).toBe(401);
      expect(busySocket.connected).toBe(true);
    } finally {
      clearInterval(use);
    }
  });

  it('ends a socket when its session reaches its expiry', async () => {
    const person = people.expiring!;
    const socket = await open(person);
    // Used within the idle limit all along, but its 12 hours are up in a moment.
    await s.app.ctx.conn.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() + 500).toISOString() })
      .where('user_id', '=', person.id)
      .execute();
    s.app.ctx.sessions.invalidate();
    const ended = disconnected(socket);
    const use = setInterval(() => {
      void s.call('GET', '/api/users/get-auth-user', { token: person.token });
    }, IDLE_MS / 5);
    try {
      // Looked at when the idle limit would have ended it: by then the expiry has passed.
      expect(await ended).toBe('io server disconnect');
    } finally {
      clearInterval(use);
    }
  });

  it("sends a branch's record events only to consoles of that branch and of branch 0", async () => {
    const listers = { north: people.north!, south: people.south!, everywhere: people.everywhere! };
    const north = branches.north!;
    const heard: Record<string, RecordEvent[]> = {};
    for (const [name, person] of Object.entries(listers)) heard[name] = recording(await open(person));

    const { events } = s.app.ctx;
    events.emit('record-changed', { resource: 'users', ids: [901], action: 'update', branches: [north] });
    // Then one for every lister: once a console has it, it has had whatever was sent before it.
    events.emit('record-changed', { resource: 'users', ids: [902], action: 'update' });
    for (const name of Object.keys(listers)) await expect.poll(() => heard[name]!.map((r) => r.ids[0])).toContain(902);

    expect(heard.north!.map((r) => r.ids[0])).toEqual([901, 902]);
    expect(heard.everywhere!.map((r) => r.ids[0])).toEqual([901, 902]);
    expect(heard.south!.map((r) => r.ids[0])).toEqual([902]);
    // Consoles get the contract's event, without the branches.
    expect(heard.north![0]).toEqual({ resource: 'users', ids: [901], action: 'update' });
  });

  it('moves a socket to the record events of its user’s new branch', async () => {
    const { east, west } = branches as { east: number; west: number };
    const mover = people.mover!;
    const heard = recording(await open(mover));
    // As the users module does: the user's row first, then the event.
    await s.app.ctx.conn.db.updateTable('users').set({ user_branch: west }).where('user_id', '=', mover.id).execute();
    s.app.ctx.events.emit('user-moved', { userId: mover.id, from: { group: clerks, branch: east }, to: { group: clerks, branch: west } });
    // The move is done by the server asynchronously: send the new branch's events until one arrives.
    let n = 1000;
    await expect
      .poll(() => {
        s.app.ctx.events.emit('record-changed', { resource: 'users', ids: [n++], action: 'update', branches: [west] });
        return heard.length;
      })
      .toBeGreaterThan(0);
    s.app.ctx.events.emit('record-changed', { resource: 'users', ids: [1], action: 'update', branches: [east] });
    s.app.ctx.events.emit('record-changed', { resource: 'users', ids: [2], action: 'update' });
    await expect.poll(() => heard.map((r) => r.ids[0])).toContain(2);
    expect(heard.map((r) => r.ids[0])).not.toContain(1);
  });
});
