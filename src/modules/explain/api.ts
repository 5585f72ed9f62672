import { fetchJson } from '../../../dataProvider/httpClient';
import { API_URL } from '../../config';
import { EXPLAIN_SLUGS } from '../../../resources/explain';

export { EXPLAIN_SLUGS };

/** A link of an explanation's chain (server/modules/explain/service.ts). */
export interface ExplainedLink {
  kind: string;
  effect: 'allow' | 'deny' | 'none';
  decisive: boolean;
  menu_id?: number;
  menu_slug?: string;
  menu_name?: string;
  /** A parent node: whether the group holds it. */
  granted?: 0 | 1;
  record_branch?: number;
  user_branch?: number;
  set_by_id: number | null;
  set_by_name: string | null;
  set_at: string | null;
  /** 'change': the entry that changed it; 'creation': unchanged since the record was created; null: the trail does not say. */
  set_in?: 'change' | 'creation' | null;
}

export interface ExplainedSlug {
  menu_id: number | null;
  menu_slug: string;
  menu_name: string;
  allowed: boolean;
  chain: ExplainedLink[];
}

/** The user's group came from the hospital's directory: its claim and value, and the mapping row that gave the group. */
export interface GroupFromDirectory {
  source: 'directory';
  method: string;
  claim: string;
  value: string;
  mapping_id: number;
  set_by_name: string | null;
  set_at: string | null;
}

export interface Explanation {
  user: {
    user_id: number;
    user_name: string;
    group_id: number;
    group_name: string;
    group_status: number;
    user_status: number;
    group_from?: GroupFromDirectory | null;
  };
  items: ExplainedSlug[];
}

export interface Comparison {
  left: { group_id: number; group_name: string; group_status: number };
  right: { group_id: number; group_name: string; group_status: number };
  rows: { menu_id: number; menu_name: string; menu_slug: string; depth: number; left: 0 | 1; right: 0 | 1; differs: boolean }[];
  differences: number;
}

export interface ViewAsStatus {
  user_id: number;
  user_name: string;
  by_id: number;
  by_name: string;
  ends_at: string;
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const { json } = await fetchJson(`${API_URL}${path}`, init);
  return json.data as T;
}

export const explainApi = {
  explain: (user: number, slug?: string) =>
    call<Explanation>(`/explain/check-access?user=${user}${slug ? `&slug=${encodeURIComponent(slug)}` : ''}`),
  compare: (left: number, right: number) => call<Comparison>(`/explain/compare-groups?left=${left}&right=${right}`),
  startViewAs: (user: number) =>
    call<{ token: string; user_id: number; user_name: string; ends_at: string }>('/explain/view-as-start', {
      method: 'POST',
      body: JSON.stringify({ user_id: user }),
    }),
  endViewAs: () => call<unknown>('/explain/view-as-end', { method: 'POST', body: '{}' }),
  viewAsStatus: () => call<ViewAsStatus | null>('/explain/view-as'),
  groups: () => call<{ group_id: number; group_name: string }[]>('/group/group-list/?status=all&search='),
};
