import type { Row } from '../../db/database';
import type { ResourceDescriptor } from '../../../resources';
import { canonicalJson } from './chain';

/** A field's change: its value before and after; a secret's only that it changed. */
export type FieldChange = { before?: unknown; after?: unknown } | { changed: true };
export type FieldChanges = Record<string, FieldChange>;

/** Columns every write touches; their change says nothing a reader needs. */
const BOOKKEEPING = new Set(['created_at', 'updated_at']);

// An empty link (no groups, no own grants) is as empty as a blank field.
const isEmpty = (v: unknown) =>
  v === null || v === undefined || v === '' || (Array.isArray(v) && !v.length) || (typeof v === 'object' && !Object.keys(v).length);
// Most fields of an update are unchanged and plain values: those compare without serialising.
const same = (a: unknown, b: unknown) => a === b || canonicalJson(a ?? null) === canonicalJson(b ?? null);

/**
 * The fields a change touched, before and after, as stored (rich text as written, pictures by
 * file name). A create lists the values it set, a delete the values it removed, an update what
 * differs; secret columns say "changed" and never their value.
 */
export function fieldChanges(secrets: readonly string[], idField: string, before: Row | undefined, after: Row | undefined): FieldChanges {
  const out: FieldChanges = {};
  const names = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort();
  for (const name of names) {
    if (name === idField || BOOKKEEPING.has(name)) continue;
    const b = before?.[name];
    const a = after?.[name];
    if (before && after ? same(a, b) : isEmpty(a) && isEmpty(b)) continue;
    if (secrets.includes(name)) out[name] = { changed: true };
    else if (!before) out[name] = { after: a };
    else if (!after) out[name] = { before: b };
    else out[name] = { before: b, after: a };
  }
  return out;
}

/** The record as the trail keeps it (for restore and undelete): every column but the secrets. */
export function snapshotOf(secrets: readonly string[], row: Row | undefined): Row | undefined {
  if (!row) return undefined;
  // Only read (serialised into the entry), so a record with no secrets is kept as it is, not copied.
  if (!secrets.some((k) => k in row)) return row;
  return Object.fromEntries(Object.entries(row).filter(([k]) => !secrets.includes(k)));
}

export const descriptorChanges = (d: ResourceDescriptor, before: Row | undefined, after: Row | undefined) =>
  fieldChanges(d.secretColumns ?? [], d.idField, before, after);

export const descriptorSnapshot = (d: ResourceDescriptor, row: Row | undefined) => snapshotOf(d.secretColumns ?? [], row);

/** Slugs granted and withdrawn between two sets of permissions. */
export function slugChanges(before: Iterable<string>, after: Iterable<string>): { granted: string[]; withdrawn: string[] } {
  const b = new Set(before);
  const a = new Set(after);
  return { granted: [...a].filter((s) => !b.has(s)).sort(), withdrawn: [...b].filter((s) => !a.has(s)).sort() };
}
