import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useGetList, useUpdate, type RaRecord } from 'react-admin';
import { INBOX_RESOURCE, type NotificationMethods } from '../../../dataProvider/notifications';

/** The signed-in user's latest notices and unread count, with the two ways to mark them read. */
export function useInbox(perPage = 10, page = 1) {
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<ReturnType<typeof useDataProvider> & NotificationMethods>();
  const list = useGetList<RaRecord>(INBOX_RESOURCE, { pagination: { page, perPage }, sort: { field: 'notification_date', order: 'DESC' } });
  const [update] = useUpdate();
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: [INBOX_RESOURCE] }), [queryClient]);
  const markRead = useCallback(
    (notice: RaRecord) => {
      if (Number(notice.notification_read_status) === 1) return;
      void update(
        INBOX_RESOURCE,
        { id: notice.id, data: { notification_read_status: 1 }, previousData: notice },
        { onSettled: () => void refresh() },
      );
    },
    [update, refresh],
  );
  const markAllRead = useCallback(async () => {
    await dataProvider.markAllNotificationsRead();
    await refresh();
  }, [dataProvider, refresh]);
  const unread = (list.meta as { unread?: number } | undefined)?.unread ?? 0;
  return { ...list, unread, markRead, markAllRead, refresh };
}
