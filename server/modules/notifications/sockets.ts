import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { permissionSlug, type Registry } from '../../../resources';
import { hashToken, type SessionStore } from '../../auth/sessions';
import type { PermissionResolver } from '../../auth/permissions';
import type { ClusterBus } from '../../cluster/bus';
import type { ChangeRequestNotice, RecordChange, ServerEventBus, UserMove, UserPlace } from '../../events';
import type { InboxRecord } from './service';

/** What the server pushes; the console listens for exactly these. */
export interface ServerToClient {
  /** A notice that now reaches this user, as the inbox answers it. */
  notification: (notice: InboxRecord) => void;
  /** Records of a resource changed: lists of it should refresh. */
  record: (change: { resource: string; ids: number[]; action: 'create' | 'update' | 'delete' }) => void;
  /** This user's permissions or menus changed: read them again (permission-pushes.ts). */
  permissions: () => void;
  /** A change request waits for this user's group, or this user's was decided (docs/approvals.md). */
  'change-request': (request: ChangeRequestNotice['request']) => void;
  /**
   * The server is stopping (a restart, a deployment): the socket closes right after. The console
   * says so and connects again once the server is back (socket.io clients do not come back by
   * themselves after a close by the server).
   */
  restarting: () => void;
}

interface SocketData {
  userId: number;
  group: number;
  branch: number;
  /** The hash of the session's token: the socket lives as long as that session. */
  session: string;
}

/**
 * The socket.io server: what clients hear and what a socket carries. Instances tell each other
 * nothing through it: that is the cluster bus's (server/cluster/).
 */
export type Io = Server<Record<string, never>, ServerToClient, Record<string, never>, SocketData>;
type ClientSocket = Socket<Record<string, never>, ServerToClient, Record<string, never>, SocketData>;

/**
 * Room names: one per user, group, group in a branch, branch and session, one for everyone, and
 * per listable resource one for all its listers plus one per branch of listers (branch 0's
 * listers, who see every branch, share one of their own).
 */
export const rooms = {
  everyone: 'all',
  user: (id: number) => `user:${id}`,
  group: (id: number) => `group:${id}`,
  /** A group's members in one branch: where a branch-scoped sender's Group notice goes. */
  groupInBranch: (group: number, branch: number) => `group:${group}:branch:${branch}`,
  branch: (id: number) => `branch:${id}`,
  session: (tokenHash: string) => `session:${tokenHash}`,
  records: (resource: string) => `records:${resource}`,
  /** Listers of a resource in one branch (0: the listers who see every branch). */
  recordsOfBranch: (resource: string, branch: number) => `records:${resource}:branch:${branch}`,
};

/** The rooms a user's place puts their sockets in: their group's, their branch's, and the two together. */
const placeRooms = (p: UserPlace) => [rooms.group(p.group), rooms.groupInBranch(p.group, p.branch), rooms.branch(p.branch)];

/** The notification admin list is a module route, not a descriptor: its slug is named here. */
export const NOTIFICATION_LIST_SLUG = 'notification/notification-list';

/** Longest wait setTimeout takes; a session ending later is looked at again then. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;
/** When the database cannot say whether a session lives, it is asked again this much later. */
const RECHECK_AFTER_ERROR_MS = 5_000;

/** What the sockets use: the sessions and permissions that admit them, the events they push, the bus. */
export interface SocketDeps {
  apiBase: string;
  registry: Registry;
  sessions: SessionStore;
  permissions: PermissionResolver;
  events: ServerEventBus;
  cluster: ClusterBus;
  log: FastifyBaseLogger;
}

export interface SocketHub {
  io: Io;
  /** Sends a notice to the rooms of its reach (on every instance, through the adapter). */
  emitTo(target: string[], notice: InboxRecord): void;
  close(): Promise<void>;
}

/**
 * socket.io on the API's own HTTP server, under the API base (`/api/socket.io`). A connection
 * must carry a live session token (`auth: {token}`), and lives as long as that session: sign-out,
 * password change and deactivation end it at once, and a timer at the session's own end (idle
 * limit or expiry) looks again and ends it then. With `REDIS_URL` the bus's Redis adapter joins
 * the instances, so an emit reaches every instance's sockets; without it, or while Redis is away,
 * this instance's only.
 */
export function attachSockets(server: HttpServer, deps: SocketDeps): SocketHub {
  const { apiBase, sessions, permissions, registry, events, cluster, log } = deps;
  /** Set once the server stops: see close(). */
  let closing = false;
  const io: Io = new Server(server, {
    path: `${apiBase}/socket.io`,
    serveClient: false,
    // A console told to reconnect opens a new connection at once, on a keep-alive connection the
    // HTTP server is still closing; accepted, its long poll would hold that connection open and
    // the graceful close would wait for it without end. While closing, a new one is refused
    // (engine.io answers 403 and ends the request) and the console tries the next server.
    allowRequest: (_request, accept) => accept(null, !closing),
  });
  const adapter = cluster.socketAdapter();
  if (adapter) io.adapter(adapter);
  const stopLink = cluster.onLink((up) => {
    // What was said while this instance could not hear (sign-outs, moves) is read again.
    if (up) void recheckAll();
  });

  const recordResources = () => [
    ...registry.all.map((d) => ({ name: d.name, slug: permissionSlug(d, 'list') })),
    { name: 'notification', slug: NOTIFICATION_LIST_SLUG },
  ];
  const knownResources = new Set(recordResources().map((r) => r.name));

  async function joinRecordRooms(socket: ClientSocket) {
    const slugs = await permissions.slugsFor({ user_id: socket.data.userId, user_group: socket.data.group });
    const wanted = new Set<string>();
    for (const r of recordResources()) {
      if (!slugs.has(r.slug)) continue;
      wanted.add(rooms.records(r.name));
      wanted.add(rooms.recordsOfBranch(r.name, socket.data.branch));
    }
    for (const room of socket.rooms) if (room.startsWith('records:') && !wanted.has(room)) await socket.leave(room);
    await socket.join([...wanted]);
  }

  /** Moves a socket of this instance to its user's new place (rooms and what it carries). */
  async function move(socket: ClientSocket, to: UserPlace) {
    const from = { group: socket.data.group, branch: socket.data.branch };
    if (from.group === to.group && from.branch === to.branch) return;
    for (const room of placeRooms(from)) await socket.leave(room);
    await socket.join(placeRooms(to));
    socket.data = { ...socket.data, ...to };
    await joinRecordRooms(socket);
  }

  const endTimers = new Map<string, NodeJS.Timeout>();

  /**
   * Looks at the socket's session in the database (without counting as a use): ended, the
   * socket is closed; otherwise the socket follows the user's place and is looked at again when
   * the session would end if unused.
   */
  async function recheck(socket: ClientSocket) {
    clearTimeout(endTimers.get(socket.id));
    let next = RECHECK_AFTER_ERROR_MS;
    try {
      const live = await sessions.check(socket.data.session);
      if (!live) {
        socket.disconnect(true);
        return;
      }
      await move(socket, { group: live.user_group, branch: live.user_branch });
      next = live.endsAt - Date.now();
    } catch (err) {
      log.warn({ err }, 'could not look at a socket session; trying again shortly');
    }
    if (!socket.connected) return;
    const timer = setTimeout(() => void recheck(socket), Math.min(Math.max(0, next), LONGEST_TIMER_MS));
    timer.unref();
    endTimers.set(socket.id, timer);
  }

  async function recheckAll() {
    for (const socket of io.sockets.sockets.values()) await recheck(socket);
  }

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
        const hash = hashToken(token);
        socket.data = { userId: session.user_id, group: session.user_group, branch: session.user_branch, session: hash };
        await socket.join([
          rooms.everyone,
          rooms.user(session.user_id),
          ...placeRooms({ group: session.user_group, branch: session.user_branch }),
          rooms.session(hash),
        ]);
        await joinRecordRooms(socket);
        next();
      })
      .catch((err: unknown) => {
        next(err instanceof Error ? err : new Error(String(err)));
      });
  });
  io.on('connection', (socket) => {
    void recheck(socket);
    socket.on('disconnect', () => {
      clearTimeout(endTimers.get(socket.id));
      endTimers.delete(socket.id);
    });
  });

  const onSessionsEnded = ({ userId, tokenHashes }: { userId: number; tokenHashes?: string[] }) => {
    const target = tokenHashes?.length ? tokenHashes.map(rooms.session) : [rooms.user(userId)];
    io.in(target).disconnectSockets(true);
  };
  const onRecordChanged = ({ resource, ids, action, branches }: RecordChange) => {
    const change = { resource, ids, action };
    if (knownResources.has(resource)) {
      const target = branches
        ? [...new Set(branches)].map((b) => rooms.recordsOfBranch(resource, b)).concat(rooms.recordsOfBranch(resource, 0))
        : rooms.records(resource);
      io.to(target).emit('record', change);
    } else {
      // Resources this server does not know by slug (other modules' own lists) go to every console
      // (of the records' branches, and branch 0, when they belong to branches).
      io.to(branches ? [...new Set([...branches, 0])].map(rooms.branch) : rooms.everyone).emit('record', change);
    }
  };
  const onPermissionsChanged = ({ userIds, groupIds }: { userIds?: number[]; groupIds?: number[] }) => {
    void (async () => {
      for (const socket of io.sockets.sockets.values()) {
        const concerned =
          (!userIds && !groupIds) || (userIds?.includes(socket.data.userId) ?? false) || (groupIds?.includes(socket.data.group) ?? false);
        if (concerned) await joinRecordRooms(socket);
      }
    })().catch((err: unknown) => {
      log.error({ err }, 'could not refresh socket rooms');
    });
  };
  // Each instance moves its own sockets; the relay tells the others (server/cluster/relay.ts).
  const onUserMoved = ({ userId, to }: UserMove) => {
    void (async () => {
      for (const socket of io.sockets.sockets.values()) if (socket.data.userId === userId) await move(socket, to);
    })().catch((err: unknown) => {
      log.error({ err }, 'could not move a socket to its new place');
    });
  };
  events.on('sessions-ended', onSessionsEnded);
  events.on('record-changed', onRecordChanged);
  events.on('permissions-changed', onPermissionsChanged);
  events.on('user-moved', onUserMoved);
  // Through the adapter, every instance's sockets of those groups and users hear it.
  const onChangeRequest = ({ groups, users, request }: ChangeRequestNotice) => {
    const target = [...groups.map(rooms.group), ...users.map(rooms.user)];
    if (target.length) io.to(target).emit('change-request', request);
  };
  events.on('change-request', onChangeRequest);

  return {
    io,
    emitTo(target, notice) {
      io.to(target).emit('notification', notice);
    },
    async close() {
      closing = true;
      events.off('sessions-ended', onSessionsEnded);
      events.off('record-changed', onRecordChanged);
      events.off('permissions-changed', onPermissionsChanged);
      events.off('user-moved', onUserMoved);
      events.off('change-request', onChangeRequest);
      stopLink();
      for (const t of endTimers.values()) clearTimeout(t);
      // Said first, on the same connection, so it arrives before the close it announces.
      io.local.emit('restarting');
      // Not io.close(): it would close the HTTP server, which Fastify closes itself.
      io.local.disconnectSockets(true);
      io.engine.close();
    },
  };
}
