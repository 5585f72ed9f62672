import type { PermissionsChange, ServerEventBus, UserMove } from '../events';
import type { ClusterBus } from './bus';
import { RECONNECT_MAX_MS } from './redis-link';

/** A cache of things another instance may change: sessions, permissions (server/auth/). */
export interface KeptCopies {
  /** Drops everything kept. */
  invalidate(): void;
  /** Whether anything may be kept at all. */
  keep(on: boolean): void;
}

/**
 * After the link returns, how long this instance still reads sessions and permissions from the
 * database: the other instances reconnect at most RECONNECT_MAX_MS (plus jitter) after it, and
 * until they have, what they change cannot be told to this one.
 */
export const RECONNECT_GRACE_MS = 2 * RECONNECT_MAX_MS;

/**
 * Several instances share one database, but each keeps its own copies of permissions and
 * sessions (up to 10 s). A change made through one instance is told to the others, which drop
 * those copies and confirm; the answer to the change waits for their confirmations (at most
 * CONFIRM_MS, see plugins/peer-confirmations.ts), so a permission taken away, or a session signed
 * out, through instance A is refused by instance B from the very next request. What is heard is
 * told in-process too, marked `fromPeer` (sockets re-join rooms, move), and not sent on.
 *
 * While the link is down nothing can be told or heard: every instance then keeps nothing (each
 * request reads the database) until RECONNECT_GRACE_MS after it is back. Returns the stop function.
 */
export function relayBetweenInstances(
  bus: ClusterBus,
  events: ServerEventBus,
  kept: { sessions: KeptCopies; permissions: KeptCopies },
): () => void {
  const { sessions, permissions } = kept;
  let grace: NodeJS.Timeout | undefined;
  const keep = (on: boolean) => {
    sessions.keep(on);
    permissions.keep(on);
  };

  const tellPermissions = (change: PermissionsChange) => {
    if (!change.fromPeer) bus.publish('permissions-changed', change, { confirm: true });
  };
  const tellSessions = () => {
    bus.publish('sessions-ended', {}, { confirm: true });
  };
  const tellMove = (move: UserMove) => {
    if (!move.fromPeer) bus.publish('user-moved', move);
  };
  const stops = [
    bus.subscribe('permissions-changed', (change) => {
      permissions.invalidate();
      // Heard here too: this instance's sockets of those users re-join the rooms they may now hear.
      events.emit('permissions-changed', { ...change, fromPeer: true });
    }),
    bus.subscribe('sessions-ended', () => {
      sessions.invalidate();
    }),
    bus.subscribe('user-moved', (move) => {
      // A user of another branch now: this instance's kept sessions still carry the old one.
      if (move.from.branch !== move.to.branch) sessions.invalidate();
      events.emit('user-moved', { ...move, fromPeer: true });
    }),
    bus.onLink((up) => {
      clearTimeout(grace);
      if (!up) {
        keep(false);
        return;
      }
      grace = setTimeout(() => {
        keep(true);
      }, RECONNECT_GRACE_MS);
      grace.unref();
    }),
  ];
  events.on('permissions-changed', tellPermissions);
  events.on('sessions-ended', tellSessions);
  events.on('user-moved', tellMove);

  // Until the link is first up, another instance's change could not be heard.
  if (!bus.up()) keep(false);
  return () => {
    clearTimeout(grace);
    for (const stop of stops) stop();
    events.off('permissions-changed', tellPermissions);
    events.off('sessions-ended', tellSessions);
    events.off('user-moved', tellMove);
  };
}
