import type { Expression, SqlBool } from 'kysely';
import type { DynamicDb, Row } from '../db/database';
import type { ResourceDescriptor } from '../../resources';
import type { AuthUser } from '../auth/auth-user';
import type { WriteBody } from './body';
import type { ListQuery, RuledQuery } from './list-query';
import { ApiError } from '../http/envelope';

/**
 * Field and row rules (issue 47) as the one read and write path applies them: the service asks a
 * `RecordRules` (declared once by server/modules/field-rules and adopted when the app is built)
 * what holds for an actor on a resource, and this file applies the answer to a list query, a
 * row read, a write body. What the rules are and where they come from is the module's business;
 * how they hold on every channel is this file's, so no caller can forget one.
 */

export type FieldLevel = 'hidden' | 'read-only' | 'editable';

/** The rules that hold for one actor on one resource, worked out once per request at most. */
export interface AppliedRules {
  /** Identity of the rows' filter and the searchable fields: answers kept between requests are kept per key. */
  key: string;
  hidden: ReadonlySet<string>;
  readOnly: ReadonlySet<string>;
  /** The row rules as conditions over the list's table alias `t` (none: every row). */
  where: readonly Expression<SqlBool>[];
  /** The same row rules on one stored row, for a write's record before and after (no SQL to run). */
  admits(row: Row): boolean;
}

/**
 * What the service asks. Answers at once (no promise) when the actor's rules are already known, so
 * the read by id stays synchronous on SQLite; undefined when no rule concerns the actor here.
 */
export interface RecordRules {
  /**
   * `within`: the caller's open transaction. Rules not yet known are read through it: on SQLite the
   * transaction holds the one connection, and a read outside it would wait for it forever.
   */
  of(d: ResourceDescriptor, actor: AuthUser, within?: DynamicDb): AppliedRules | undefined | Promise<AppliedRules | undefined>;
}

const hiddenRefusal = (what: 'filter by' | 'sort by' | 'export', field: string) =>
  new ApiError(403, `You may not ${what} ${field}: it is hidden from you`, { [field]: 'is hidden from you' });

/** Whether any rule concerns the resource at all (an actor with none pays nothing). */
const empty = (r: AppliedRules) => !r.hidden.size && !r.readOnly.size && !r.where.length;

/** The list query under the rules: filters and sorting on a hidden field refused (they would reveal it). */
export function ruledQuery(
  d: ResourceDescriptor,
  q: ListQuery,
  rules: AppliedRules | undefined,
  searchFields: readonly string[],
): ListQuery {
  if (!rules || empty(rules)) return q;
  for (const name of Object.keys(q.filters)) if (rules.hidden.has(name)) throw hiddenRefusal('filter by', name);
  if (rules.hidden.has(q.sort)) throw hiddenRefusal('sort by', q.sort);
  const hiddenSearch = searchFields.some((f) => rules.hidden.has(f));
  const ruled: RuledQuery = {
    key: rules.key,
    where: rules.where,
    ...(rules.hidden.size && { hidden: rules.hidden }),
    ...(hiddenSearch && { searchable: searchFields.filter((f) => !rules.hidden.has(f)) }),
  };
  return { ...q, ruled };
}

/** The export's columns under the rules: one the actor may not see is refused, as its filter would be. */
export function visibleColumns<F extends { name: string }>(columns: readonly F[], rules: AppliedRules | undefined, asked: boolean): F[] {
  if (!rules?.hidden.size) return [...columns];
  if (asked) for (const f of columns) if (rules.hidden.has(f.name)) throw hiddenRefusal('export', f.name);
  return columns.filter((f) => !rules.hidden.has(f.name));
}

/** The names a hidden field answers under: its column and, for a reference, its embedded object. */
function answerKeys(d: ResourceDescriptor, hidden: ReadonlySet<string>): string[] {
  return d.fields.flatMap((f) => (!hidden.has(f.name) ? [] : f.kind === 'reference' ? [f.name, f.embedAs] : [f.name]));
}

/**
 * A row as the actor may see it: hidden fields absent (not null: absent, so an answer never says
 * even that a value is empty). A new object, as the reader's rows are (shape.ts).
 */
export function withoutHidden(d: ResourceDescriptor, rules: AppliedRules | undefined): (row: Row) => Row {
  if (!rules?.hidden.size) return (row) => row;
  const drop = new Set(answerKeys(d, rules.hidden));
  return (row) => {
    const out: Row = {};
    for (const key in row) if (!drop.has(key)) out[key] = row[key];
    return out;
  };
}

/** A stored value and a body's value are one value (`"12.5"` and 12.5, `null` and `''`). */
const plain = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '');
const sameValue = (a: unknown, b: unknown) => {
  if ((a ?? '') === (b ?? '')) return true;
  const x = plain(a);
  const y = plain(b);
  if (x === y) return typeof a !== 'object' && typeof b !== 'object';
  return x !== '' && y !== '' && Number.isFinite(Number(x)) && Number(x) === Number(y);
};

/** What a create stores for a field its body leaves out: the declared default, else nothing. */
export const declaredDefault =
  (d: ResourceDescriptor) =>
  (name: string): unknown => {
    const f = d.fields.find((x) => x.name === name);
    return f && 'default' in f ? f.default : undefined;
  };

/**
 * 403 for a write that would change a field the actor may not write, naming it. Judged on the
 * planned values, not the body as spelled: a form that sends a read-only field back unchanged is
 * not refused, a value a descriptor rule derives (profit from the prices) is the server's, not the
 * actor's. `before`: the stored record (an update), `defaults`: what a create stores for a field
 * the body leaves out.
 *
 * `chosen`: the body's values are the actor's own (a request, an import's file). A hidden field in
 * it is refused whatever its value: were a value equal to the stored one let through, the answer
 * (an update done, an import row "unchanged") would tell the actor they guessed the hidden value.
 * A body the server built from stored values (a version from the trail, an undelete, an import
 * undone) reveals nothing the actor chose, and is judged by what it changes, as read-only fields are.
 */
export function assertWritable(
  d: ResourceDescriptor,
  rules: AppliedRules | undefined,
  body: WriteBody,
  planned: Row,
  before: Row | undefined,
  defaults: (field: string) => unknown,
  chosen = true,
): void {
  if (!rules || (!rules.hidden.size && !rules.readOnly.size)) return;
  const sent = new Set([...Object.keys(body.fields), ...body.files.map((f) => f.field)]);
  for (const f of d.fields) {
    const level: FieldLevel | undefined = rules.hidden.has(f.name) ? 'hidden' : rules.readOnly.has(f.name) ? 'read-only' : undefined;
    if (!level || !sent.has(f.name)) continue;
    const was = before ? before[f.name] : defaults(f.name);
    if (!(chosen && level === 'hidden') && sameValue(planned[f.name], was)) continue;
    throw new ApiError(
      403,
      level === 'hidden' ? `You may not change ${f.name}: it is hidden from you` : `You may not change ${f.name}: it is read-only for you`,
      { [f.name]: level === 'hidden' ? 'is hidden from you' : 'is read-only for you' },
    );
  }
}

/** 403 when a write would put a record where the actor's row rules no longer reach it. */
export function assertAdmitted(rules: AppliedRules | undefined, merged: Row): void {
  if (rules?.where.length && !rules.admits(merged))
    throw new ApiError(403, 'You may only manage records your row rules allow', { record: 'is outside the records your rules allow' });
}
