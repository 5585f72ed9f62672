import type { Identifier, RaRecord, UpdateManyParams } from 'react-admin';
import type { Registry, ResourceDescriptor } from '../resources';
import { bulkActionsOf, bulkPath, type BulkAction, type BulkAnswer } from '../resources/bulk';
import type { HttpClient } from './httpClient';

/** The bulk call beside react-admin's methods on the console's data provider. */
export interface BulkMethods {
  /** One bulk action on many rows; resolves with what was done and refused per row (refusals do not reject). */
  bulk(resource: string, action: BulkAction, ids: readonly Identifier[]): Promise<BulkAnswer>;
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

export function bulkMethods(apiUrl: string, httpClient: HttpClient, registry: Registry): BulkMethods {
  return {
    async bulk(resource, action, ids) {
      const { json } = await httpClient(`${apiUrl}${bulkPath(registry.get(resource))}`, {
        method: 'POST',
        body: JSON.stringify({ action, ids: ids.map(Number) }),
      });
      return json.data as BulkAnswer;
    },
  };
}
