/**
 * The two Redis connections (publish, subscribe) that the cluster bus and socket.io's adapter
 * share, made to survive Redis going away. Redis carries only what instances tell each other (socket pushes, dropped caches),
 * never a read or a write, so while it is unreachable the console keeps serving:
 * - a command is refused at once instead of queueing until Redis returns (`disableOfflineQueue`),
 *   and whatever the adapter sends without waiting for it cannot reject unheard (`quiet`);
 * - the clients reconnect forever, at most RECONNECT_MAX_MS apart, and resubscribe by themselves;
 * - the log says once that Redis is unreachable and once that it is back, not once per retry;
 * - `onChange` tells the instance, so that it stops trusting what it kept in memory meanwhile.
 */
export const RECONNECT_MAX_MS = 1_000;
const CONNECT_TIMEOUT_MS = 2_000;

/** What the link and the bus need of one connection; the rest of the client stays hidden. */
export interface RedisConnection {
  readonly isReady: boolean;
  on(event: 'ready' | 'end' | 'error' | 'reconnecting', listener: (arg?: unknown) => void): unknown;
  connect(): Promise<unknown>;
  duplicate(): RedisConnection;
  destroy(): void;
  publish(channel: string, message: string): Promise<unknown>;
  /** Listens until the client ends; a client reconnecting subscribes again by itself. */
  subscribe(channels: string[], listener: (message: string) => void): Promise<unknown>;
  sendCommand(args: string[]): Promise<unknown>;
}

export interface RedisLink<C> {
  pub: C;
  sub: C;
  /** Both connections are ready: this instance hears the others and reaches them. */
  readonly up: boolean;
  close(): void;
}

/**
 * Methods whose promise the adapter drops (fire and forget): their failure is already known
 * through the connection's own events, so here they settle quietly instead of crashing the
 * process as an unhandled rejection. `sendCommand` (the adapter's server count) is left as it is:
 * its callers wait for it and handle its failure.
 */
const FIRE_AND_FORGET = new Set([
  'publish',
  'PUBLISH',
  'subscribe',
  'SUBSCRIBE',
  'pSubscribe',
  'PSUBSCRIBE',
  'unsubscribe',
  'UNSUBSCRIBE',
  'pUnsubscribe',
  'PUNSUBSCRIBE',
]);

function quiet<C extends object>(client: C): C {
  return new Proxy(client, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof key !== 'string' || !FIRE_AND_FORGET.has(key) || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result: unknown = Reflect.apply(value as (...a: unknown[]) => unknown, target, args);
        return result instanceof Promise ? result.catch(() => undefined) : result;
      };
    },
  });
}

export interface RedisLinkOptions {
  url: string;
  /** Where the two lines go (down, back): the server's log. */
  say: (message: string, err?: unknown) => void;
  /** Called when the link goes down or comes back (not on every retry). */
  onChange: (up: boolean) => void;
}

/** `create` is redis' `createClient`, passed in so the package is loaded only when `REDIS_URL` is set. */
export function linkRedis<C extends RedisConnection>(
  create: (options: {
    url: string;
    disableOfflineQueue: boolean;
    socket: { connectTimeout: number; reconnectStrategy: (retries: number) => number };
  }) => C,
  { url, say, onChange }: RedisLinkOptions,
): RedisLink<C> {
  const pub = create({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      // Never give up (the default gives up after a socket timeout): Redis may be away for hours.
      reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, RECONNECT_MAX_MS) + Math.floor(Math.random() * 100),
    },
  });
  const sub = pub.duplicate() as C;
  let up = false;
  let closing = false;
  // Whether the log has said so: the first failure logs, the retries that follow do not.
  let saidDown = false;
  const update = () => {
    const now = pub.isReady && sub.isReady && !closing;
    if (now === up) return;
    up = now;
    if (up && saidDown) {
      saidDown = false;
      say('Redis back: events between instances resume');
    }
    onChange(up);
  };
  const down = (err?: unknown) => {
    // An error while both connections stay ready (a failed command) is no outage.
    if (closing || (pub.isReady && sub.isReady)) return;
    if (!saidDown) {
      saidDown = true;
      say(
        'Redis unreachable: reads and writes go on; sessions and permissions are read from the database on every request, and socket pushes reach only this instance, until it is back',
        err,
      );
    }
    update();
  };
  for (const client of [pub, sub]) {
    client.on('ready', update);
    client.on('error', down);
    client.on('reconnecting', () => down());
    client.on('end', update);
  }
  // Not awaited: an instance starts, and serves, while Redis is away; the clients keep trying.
  for (const client of [pub, sub]) client.connect().catch(down);
  return {
    pub: quiet(pub),
    sub: quiet(sub),
    get up() {
      return up;
    },
    close() {
      closing = true;
      // Not close(): it waits for replies, which a Redis that is away never sends.
      for (const c of [pub, sub]) c.destroy();
    },
  };
}
