import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { permissionSlug } from '../../../resources';
import { hashToken } from '../../auth/sessions';
import type { UserPlace } from '../../events';
import type { InboxRecord } from './service';
import { relayToPeers, type PeerEvents } from './peer-relay';

/** What the server pushes; the console listens for exactly these. */
export interface ServerToClient {
  /** A notice that now reaches this user, as the inbox answers it. */
  notification: (notice: InboxRecord) => void;
  /** Records of a resource changed: lists of it should refresh. */
  record: (change: { resource: string; ids: number[]; action: 'create' | 'update' | 'delete' }) => void;
}

interface SocketData {
  userId: number;
  group: number;
  branch: number;
}

/** The socket.io server: what clients hear, what instances tell each other (peer-relay.ts), what a socket carries. */
export type Io = Server<Record<string, never>, ServerToClient, PeerEvents, SocketData>;
type ClientSocket = Socket<Record<string, never>, ServerToClient, PeerEvents, SocketData>;

/** Room names: one per user, group, group in a branch, branch and session, one for everyone, one per listable resource. */
export const rooms = {
  everyone: 'all',
  user: (id: number) => `user:${id}`,
  group: (id: number) => `group:${id}`,
  /** A group's members in one branch: where a branch-scoped sender's Group notice goes. */
  groupInBranch: (group: number, branch: number) => `group:${group}:branch:${branch}`,
  branch: (id: number) => `branch:${id}`,
  session: (tokenHash: string) => `session:${tokenHash}`,
  records: (resource: string) => `records:${resource}`,
};

/** The rooms a user's place puts their sockets in: their group's, their branch's, and the two together. */
const placeRooms = (p: UserPlace) => [rooms.group(p.group), rooms.groupInBranch(p.group, p.branch), rooms.branch(p.branch)];

/** The notification admin list is a module route, not a descriptor: its slug is named here. */
export const NOTIFICATION_LIST_SLUG = 'notification/notification-list';

export interface SocketHub {
  io: Io;
  /** Sends a notice to the rooms of its reach (on every instance, through the adapter). */
  emitTo(target: string[], notice: InboxRecord): void;
  close(): Promise<void>;
}

/**
 * socket.io on the API's own HTTP server, under the API base (`/api/socket.io`). A connection
 * must carry a live session token (`auth: {token}`); the server ends it when the session ends.
 * With `REDIS_URL` the Redis adapter joins the instances, so an emit reaches every instance's
 * sockets; without it, this instance's only.
 */
export async function attachSockets(app: FastifyInstance): Promise<SocketHub> {
  const { config, sessions, permissions, registry, events } = app.ctx;
  const io: Io = new Server(app.server, { path: `${config.apiBase}/socket.io`, serveClient: false });

  const redis: { close(): Promise<unknown> }[] = [];
  let stopRelay: (() => void) | undefined;
  if (config.redisUrl) {
    // Loaded only when several instances share Redis: a single instance never needs the clients.
    const [{ createAdapter }, { createClient }] = await Promise.all([import('@socket.io/redis-adapter'), import('redis')]);
    const pub = createClient({ url: config.redisUrl });
    const sub = pub.duplicate();
    redis.push(pub, sub);
    for (const c of [pub, sub])
      c.on('error', (err: unknown) => {
        app.log.error({ err }, 'redis connection error');
      });
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub, { key: config.redisKey ?? 'socket.io' }));
    stopRelay = relayToPeers(io, app.ctx);
  }

  const recordResources = () => [
    ...registry.all.map((d) => ({ name: d.name, slug: permissionSlug(d, 'list') })),
    { name: 'notification', slug: NOTIFICATION_LIST_SLUG },
  ];
  const knownResources = new Set(recordResources().map((r) => r.name));

  async function joinRecordRooms(socket: ClientSocket) {
    const slugs = await permissions.slugsFor({ user_id: socket.data.userId, user_group: socket.data.group });
    for (const r of recordResources()) {
      if (slugs.has(r.slug)) await socket.join(rooms.records(r.name));
      else await socket.leave(rooms.records(r.name));
    }
  }

  const expiryTimers = new Map<string, NodeJS.Timeout>();

  io.use((socket, next) => {
    const auth: unknown = socket.handshake.auth;
    const token = typeof auth === 'object' && auth !== null && 'token' in auth && typeof auth.token === 'string' ? auth.token : '';
    if (!token) {
      next(new Error('unauthorized'));
      return;
    }
    sessions
      .find(token)
      .then(async (session) => {
        if (!session) {
          next(new Error('unauthorized'));
          return;
        }
        socket.data = { userId: session.user_id, group: session.user_group, branch: session.user_branch };
        await socket.join([
          rooms.everyone,
          rooms.user(session.user_id),
          ...placeRooms({ group: session.user_group, branch: session.user_branch }),
          rooms.session(hashToken(token)),
        ]);
        await joinRecordRooms(socket);
        // The session's own end: an expired token must not keep its socket.
        const left = new Date(session.expires_at).getTime() - Date.now();
        if (left < 2 ** 31 - 1) {
          const timer = setTimeout(() => socket.disconnect(true), Math.max(0, left));
          timer.unref();
          expiryTimers.set(socket.id, timer);
        }
        next();
      })
      .catch((err: unknown) => {
        next(err instanceof Error ? err : new Error(String(err)));
      });
  });
  io.on('connection', (socket) => {
    socket.on('disconnect', () => {
      clearTimeout(expiryTimers.get(socket.id));
      expiryTimers.delete(socket.id);
    });
  });

  const onSessionsEnded = ({ userId, tokenHashes }: { userId: number; tokenHashes?: string[] }) => {
    const target = tokenHashes?.length ? tokenHashes.map(rooms.session) : [rooms.user(userId)];
    io.in(target).disconnectSockets(true);
  };
  const onRecordChanged = (change: { resource: string; ids: number[]; action: 'create' | 'update' | 'delete' }) => {
    // Resources this server does not know by slug (other modules' own lists) go to every console.
    const room = knownResources.has(change.resource) ? rooms.records(change.resource) : rooms.everyone;
    io.to(room).emit('record', change);
  };
  const onPermissionsChanged = ({ userIds, groupIds }: { userIds?: number[]; groupIds?: number[] }) => {
    void io.local
      .fetchSockets()
      .then(async (sockets) => {
        for (const s of sockets) {
          const concerned =
            (!userIds && !groupIds) || (userIds?.includes(s.data.userId) ?? false) || (groupIds?.includes(s.data.group) ?? false);
          const socket = io.sockets.sockets.get(s.id);
          if (concerned && socket) await joinRecordRooms(socket);
        }
      })
      .catch((err: unknown) => {
        app.log.error({ err }, 'could not refresh socket rooms');
      });
  };
  // Through the adapter, so a user's sockets on every instance move with them.
  const onUserMoved = ({ userId, from, to }: { userId: number; from: UserPlace; to: UserPlace }) => {
    const theirs = io.in(rooms.user(userId));
    theirs.socketsLeave(placeRooms(from));
    theirs.socketsJoin(placeRooms(to));
  };
  events.on('sessions-ended', onSessionsEnded);
  events.on('record-changed', onRecordChanged);
  events.on('permissions-changed', onPermissionsChanged);
  events.on('user-moved', onUserMoved);

  return {
    io,
    emitTo(target, notice) {
      io.to(target).emit('notification', notice);
    },
    async close() {
      events.off('sessions-ended', onSessionsEnded);
      events.off('record-changed', onRecordChanged);
      events.off('permissions-changed', onPermissionsChanged);
      events.off('user-moved', onUserMoved);
      stopRelay?.();
      for (const t of expiryTimers.values()) clearTimeout(t);
      // Not io.close(): it would close the HTTP server, which Fastify closes itself.
      io.local.disconnectSockets(true);
      io.engine.close();
      await Promise.all(redis.map((c) => c.close().catch(() => undefined)));
    },
  };
}
