import { describe, expect, it } from 'vitest';
import { createDataProvider, type HttpClient } from '../../../dataProvider';
import type { RealtimeDataProvider, RealtimeEvent } from '../../../dataProvider/realtime';
import type { NotificationMethods } from '../../../dataProvider/notifications';
import { registry } from '../../../resources';

/** The notification resources and the real-time methods, against a recording HTTP client that answers the contract's shapes. */
function recorder(answer: (url: string) => unknown) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const httpClient: HttpClient = (url, init) => {
    calls.push({ url, init });
    return Promise.resolve({ status: 200, headers: new Headers(), json: { status: 1, message: 'ok', data: answer(url) } });
  };
  const provider = createDataProvider({ apiUrl: '/api', registry, httpClient }) as RealtimeDataProvider & NotificationMethods;
  return { calls, provider };
}

const notice = { notification_id: 7, notification_title: 'Drill', notification_read_status: 0 };

describe('notification resources in the data provider', () => {
  it('reads the admin list from data.data with the spec query', async () => {
    const { calls, provider } = recorder(() => ({ data: [notice], total: 1, page: 2, limit: 50 }));
    const result = await provider.getList('notification', {
      pagination: { page: 2, perPage: 50 },
      sort: { field: 'notification_date', order: 'DESC' },
      filter: { q: 'dri', type: 'Group', status: '1' },
    });
    expect(calls[0]?.url).toBe('/api/notification/notification-list/?page=2&limit=50&search=dri&type=Group&status=1');
    expect(result).toMatchObject({ data: [{ id: 7, notification_title: 'Drill' }], total: 1 });
  });

  it('sends the spec payload names and keeps only the target the type needs', async () => {
    const { calls, provider } = recorder(() => notice);
    await provider.create('notification', {
      data: {
        notification_date: '2026-01-05T09:30',
        notification_title: 'Drill',
        notification_type: 'Group',
        notification_group: 3,
        notification_user: 9,
        notification_status: 1,
      },
    });
    expect(calls[0]?.url).toBe('/api/notification/notification-create');
    expect(JSON.parse(calls[0]?.init?.body as string)).toEqual({
      notification_date: '2026-01-05 09:30',
      title: 'Drill',
      description: '',
      type: 'Group',
      user: 0,
      group: 3,
      status: 1,
    });
  });

  it('reads the inbox with its unread count and marks read through update and markAllNotificationsRead', async () => {
    const { calls, provider } = recorder((url) =>
      url.includes('list-user') ? { data: [notice], total: 1, page: 1, limit: 10, unread: 4 } : { count: 4 },
    );
    const inbox = await provider.getList('notification-inbox', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'DESC' },
      filter: {},
    });
    expect(inbox.meta).toEqual({ unread: 4 });
    await provider.update('notification-inbox', { id: 7, data: {}, previousData: { id: 7 } });
    await provider.markAllNotificationsRead();
    expect(calls.map((c) => `${c.init?.method ?? 'GET'} ${c.url}`)).toEqual([
      'GET /api/notification/notification-list-user/?page=1&limit=10',
      'PUT /api/notification/notification-read/7',
      'PUT /api/notification/notification-read-all',
    ]);
  });

  it('leaves descriptor resources to the generic methods', async () => {
    const { calls, provider } = recorder(() => []);
    await provider.getList('branch', { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'DESC' }, filter: {} });
    expect(calls[0]?.url).toMatch(/^\/api\/branch\/branch-list\/\?/);
  });

  it('publishes to the subscribers of a topic until they unsubscribe', async () => {
    const { provider } = recorder(() => null);
    const seen: RealtimeEvent[] = [];
    const callback = (e: RealtimeEvent) => seen.push(e);
    await provider.subscribe('resource/branch', callback);
    await provider.publish('resource/branch', { type: 'created', payload: { ids: [1] } });
    await provider.publish('resource/group', { type: 'created', payload: { ids: [2] } });
    await provider.unsubscribe('resource/branch', callback);
    await provider.publish('resource/branch', { type: 'deleted', payload: { ids: [1] } });
    expect(seen).toEqual([{ type: 'created', payload: { ids: [1] }, topic: 'resource/branch' }]);
  });
});
