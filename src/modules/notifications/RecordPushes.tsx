import { useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { resourceTopic, type RealtimeDataProvider, type RealtimeEvent } from '../../../dataProvider/realtime';
import { INBOX_RESOURCE, NOTIFICATION_RESOURCE } from '../../../dataProvider/notifications';
import { useRegistry } from '../../registry-context';
import { useNoticeSocket } from './socket';
import { usePermissionPushes } from './usePermissionPushes';

const EVENT_TYPE = { create: 'created', update: 'updated', delete: 'deleted' } as const;

/**
 * Record pushes, react-admin's way: the socket's `record` events are published on the data
 * provider's `resource/{name}` topics, and every resource's topic refreshes that resource's
 * queries, so open lists (useListController, useGetList) reload with no code of their own.
 * Also the `permissions` event (usePermissionPushes). Renders nothing; it sits in the app bar so it
 * lives as long as the signed-in layout.
 */
export function RecordPushes() {
  const { socket } = useNoticeSocket();
  usePermissionPushes(socket);
  const dataProvider = useDataProvider<RealtimeDataProvider>();
  const registry = useRegistry();
  const queryClient = useQueryClient();
  /** The resources whose records the socket pushes: every descriptor's, and the notices. */
  const names = useMemo(() => [...registry.all.map((d) => d.name), NOTIFICATION_RESOURCE], [registry]);

  useEffect(() => {
    if (!socket) return;
    const onRecord = (change: { resource: string; ids: number[]; action: keyof typeof EVENT_TYPE }) => {
      void dataProvider.publish(resourceTopic(change.resource), { type: EVENT_TYPE[change.action], payload: { ids: change.ids } });
    };
    let connectedBefore = socket.connected;
    // Changes made while the socket was down were not pushed: refetch what is on screen. The
    // first connection waits for the page to be idle (socket.ts), after the first screen has
    // loaded its records: those are refetched then (not the session, menu or permission queries).
    const onConnect = () => {
      if (connectedBefore) void queryClient.invalidateQueries();
      else void queryClient.invalidateQueries({ predicate: (q) => names.includes(String(q.queryKey[0])) });
      connectedBefore = true;
    };
    socket.on('record', onRecord);
    socket.on('connect', onConnect);
    return () => {
      socket.off('record', onRecord);
      socket.off('connect', onConnect);
    };
  }, [socket, dataProvider, queryClient, names]);

  useEffect(() => {
    const subscriptions = names.map((name) => {
      const callback = (_event: RealtimeEvent) => {
        void queryClient.invalidateQueries({ queryKey: [name] });
        // A changed notice may change what the inbox shows (a date moved, a notice deleted).
        if (name === NOTIFICATION_RESOURCE) void queryClient.invalidateQueries({ queryKey: [INBOX_RESOURCE] });
      };
      void dataProvider.subscribe(resourceTopic(name), callback);
      return () => void dataProvider.unsubscribe(resourceTopic(name), callback);
    });
    return () => {
      for (const unsubscribe of subscriptions) unsubscribe();
    };
  }, [names, dataProvider, queryClient]);

  return null;
}
