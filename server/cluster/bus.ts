import type { createAdapter } from '@socket.io/redis-adapter';
import type { PermissionsChange, UserMove } from '../events';

/**
 * What one instance tells the others, by topic. Several instances share one database but each
 * keeps its own copies of sessions and permissions, and its own sockets: these messages are how
 * the others learn that theirs are stale (server/cluster/relay.ts).
 */
export interface ClusterMessages {
  'permissions-changed': PermissionsChange;
  /** Some sessions ended: the others drop every session they kept (which ones does not matter). */
  'sessions-ended': Record<string, never>;
  'user-moved': UserMove;
  /**
   * A record with a publish-at or expire-at was written (server/modules/schedule): the others look
   * again, so each instance plans for every due date and one left alone after a kill acts on time.
   */
  'schedule-changed': { resource: string };
}

export type ClusterTopic = keyof ClusterMessages;

/** socket.io's adapter that carries pushes to the sockets of every instance. */
export type SocketAdapter = ReturnType<typeof createAdapter>;

/** How long a change told with `confirm` waits for the other instances (an instance that hangs). */
export const CONFIRM_MS = 2_000;

/**
 * The one line between instances: Redis when `REDIS_URL` is set (redis-bus.ts), otherwise an
 * instance alone (local-bus.ts), which has nobody to tell and hears nothing. A message is never
 * heard by the instance that published it: what happens here is already told in-process by
 * server/events.ts.
 */
export interface ClusterBus {
  /** Whether other instances may be listening (Redis is configured). */
  readonly shared: boolean;
  /** Whether this instance hears the others and reaches them right now (always, alone). */
  up(): boolean;
  /**
   * Tells every other instance; nothing is sent while the link is down. With `confirm`, each
   * other instance confirms once its subscribers have run, and `confirmations()` waits for that
   * (at most CONFIRM_MS).
   */
  publish<T extends ClusterTopic>(topic: T, message: ClusterMessages[T], options?: { confirm?: boolean }): void;
  /** Hears what the other instances publish on this topic. Returns the function that stops it. */
  subscribe<T extends ClusterTopic>(topic: T, handler: (message: ClusterMessages[T]) => void): () => void;
  /** Called when the link goes down or comes back (not on every retry). Returns the function that stops it. */
  onLink(listener: (up: boolean) => void): () => void;
  /**
   * Settles once every other instance has confirmed (or could not be asked about) each message
   * published with `confirm` so far; undefined when none is waiting.
   */
  confirmations(): Promise<void> | undefined;
  /** The socket.io adapter over the same link; undefined alone (socket.io's in-memory one serves). */
  socketAdapter(): SocketAdapter | undefined;
  close(): void;
}
