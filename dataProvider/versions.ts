import { HttpError, type RaRecord } from 'react-admin';

/**
 * Version-checked saves, the console's side: every update and delete carries the version the
 * console read (`If-Match`), and a 412 (someone else saved in between) becomes a VersionConflict
 * holding the record as it is now and who changed it, for the conflict dialog.
 */

/** A record's version as the server answers it: `updated_at`, or `version` where a record has no such column (menus). */
export function versionOf(record: unknown): string | undefined {
  if (!record || typeof record !== 'object') return undefined;
  const r = record as { updated_at?: unknown; version?: unknown };
  const v = r.version ?? r.updated_at;
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** The `If-Match` header for a record read earlier; none when it carries no version (last write wins). */
export function ifMatch(record: unknown): Record<string, string> {
  const v = versionOf(record);
  return v === undefined ? {} : { 'If-Match': `"${v}"` };
}

export interface ChangedBy {
  user_id: number | null;
  user_name: string;
}

/** A save refused because the record changed since it was read. */
export class VersionConflict extends HttpError {
  constructor(
    cause: HttpError,
    /** The record as it is now, as the console's records are shaped. */
    readonly current: RaRecord,
    readonly changedBy?: ChangedBy,
    readonly changedAt?: string,
  ) {
    super(cause.message, cause.status, cause.body);
    // react-admin's HttpError sets its own prototype, which would hide this class from instanceof.
    Object.setPrototypeOf(this, VersionConflict.prototype);
    this.name = 'VersionConflict';
  }
}

interface ConflictBody {
  data?: { record?: unknown; changed_by?: ChangedBy; changed_at?: string } | null;
}

/**
 * Turns a 412 into a VersionConflict (`shape` makes the answered record a console record);
 * anything else is thrown as it came.
 */
export function asConflict(error: unknown, shape: (raw: Record<string, unknown>) => RaRecord): never {
  if (error instanceof HttpError && error.status === 412) {
    const data = (error.body as ConflictBody | undefined)?.data;
    if (data?.record && typeof data.record === 'object') {
      throw new VersionConflict(error, shape(data.record as Record<string, unknown>), data.changed_by, data.changed_at);
    }
  }
  throw error;
}

export const isConflict = (error: unknown): error is VersionConflict => error instanceof VersionConflict;

/**
 * Versions this console wrote itself: a socket event about one's own save is no news to show.
 * Bounded, as only the latest saves can still be in flight.
 */
const own: string[] = [];
export function rememberOwnVersion(record: unknown): void {
  const v = versionOf(record);
  if (v === undefined) return;
  own.push(v);
  if (own.length > 200) own.shift();
}
export const isOwnVersion = (version: string | undefined): boolean => version !== undefined && own.includes(version);
