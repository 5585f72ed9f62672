import type { DataProvider } from 'react-admin';

/**
 * react-admin's real-time contract on the data provider: `subscribe(topic, callback)`,
 * `unsubscribe(topic, callback)` and `publish(topic, event)`. The transport (the socket the
 * notifications module opens) publishes what the server pushes; screens subscribe to
 * `resource/{name}` topics and refresh with the standard query hooks.
 */
export interface RealtimeEvent {
  /** 'created', 'updated' or 'deleted' for record changes; other topics name their own. */
  type: string;
  topic?: string;
  payload?: { ids?: (string | number)[] } & Record<string, unknown>;
}

export type RealtimeCallback = (event: RealtimeEvent) => void;

export interface RealtimeMethods {
  subscribe(topic: string, callback: RealtimeCallback): Promise<{ data: null }>;
  unsubscribe(topic: string, callback: RealtimeCallback): Promise<{ data: null }>;
  publish(topic: string, event: RealtimeEvent): Promise<{ data: null }>;
}

export type RealtimeDataProvider = DataProvider & RealtimeMethods;

/** `resource/{name}`: the topic of a resource's record changes. */
export const resourceTopic = (resource: string) => `resource/${resource}`;

export function withRealtime(provider: DataProvider): RealtimeDataProvider {
  const topics = new Map<string, Set<RealtimeCallback>>();
  const realtime: RealtimeMethods = {
    subscribe(topic, callback) {
      let set = topics.get(topic);
      if (!set) topics.set(topic, (set = new Set()));
      set.add(callback);
      return Promise.resolve({ data: null });
    },
    unsubscribe(topic, callback) {
      topics.get(topic)?.delete(callback);
      return Promise.resolve({ data: null });
    },
    publish(topic, event) {
      for (const callback of [...(topics.get(topic) ?? [])]) callback({ ...event, topic });
      return Promise.resolve({ data: null });
    },
  };
  return Object.assign(provider, realtime);
}
