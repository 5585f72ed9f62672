import type { Row } from '../db/database';
import { ApiError } from '../http/envelope';

/**
 * A record's version is the time of its last write (`updated_at`, UTC to the millisecond), which
 * every read already answers: no column to add, and a client that never asks keeps working. The
 * write path makes it strictly increase per record (`nextVersion`), so two writes in the same
 * millisecond still leave two versions.
 */
export const versionOf = (row: Row): string => (typeof row.updated_at === 'string' ? row.updated_at : '');

/** The time to store: now, or one millisecond after the stored version if the clock has not moved past it. */
export function nextVersion(now: string, stored: unknown): string {
  if (typeof stored !== 'string' || stored < now) return now;
  const t = Date.parse(stored);
  return Number.isFinite(t) ? new Date(t + 1).toISOString() : now;
}

/** An `ETag` for a version (a strong tag: the text of the version in quotes). */
export const etagOf = (version: string): string => `"${version}"`;

/**
 * The version an `If-Match` header names (`"v"`, `W/"v"`, or the bare text), or undefined when the
 * client sent none (the spec's clients: last write wins, as before). `*` matches any version.
 */
export function expectedVersion(header: string | string[] | undefined): string | undefined {
  const raw = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!raw || raw === '*') return undefined;
  const m = /^(?:W\/)?"(.*)"$/.exec(raw);
  return m ? m[1] : raw;
}

/** Who last changed a record and when, as the audit trail knows it. */
export interface LastChange {
  user_id: number | null;
  user_name: string;
  at: string;
  action: string;
}

/** Thrown inside a write's transaction when the record moved on since the client read it. */
export class StaleVersion extends Error {}

/** Refuses a write whose expected version is not the stored one (inside the write's transaction, under its lock). */
export function assertVersion(expected: string | undefined, current: string): void {
  if (expected !== undefined && expected !== current) throw new StaleVersion();
}

/** The 412 of a stale write: the record as it is now, its version and who changed it, so the console can show both sides. */
export function staleRefusal(record: unknown, version: string, changed?: LastChange): ApiError {
  return new ApiError(412, 'This record was changed by someone else after you opened it; review their changes and save again', undefined, {
    record,
    version,
    ...(changed && {
      changed_by: { user_id: changed.user_id, user_name: changed.user_name },
      changed_at: changed.at,
      changed_action: changed.action,
    }),
  });
}
