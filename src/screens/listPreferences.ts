import { fetchJson } from '../../dataProvider/httpClient';
import { API_URL } from '../config';

/**
 * The signed-in user's list preferences kept on the server (server/modules/preferences): saved
 * filters and column choices. Only the list tools' on-demand parts use them, so they are not in
 * the code a first list needs.
 */
const BASE = `${API_URL}/preferences`;
const query = (resource: string) => `?resource=${encodeURIComponent(resource)}`;

export interface SavedFilter {
  saved_filter_id: number;
  resource: string;
  name: string;
  filter: Record<string, unknown>;
  shared: boolean;
  /** Written by the viewer: only the author may delete it. */
  mine: boolean;
  author: string;
  created_at: string;
}

/** The columns a user hid on a list and the order they chose (react-admin DataTable's store values). */
export interface ColumnsChoice {
  hidden: string[];
  ranks: number[] | null;
}

export async function savedFilters(resource: string): Promise<SavedFilter[]> {
  const { json } = await fetchJson(`${BASE}/saved-filter-list${query(resource)}`);
  return Array.isArray(json.data) ? (json.data as SavedFilter[]) : [];
}

export async function createSavedFilter(
  resource: string,
  input: { name: string; filter: Record<string, unknown>; shared: boolean },
): Promise<SavedFilter> {
  const { json } = await fetchJson(`${BASE}/saved-filter-create`, { method: 'POST', body: JSON.stringify({ resource, ...input }) });
  return json.data as SavedFilter;
}

export async function deleteSavedFilter(id: number): Promise<void> {
  await fetchJson(`${BASE}/saved-filter-delete/${id}`, { method: 'DELETE' });
}

/** The user's column choice for the list, or null when they made none. */
export async function listColumns(resource: string): Promise<ColumnsChoice | null> {
  const { json } = await fetchJson(`${BASE}/list-columns${query(resource)}`);
  const [choice] = Array.isArray(json.data) ? (json.data as ColumnsChoice[]) : [];
  return choice ? { hidden: choice.hidden, ranks: choice.ranks } : null;
}

export async function saveListColumns(resource: string, choice: ColumnsChoice): Promise<void> {
  await fetchJson(`${BASE}/list-columns-update`, { method: 'PUT', body: JSON.stringify({ resource, ...choice }) });
}
