import type { ResourceDescriptor } from '../../resources';
import type { Row } from '../db/database';

/**
 * A form's select reads its choices through the list route (spec 000: "status=1 and empty search
 * for selects"), and the records it already names by id (`ids=`, the form's current values).
 * Someone who may write a record that references a resource may make that read without the
 * resource's list permission (`lookupSlugs`); nothing else, no search (a search would reach
 * columns a select never shows, a user's phone or e-mail).
 */
export function isLookupQuery(query: Readonly<Record<string, unknown>>): boolean {
  const given = (key: string) => typeof query[key] === 'string' && query[key].trim() !== '';
  if (given('search') || given('q')) return false;
  return query.status === '1' || given('ids');
}

/** What a select shows of a record, and all a lookup answers: its id, code, title and status. */
export function lookupView(d: ResourceDescriptor, rows: readonly Row[]): Row[] {
  const keys = [d.idField, d.codeField, d.titleField, d.statusField].filter((k): k is string => Boolean(k));
  return rows.map((row) => Object.fromEntries(keys.filter((k) => k in row).map((k) => [k, row[k]])));
}
