import { afterAll, describe, expect, it } from 'vitest';
import { createClient } from 'redis';
import { CONFIRM_MS, type ClusterBus } from '../../../server/cluster/bus';
import { localBus } from '../../../server/cluster/local-bus';
import { redisBus } from '../../../server/cluster/redis-bus';

/**
 * The bus between instances (server/cluster/) on this machine's Redis, under a key unique to this
 * run so that parallel runs do not hear each other.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('the bus between instances', () => {
  const key = `test-bus-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const buses: ClusterBus[] = [];
  const closers: (() => Promise<unknown>)[] = [];
  const bus = async () => {
    const b = await redisBus({ url: REDIS_URL, key, say: () => undefined });
    buses.push(b);
    // Up: both connections ready, which they become only once their subscriptions are made.
    await expect.poll(() => b.up()).toBe(true);
    return b;
  };
  afterAll(async () => {
    for (const b of buses) b.close();
    for (const close of closers) await close();
  });

  it('tells the other instances, never itself, and a confirmed message waits until they have heard it', async () => {
    const [a, b] = [await bus(), await bus()];
    const heardByA: unknown[] = [];
    const heardByB: unknown[] = [];
    a.subscribe('permissions-changed', (change) => heardByA.push(change));
    b.subscribe('permissions-changed', (change) => heardByB.push(change));
    a.publish('permissions-changed', { userIds: [7] }, { confirm: true });
    const waiting = a.confirmations();
    expect(waiting).toBeDefined();
    await waiting;
    expect(heardByB).toEqual([{ userIds: [7] }]);
    // A's own copy reached A's subscriber connection before B's confirmation did (one connection, in order).
    expect(heardByA).toEqual([]);
    expect(a.confirmations()).toBeUndefined();

    const moved = new Promise((resolve) => b.subscribe('user-moved', resolve));
    const move = { userId: 3, from: { group: 1, branch: 1 }, to: { group: 1, branch: 2 } };
    a.publish('user-moved', move);
    expect(await moved).toEqual(move);
  });

  it('waits at most CONFIRM_MS for an instance that listens but never confirms', async () => {
    const [a] = [await bus()];
    // Listens on the bus's channel as an instance would, and never answers.
    const mute = createClient({ url: REDIS_URL });
    await mute.connect();
    closers.push(() => mute.close());
    await mute.subscribe(`${key}-cluster`, () => undefined);
    const started = Date.now();
    a.publish('sessions-ended', {}, { confirm: true });
    await a.confirmations();
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(CONFIRM_MS - 50);
    expect(waited).toBeLessThan(CONFIRM_MS + 1_000);
  });

  it('alone (no REDIS_URL): nobody to tell, nothing to wait for, always up', () => {
    const alone = localBus();
    alone.publish('sessions-ended', {}, { confirm: true });
    expect(alone.confirmations()).toBeUndefined();
    expect(alone.up()).toBe(true);
    expect(alone.shared).toBe(false);
    expect(alone.socketAdapter()).toBeUndefined();
  });
});
