import type { AppContext } from '../../context';
import type { PermissionsChange } from '../../events';
import type { Io } from './sockets';

/** What one instance tells the others through the socket.io adapter (Redis). */
export interface PeerEvents {
  'permissions-changed': (change: PermissionsChange) => void;
  'sessions-ended': () => void;
}

/**
 * Several instances share one database, but each keeps its own caches of permissions and
 * sessions (up to 10 s). A change made through one instance is told to the
 * others, which drop those caches at once: a permission taken away, or a session signed out,
 * through instance A is refused by instance B on the very next request. Redis pub/sub may drop a
 * message (a broken connection): the caches' own time limits bound what a lost one leaves.
 */
export function relayToPeers(io: Io, ctx: Pick<AppContext, 'events' | 'permissions' | 'sessions'>) {
  const { events, permissions, sessions } = ctx;
  const tellPermissions = (change: PermissionsChange) => {
    if (!change.fromPeer) io.serverSideEmit('permissions-changed', change);
  };
  const tellSessions = () => {
    io.serverSideEmit('sessions-ended');
  };
  io.on('permissions-changed', (change) => {
    permissions.invalidate();
    // Heard here too: this instance's sockets of those users re-join the rooms they may now hear.
    events.emit('permissions-changed', { ...change, fromPeer: true });
  });
  io.on('sessions-ended', () => {
    sessions.invalidate();
  });
  events.on('permissions-changed', tellPermissions);
  events.on('sessions-ended', tellSessions);
  return () => {
    events.off('permissions-changed', tellPermissions);
    events.off('sessions-ended', tellSessions);
  };
}
