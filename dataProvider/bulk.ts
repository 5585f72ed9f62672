import type { Identifier, RaRecord, UpdateManyParams } from 'react-admin';
import type { Registry, ResourceDescriptor } from '../resources';
import { bulkActionsOf, bulkPath, type BulkAction, type BulkAnswer } from '../resources/bulk';
import type { HttpClient } from './httpClient';

/** A saved filter as the server answers it (server/modules/preferences). */
export interface SavedFilter {
  saved_filter_id: number;
  resource: string;
  name: string;
  filter: Record<string, unknown>;
  shared: boolean;
  mine: boolean;
  author: string;
  created_at: string;
}

/** The columns a user hid on a list and the order they chose (react-admin DataTable's store values). */
export interface ColumnsChoice {
  hidden: string[];
  ranks: number[] | null;
}

/** The list tools' calls, beside react-admin's methods on the console's data provider. */
export interface ListToolsMethods {
  /** One bulk action on many rows; resolves with what was done and refused per row (refusals do not reject). */
  bulk(resource: string, action: BulkAction, ids: readonly Identifier[]): Promise<BulkAnswer>;
  savedFilters(resource: string): Promise<SavedFilter[]>;
  createSavedFilter(resource: string, input: { name: string; filter: Record<string, unknown>; shared: boolean }): Promise<SavedFilter>;
  deleteSavedFilter(resource: string, id: number): Promise<void>;
  /** The user's column choice for the list, undefined when they made none. */
  listColumns(resource: string): Promise<ColumnsChoice | undefined>;
  saveListColumns(resource: string, choice: ColumnsChoice): Promise<void>;
}

/**
 * An updateMany that only sets the status (1 or 0, as react-admin's BulkUpdateButton sends it) is
 * the bulk route's activate or deactivate; anything else is not a bulk action.
 */
export function statusAction(d: ResourceDescriptor, data: UpdateManyParams<RaRecord>['data']): BulkAction | undefined {
  const field = d.statusField;
  const keys = Object.keys(data);
  if (!field || keys.length !== 1 || keys[0] !== field || !bulkActionsOf(d).includes('activate')) return undefined;
  const value: unknown = (data as Record<string, unknown>)[field];
  if (value === 1 || value === true || value === '1') return 'activate';
  if (value === 0 || value === false || value === '0') return 'deactivate';
  return undefined;
}

/** The ids a bulk answer reports done, as react-admin's updateMany and deleteMany answer them. */
export const doneIds = (answer: BulkAnswer): number[] => answer.results.filter((r) => r.ok).map((r) => r.id);

export function listToolsMethods(apiUrl: string, httpClient: HttpClient, registry: Registry): ListToolsMethods {
  const prefs = `${apiUrl}/preferences`;
  const query = (resource: string) => `?resource=${encodeURIComponent(resource)}`;
  return {
    async bulk(resource, action, ids) {
      const { json } = await httpClient(`${apiUrl}${bulkPath(registry.get(resource))}`, {
        method: 'POST',
        body: JSON.stringify({ action, ids: ids.map(Number) }),
      });
      return json.data as BulkAnswer;
    },
    async savedFilters(resource) {
      const { json } = await httpClient(`${prefs}/saved-filter-list${query(resource)}`);
      return Array.isArray(json.data) ? (json.data as SavedFilter[]) : [];
    },
    async createSavedFilter(resource, input) {
      const { json } = await httpClient(`${prefs}/saved-filter-create`, { method: 'POST', body: JSON.stringify({ resource, ...input }) });
      return json.data as SavedFilter;
    },
    async deleteSavedFilter(_resource, id) {
      await httpClient(`${prefs}/saved-filter-delete/${id}`, { method: 'DELETE' });
    },
    async listColumns(resource) {
      const { json } = await httpClient(`${prefs}/list-columns${query(resource)}`);
      const [choice] = Array.isArray(json.data) ? (json.data as ColumnsChoice[]) : [];
      return choice && { hidden: choice.hidden, ranks: choice.ranks };
    },
    async saveListColumns(resource, choice) {
      await httpClient(`${prefs}/list-columns-update`, { method: 'PUT', body: JSON.stringify({ resource, ...choice }) });
    },
  };
}
