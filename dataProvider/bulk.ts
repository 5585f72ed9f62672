import type { Identifier, RaRecord, UpdateManyParams } from 'react-admin';
import type { Registry, ResourceDescriptor } from '../resources';
import { bulkActionsOf, bulkPath, type BulkAction, type BulkAnswer, type BulkRowResult } from '../resources/bulk';
import type { HttpClient } from './httpClient';
import { fromApi, type ApiRecord } from './records';
import { versionOf, type ChangedBy } from './versions';

/** A row refused as stale, as the console shows it: the record as it is now (a console record), who changed it and when. */
export interface StaleRow {
  current: RaRecord;
  changedBy?: ChangedBy;
  changedAt?: string;
}

/** What a stale row's refusal carries (its `data`), as the single-row 412 does. */
interface StaleData {
  record?: unknown;
  changed_by?: ChangedBy;
  changed_at?: string;
}

/** The stale rows of a bulk answer by id (412 with the record as it is now). */
export function staleRows(answer: BulkAnswer): Map<number, StaleRow> {
  const out = new Map<number, StaleRow>();
  for (const r of answer.results) {
    if (r.ok || r.status !== 412) continue;
    const data = r.data as { stale?: StaleRow } | undefined;
    if (data?.stale) out.set(r.id, data.stale);
  }
  return out;
}

/** The bulk call beside react-admin's methods on the console's data provider. */
export interface BulkMethods {
  /**
   * One bulk action on many rows; resolves with what was done and refused per row (refusals do not
   * reject). `read`: the rows as the console read them, whose versions the server checks (a row
   * changed since is refused as stale: `staleRows`); rows not given keep last-write-wins.
   */
  bulk(resource: string, action: BulkAction, ids: readonly Identifier[], read?: readonly RaRecord[]): Promise<BulkAnswer>;
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
    async bulk(resource, action, ids, read = []) {
      const d = registry.get(resource);
      const wanted = new Set(ids.map(String));
      const versions: Record<string, string> = {};
      for (const r of read) {
        const v = versionOf(r);
        if (v !== undefined && wanted.has(String(r.id))) versions[String(r.id)] = v;
      }
      const { json } = await httpClient(`${apiUrl}${bulkPath(d)}`, {
        method: 'POST',
        body: JSON.stringify({ action, ids: ids.map(Number), ...(Object.keys(versions).length && { versions }) }),
      });
      const answer = json.data as BulkAnswer;
      // A stale row's record, shaped as the console's records are, for the conflict dialog.
      const shaped = (r: BulkRowResult): BulkRowResult => {
        if (r.ok || r.status !== 412) return r;
        const data = r.data as StaleData | undefined;
        if (!data?.record || typeof data.record !== 'object') return r;
        const stale: StaleRow = {
          current: fromApi(d, data.record as ApiRecord, registry),
          changedBy: data.changed_by,
          changedAt: data.changed_at,
        };
        return { ...r, data: { stale } };
      };
      return { ...answer, results: answer.results.map(shaped) };
    },
  };
}
