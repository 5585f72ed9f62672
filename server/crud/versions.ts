import type { Row } from '../db/database';

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
