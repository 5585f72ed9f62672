import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import type { HttpClient } from './httpClient';
import { asConflict, ifMatch, rememberOwnVersion } from './versions';

/**
 * The notification resources: `notification` (administration at the spec's paths) and
 * `notification-inbox` (the signed-in user's own notices). Their lists answer in `data.data`
 * and they are module routes, not descriptors, so they get their own methods here.
 */
export const NOTIFICATION_RESOURCE = 'notification';
export const INBOX_RESOURCE = 'notification-inbox';

interface ApiNotice {
  notification_id: number;
  [key: string]: unknown;
}
interface ApiPage {
  data: ApiNotice[];
  total: number;
  page: number;
  limit: number;
  unread?: number;
}

const toRecord = (n: ApiNotice): RaRecord => ({ ...n, id: n.notification_id });

/** The spec's call table names the payload `notification_date, title, description, type, user, group, status`. */
function payload(data: Record<string, unknown>) {
  const date = typeof data.notification_date === 'string' ? data.notification_date.replace('T', ' ') : data.notification_date;
  return JSON.stringify({
    notification_date: date,
    title: data.notification_title,
    description: data.notification_description ?? '',
    type: data.notification_type,
    user: data.notification_type === 'User' ? data.notification_user : 0,
    group: data.notification_type === 'Group' ? data.notification_group : 0,
    status: data.notification_status ? 1 : 0,
  });
}

function query(params: Record<string, unknown>) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if ((typeof v === 'string' && v !== '') || typeof v === 'number') q.set(k, String(v));
  const text = q.toString();
  return text ? `?${text}` : '';
}

export interface NotificationMethods {
  /** Marks every notice of the signed-in user read; answers how many were unread. */
  markAllNotificationsRead(): Promise<{ data: { count: number } }>;
}

export function notificationResources(apiUrl: string, httpClient: HttpClient) {
  const base = `${apiUrl}/notification`;
  const page = async (url: string) => {
    const { json } = await httpClient(url);
    const p = json.data as ApiPage;
    return { data: p.data.map(toRecord), total: p.total, meta: { unread: p.unread } };
  };
  const admin: Partial<DataProvider> = {
    getList: (_r: string, { pagination, filter = {} }: GetListParams) => {
      const f = filter as Record<string, unknown>;
      return page(
        `${base}/notification-list/` +
          query({ page: pagination?.page, limit: pagination?.perPage, search: f.q, type: f.type ?? 'all', status: f.status ?? 'all' }),
      );
    },
    getOne: async (_r: string, { id }: { id: Identifier }) => {
      const { json } = await httpClient(`${base}/get-notification/${encodeURIComponent(String(id))}`);
      return { data: toRecord(json.data as ApiNotice) };
    },
    create: async (_r: string, { data }: { data: Record<string, unknown> }) => {
      const { json } = await httpClient(`${base}/notification-create`, { method: 'POST', body: payload(data) });
      return { data: toRecord(json.data as ApiNotice) };
    },
    update: async (_r: string, { id, data, previousData }: { id: Identifier; data: Record<string, unknown>; previousData?: RaRecord }) => {
      const { json } = await httpClient(`${base}/notification-update/${encodeURIComponent(String(id))}`, {
        method: 'PUT',
        body: payload(data),
        headers: ifMatch(previousData),
      }).catch((e: unknown) => asConflict(e, (raw) => toRecord(raw as ApiNotice)));
      rememberOwnVersion(json.data);
      return { data: toRecord(json.data as ApiNotice) };
    },
    delete: async (_r: string, { id, previousData }: { id: Identifier; previousData?: RaRecord }) => {
      const { json } = await httpClient(`${base}/notification-delete/${encodeURIComponent(String(id))}`, {
        method: 'DELETE',
        headers: ifMatch(previousData),
      }).catch((e: unknown) => asConflict(e, (raw) => toRecord(raw as ApiNotice)));
      return { data: toRecord(json.data as ApiNotice) };
    },
  } as Partial<DataProvider>;
  const inbox: Partial<DataProvider> = {
    getList: (_r: string, { pagination, filter = {} }: GetListParams) =>
      page(
        `${base}/notification-list-user/` +
          query({ page: pagination?.page, limit: pagination?.perPage, read: (filter as { read?: string }).read }),
      ),
    // Marking read is the one change a user makes to their inbox.
    update: async (_r: string, { id }: { id: Identifier }) => {
      const { json } = await httpClient(`${base}/notification-read/${encodeURIComponent(String(id))}`, { method: 'PUT' });
      return { data: toRecord(json.data as ApiNotice) };
    },
  } as Partial<DataProvider>;
  const methods: NotificationMethods = {
    async markAllNotificationsRead() {
      const { json } = await httpClient(`${base}/notification-read-all`, { method: 'PUT' });
      return { data: json.data as { count: number } };
    },
  };
  return { resources: { [NOTIFICATION_RESOURCE]: admin, [INBOX_RESOURCE]: inbox }, methods };
}

/** Routes the named resources to their own methods, everything else to the descriptor provider. */
export function withModuleResources(provider: DataProvider, apiUrl: string, httpClient: HttpClient): DataProvider & NotificationMethods {
  const { resources, methods } = notificationResources(apiUrl, httpClient);
  const overrides = new Map<string, Partial<DataProvider>>(Object.entries(resources));
  const routed: Record<string, unknown> = {};
  for (const [key, own] of Object.entries(provider)) {
    if (typeof own !== 'function') {
      routed[key] = own;
      continue;
    }
    routed[key] = (resource: unknown, ...rest: unknown[]) => {
      const override: unknown = typeof resource === 'string' ? overrides.get(resource)?.[key] : undefined;
      const fn = (typeof override === 'function' ? override : own) as (...args: unknown[]) => unknown;
      return fn(resource, ...rest);
    };
  }
  return Object.assign(routed as DataProvider, methods);
}
