import type { ClusterBus } from './bus';

/** An instance alone (no `REDIS_URL`): there is nobody to tell and nothing to hear, and the link never fails. */
export function localBus(): ClusterBus {
  const stop = () => undefined;
  return {
    shared: false,
    up: () => true,
    publish: () => undefined,
    subscribe: () => stop,
    onLink: () => stop,
    confirmations: () => undefined,
    socketAdapter: () => undefined,
    close: () => undefined,
  };
}
