import type { AppContext, PeerLink } from '../../context';
import type { PermissionsChange, UserMove } from '../../events';
import type { Io } from './sockets';
import { RECONNECT_MAX_MS } from './redis-link';

/** A peer's answer: it has dropped what it kept. */
type Confirm = (done: true) => void;

/** What one instance tells the others through the socket.io adapter (Redis). */
export interface PeerEvents {
  'permissions-changed': (change: PermissionsChange, confirm: Confirm) => void;
  'sessions-ended': (confirm: Confirm) => void;
  'user-moved': (move: UserMove) => void;
}

/** How long an answer waits for the other instances to confirm a change (an instance that hangs). */
export const CONFIRM_MS = 2_000;
/**
 * After Redis returns, how long this instance still reads sessions and permissions from the
 * database: the other instances reconnect at most RECONNECT_MAX_MS (plus jitter) after it, and
 * until they have, what they change cannot be told to this one.
 */
export const RECONNECT_GRACE_MS = 2 * RECONNECT_MAX_MS;

/**
 * Several instances share one database, but each keeps its own copies of permissions and
 * sessions (up to 10 s). A change made through one instance is told to the others, which drop
 * those copies and confirm; the answer to the change waits for their confirmations (at most
 * CONFIRM_MS, see plugins/peer-confirmations.ts), so a permission taken away, or a session signed
 * out, through instance A is refused by instance B from the very next request.
 *
 * While Redis is unreachable nothing can be told or heard: every instance then keeps nothing
 * (each request reads the database) until RECONNECT_GRACE_MS after Redis is back.
 */
export function relayToPeers(
  io: Io,
  ctx: Pick<AppContext, 'events' | 'permissions' | 'sessions'>,
  redisUp: () => boolean,
): PeerLink & { linkChanged(up: boolean): void; stop(): void } {
  const { events, permissions, sessions } = ctx;
  const pending = new Set<Promise<void>>();
  let grace: NodeJS.Timeout | undefined;

  /** Asks every other instance and waits for their confirmations, at most CONFIRM_MS. */
  const tell = (ask: () => Promise<unknown>) => {
    // Nobody can be asked; every instance that cannot hear keeps nothing meanwhile.
    if (!redisUp()) return;
    let timer: NodeJS.Timeout | undefined;
    const waited: Promise<void> = Promise.race([
      ask(),
      new Promise((resolve) => {
        // The adapter drops its callback when Redis fails mid-request: never wait longer than this.
        timer = setTimeout(resolve, CONFIRM_MS);
      }),
    ])
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        clearTimeout(timer);
        pending.delete(waited);
      });
    pending.add(waited);
  };
  const tellPermissions = (change: PermissionsChange) => {
    if (!change.fromPeer) tell(() => io.serverSideEmitWithAck('permissions-changed', change));
  };
  const tellSessions = () => {
    tell(() => io.serverSideEmitWithAck('sessions-ended'));
  };
  const tellMove = (move: UserMove) => {
    if (!move.fromPeer && redisUp()) io.serverSideEmit('user-moved', move);
  };
  io.on('permissions-changed', (change, confirm) => {
    permissions.invalidate();
    confirm(true);
    // Heard here too: this instance's sockets of those users re-join the rooms they may now hear.
    events.emit('permissions-changed', { ...change, fromPeer: true });
  });
  io.on('sessions-ended', (confirm) => {
    sessions.invalidate();
    confirm(true);
  });
  io.on('user-moved', (move) => {
    // A user of another branch now: this instance's kept sessions still carry the old one.
    if (move.from.branch !== move.to.branch) sessions.invalidate();
    events.emit('user-moved', { ...move, fromPeer: true });
  });
  events.on('permissions-changed', tellPermissions);
  events.on('sessions-ended', tellSessions);
  events.on('user-moved', tellMove);

  const keep = (on: boolean) => {
    sessions.keep(on);
    permissions.keep(on);
  };
  // Until Redis is first reached, another instance's change could not be heard.
  keep(false);
  return {
    redisUp,
    confirmations() {
      return pending.size ? Promise.all(pending).then(() => undefined) : undefined;
    },
    linkChanged(up) {
      clearTimeout(grace);
      if (!up) {
        keep(false);
        return;
      }
      grace = setTimeout(() => {
        keep(true);
      }, RECONNECT_GRACE_MS);
      grace.unref();
    },
    stop() {
      clearTimeout(grace);
      events.off('permissions-changed', tellPermissions);
      events.off('sessions-ended', tellSessions);
      events.off('user-moved', tellMove);
    },
  };
}
