import { fetchJson } from '../../../dataProvider/httpClient';
import { API_URL } from '../../config';
import { AUDIT_ACTIONS, AUDIT_SLUGS } from '../../../resources/audit';

/** One entry of the audit trail as the API answers it (server/modules/audit/schemas.ts). */
export interface AuditEntry {
  audit_id: number;
  /** UTC, ISO 8601. */
  audit_at: string;
  audit_actor: number | null;
  /** The actor's name when they acted. */
  audit_actor_name: string | null;
  audit_actor_branch: number | null;
  audit_action: string;
  audit_resource: string;
  audit_record: number | null;
  audit_branch: number | null;
  /** field -> {before, after} ({changed: true} for a secret); a permission change: {granted, withdrawn}. */
  audit_changes: unknown;
  /** The record after the change (before it, for a delete); only in a history and the deleted records. */
  audit_snapshot?: Record<string, unknown> | null;
  audit_ip?: string;
  audit_browser?: string;
}

export interface AuditPage {
  data: AuditEntry[];
  total: number;
}

/** Filters of the audit log, as its route takes them (all optional). */
export interface LogFilters {
  actor?: number;
  resource?: string;
  record?: number;
  action?: string;
  from?: string;
  to?: string;
  branch?: number;
}

export { AUDIT_ACTIONS };

/** Actions after which the entry's snapshot is a version the record can be put back to. */
export const VERSION_ACTIONS: ReadonlySet<string> = new Set(['create', 'update', 'restore', 'undelete']);

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const { json } = await fetchJson(`${API_URL}${path}`, init);
  return json.data as T;
}

/** A page of entries: the one list envelope, `{data: [...], total}`. */
async function page(path: string): Promise<AuditPage> {
  const { json } = await fetchJson(`${API_URL}${path}`);
  return { data: json.data as AuditEntry[], total: json.total ?? 0 };
}

const query = (params: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  return q.toString();
};

export const auditApi = {
  log: (filters: LogFilters, n: number, limit: number) => page(`/audit/audit-list?${query({ ...filters, page: n, limit })}`),
  history: (resource: string, id: string | number, n = 1, limit = 50) =>
    page(`/audit/history/${encodeURIComponent(resource)}/${encodeURIComponent(String(id))}?${query({ page: n, limit })}`),
  deleted: (resource: string, n: number, limit: number) =>
    page(`/audit/deleted/${encodeURIComponent(resource)}?${query({ page: n, limit })}`),
  /** `latest`: the newest entry id the history showed; the server refuses (409) when the record changed since. */
  restore: (entryId: number, latest: number) =>
    call<Record<string, unknown>>(`/audit/restore/${entryId}`, { method: 'POST', body: JSON.stringify({ latest }) }),
  /** `body`: values the trail never keeps that the create needs (a user's new password). */
  undelete: (entryId: number, body: Record<string, string> = {}) =>
    call<Record<string, unknown>>(`/audit/undelete/${entryId}`, { method: 'POST', body: JSON.stringify(body) }),
};

export { AUDIT_SLUGS };
