import { apiEntity, permissionSlug } from './paths';
import type { ResourceDescriptor } from './types';

/**
 * Bulk actions on a list's selected rows, derived from the descriptor like the contract's routes.
 * Not part of the contract: one extra route per resource, `POST /{prefix}/{entity}-bulk`, whose
 * `-bulk` ending no contract path has. Each row goes through the single-row write path and needs
 * the single-row action's permission: activate and deactivate need update, delete needs delete.
 */
export const BULK_ACTIONS = ['activate', 'deactivate', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** At most this many rows in one request (a list page holds at most 100). */
export const MAX_BULK_IDS = 1000;

/**
 * The answer for one row: done, or refused with the status and message its own request would have
 * had; a row refused as stale (412: changed since the version the client sent) carries what its own
 * request's refusal carries in `data`: the record as it is now, its version, who changed it and when.
 */
export type BulkRowResult = { id: number; ok: true } | { id: number; ok: false; status: number; message: string; data?: unknown };

/**
 * Optional, beside `ids`: the version each row was read at (id → version, as `If-Match` names it).
 * A row whose stored version differs is refused with 412 and left as it is; the other rows go
 * ahead. Rows without a version (and clients that send none) keep last-write-wins.
 */
export type BulkVersions = Record<string, string>;

export interface BulkAnswer {
  done: number;
  refused: number;
  results: BulkRowResult[];
}

export function bulkPath(d: ResourceDescriptor): string {
  return `/${d.api.prefix}/${apiEntity(d)}-bulk`;
}

/** The bulk actions a resource offers: status changes need a status field; a singleton has none. */
export function bulkActionsOf(d: ResourceDescriptor): readonly BulkAction[] {
  if (d.singleton) return [];
  return d.statusField ? BULK_ACTIONS : ['delete'];
}

/** The permission a bulk action needs on every row: the single-row action's. */
export function bulkSlug(d: ResourceDescriptor, action: BulkAction): string {
  return permissionSlug(d, action === 'delete' ? 'delete' : 'update');
}
