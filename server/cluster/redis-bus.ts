import { randomBytes } from 'node:crypto';
import { CONFIRM_MS, type ClusterBus, type ClusterMessages, type ClusterTopic } from './bus';
import { linkRedis, type RedisConnection } from './redis-link';

export interface RedisBusOptions {
  url: string;
  /** Prefix of every channel: instances that should hear each other share it (`REDIS_KEY`). */
  key: string;
  /** Where the link's two lines go (down, back): the server's log. */
  say: (message: string, err?: unknown) => void;
}

/** A message on the shared channel; `ask` numbers a message whose sender waits for confirmations. */
interface Envelope {
  from: string;
  topic: ClusterTopic;
  message: unknown;
  ask?: number;
}

type Handler = (message: unknown) => void;

/** What another instance published; malformed text (not ours) is ignored. */
const parse = (raw: string): unknown => {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
};

/** PUBSUB NUMSUB answers [channel, count]. */
const subscriberCount = (answer: unknown) => (Array.isArray(answer) ? Number(answer[1]) || 0 : 0);

/**
 * The bus over Redis pub/sub: one channel every instance listens on, and one per instance for the
 * confirmations it waits for. A confirmed message waits for as many confirmations as the channel
 * has other listeners (PUBSUB NUMSUB, one per instance), at most CONFIRM_MS. The link survives
 * Redis going away (redis-link.ts): meanwhile nothing is sent, and nothing is waited for.
 * The socket.io adapter shares the two connections. The packages load only when `REDIS_URL` is set.
 */
export async function redisBus({ url, key, say }: RedisBusOptions): Promise<ClusterBus> {
  const [{ createAdapter }, { createClient }] = await Promise.all([import('@socket.io/redis-adapter'), import('redis')]);
  const linkListeners = new Set<(up: boolean) => void>();
  const link = linkRedis((options) => createClient(options) as unknown as RedisConnection, {
    url,
    say,
    onChange: (up) => {
      for (const listener of linkListeners) listener(up);
    },
  });
  const me = randomBytes(8).toString('hex');
  const channel = `${key}-cluster`;
  const confirmChannel = (instance: string) => `${key}-cluster-confirm#${instance}`;
  const handlers = new Map<ClusterTopic, Set<Handler>>();
  /** Messages of this instance waiting for confirmations: how many are still due, and what to call then. */
  const asked = new Map<number, { due: number; done: () => void }>();
  const pending = new Set<Promise<void>>();
  let asks = 0;

  const hear = (raw: string) => {
    // Only instances sharing the key publish here, always an Envelope.
    const envelope = parse(raw) as Envelope | undefined;
    if (!envelope || envelope.from === me) return;
    try {
      for (const handler of handlers.get(envelope.topic) ?? []) handler(envelope.message);
    } catch (err) {
      // Not confirmed: the sender waits its CONFIRM_MS, as for an instance that does not answer.
      say('A message from another instance could not be applied', err);
      return;
    }
    if (envelope.ask !== undefined) void link.pub.publish(confirmChannel(envelope.from), JSON.stringify({ ask: envelope.ask }));
  };
  const confirmed = (raw: string) => {
    const answer = parse(raw) as { ask?: number } | undefined;
    const waiting = asked.get(answer?.ask ?? -1);
    if (waiting && --waiting.due <= 0) waiting.done();
  };
  void link.sub.subscribe([channel], hear);
  void link.sub.subscribe([confirmChannel(me)], confirmed);

  /** Publishes and waits for the other instances' confirmations, at most CONFIRM_MS. */
  const ask = (envelope: Envelope) => {
    const id = ++asks;
    let timer: NodeJS.Timeout | undefined;
    const answered = (async () => {
      // Every instance listens on the channel once; this one does not answer itself.
      const others = subscriberCount(await link.pub.sendCommand(['PUBSUB', 'NUMSUB', channel])) - 1;
      if (others <= 0) return;
      await new Promise<void>((resolve) => {
        asked.set(id, { due: others, done: resolve });
        void link.pub.publish(channel, JSON.stringify({ ...envelope, ask: id }));
      });
    })();
    const waited: Promise<void> = Promise.race([
      answered,
      new Promise((resolve) => {
        // A confirmation lost with Redis failing mid-request: never wait longer than this.
        timer = setTimeout(resolve, CONFIRM_MS);
      }),
    ])
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        clearTimeout(timer);
        asked.delete(id);
        pending.delete(waited);
      });
    pending.add(waited);
  };

  return {
    shared: true,
    up: () => link.up,
    publish(topic, message, options) {
      // Nobody can be told; every instance that cannot hear keeps nothing meanwhile (relay.ts).
      if (!link.up) return;
      const envelope: Envelope = { from: me, topic, message };
      if (options?.confirm) ask(envelope);
      else void link.pub.publish(channel, JSON.stringify(envelope));
    },
    subscribe<T extends ClusterTopic>(topic: T, handler: (message: ClusterMessages[T]) => void) {
      const set = handlers.get(topic) ?? new Set<Handler>();
      handlers.set(topic, set);
      // The envelope's topic says which message type it carries.
      const heard = handler as Handler;
      set.add(heard);
      return () => {
        set.delete(heard);
      };
    },
    onLink(listener) {
      linkListeners.add(listener);
      return () => {
        linkListeners.delete(listener);
      };
    },
    confirmations() {
      return pending.size ? Promise.all(pending).then(() => undefined) : undefined;
    },
    socketAdapter: () => createAdapter(link.pub, link.sub, { key, requestsTimeout: CONFIRM_MS }),
    close() {
      linkListeners.clear();
      link.close();
    },
  };
}
