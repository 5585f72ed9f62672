import { sql } from 'kysely';
import type { DynamicDb, Row } from '../db/database';
import type { Link, ResourceDescriptor } from '../../resources';

/**
 * The join-table rows a descriptor declares as its links (resources/types.ts `Link`), read and
 * written inside the record's own write transaction by the one service: a menu's groups, a
 * group's menus and a user's own grants change with a version step and a trail entry like any
 * field, and a second writer waits for the first (the record's row lock).
 */

/** A body's wish for one link: a whole new set (id -> flag), or some entries (null removes one). */
export type LinkChange = { replace: ReadonlyMap<number, number> } | { put: ReadonlyMap<number, number | null> };

/**
 * A link's state as the trail keeps it beside the record's fields, in the form a body sends to
 * put it back (restore, undelete): sorted ids, or `{ id: flag }` where the link has a flag.
 */
export type LinkState = number[] | Record<string, number>;

const MAX_ID = 2_147_483_647;
const isId = (v: number) => Number.isSafeInteger(v) && v >= 1 && v <= MAX_ID;

const idOf = (key: string | number): number => (typeof key === 'number' ? key : /^[0-9]{1,10}$/.test(key) ? Number(key) : NaN);

/** A flag as sent: 1 or 0 (true/false and "1"/"0" alike), null or absent as removal where allowed. */
function flagOf(v: unknown, removable: boolean): number | null | undefined {
  if (v === 1 || v === true || v === '1') return 1;
  if (v === 0 || v === false || v === '0') return 0;
  if (removable && v === null) return null;
  return undefined;
}

/** One link's value as sent, or the message saying what is wrong with it. */
function changeOf(link: Link, raw: unknown): LinkChange | string {
  let value = raw;
  // Multipart bodies carry the value as JSON text.
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return 'must be a list of ids (JSON)';
    }
  }
  if (Array.isArray(value)) {
    if (link.flag) return 'must name each id with its flag ({"id": 1 or 0})';
    const ids = value.map((v) => (typeof v === 'number' || typeof v === 'string' ? idOf(v) : NaN));
    if (ids.some((id) => !isId(id))) return 'must be a list of whole numbers from 1';
    return { replace: new Map(ids.map((id) => [id, 1])) };
  }
  if (typeof value !== 'object' || value === null) return 'must be a list of ids';
  const asked = value as Record<string, unknown>;
  const put = Object.prototype.hasOwnProperty.call(asked, 'put');
  const entries = put ? asked.put : asked;
  if (typeof entries !== 'object' || entries === null || Array.isArray(entries)) return 'must map ids to 1 or 0';
  if (!put && !link.flag) return 'must be a list of ids';
  const out = new Map<number, number | null>();
  for (const [key, v] of Object.entries(entries as Record<string, unknown>)) {
    const id = idOf(key);
    const flag = flagOf(v, put);
    if (!isId(id) || flag === undefined) return put ? 'must map ids to 1, 0 or null' : 'must map ids to 1 or 0';
    // A link without a flag: 0 is its absence.
    out.set(id, !link.flag && flag === 0 ? null : flag);
  }
  if (put) return { put: out };
  return { replace: new Map([...out].filter((e): e is [number, number] => e[1] !== null)) };
}

/** The links a body names, by link name; a malformed value adds its message to `errors`. */
export function linkChangesOf(
  d: ResourceDescriptor,
  fields: Record<string, unknown>,
  errors: Record<string, string>,
): Map<string, LinkChange> {
  const out = new Map<string, LinkChange>();
  for (const link of d.links ?? []) {
    if (!Object.prototype.hasOwnProperty.call(fields, link.name) || fields[link.name] === undefined) continue;
    const change = changeOf(link, fields[link.name]);
    if (typeof change === 'string') errors[link.name] = change;
    else out.set(link.name, change);
  }
  return out;
}

/** The ids a change names (to check they exist). */
export const idsOf = (change: LinkChange): number[] =>
  'replace' in change ? [...change.replace.keys()] : [...change.put].filter(([, v]) => v !== null).map(([id]) => id);

/** The ids of `target` among `ids` that name no record. */
export async function unknownIds(db: DynamicDb, target: ResourceDescriptor, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const found = await db
    .selectFrom(target.table)
    .select(sql.ref(target.idField).as('id'))
    .where(sql.ref(target.idField), 'in', [...new Set(ids)])
    .execute();
  const known = new Set(found.map((r) => Number(r.id)));
  return [...new Set(ids)].filter((id) => !known.has(id)).sort((a, b) => a - b);
}

/** A link's entries now: id -> flag (1 where the link has no flag). */
async function entriesOf(db: DynamicDb, link: Link, owner: number): Promise<Map<number, number>> {
  const columns = [sql.ref(link.value).as('id'), ...(link.flag ? [sql.ref(link.flag).as('flag')] : [])];
  const rows = await db.selectFrom(link.table).select(columns).where(sql.ref(link.owner), '=', owner).execute();
  return new Map(rows.map((r) => [Number(r.id), link.flag ? (Number(r.flag) === 1 ? 1 : 0) : 1]));
}

const stateOf = (link: Link, entries: ReadonlyMap<number, number>): LinkState => {
  const ids = [...entries.keys()].sort((a, b) => a - b);
  return link.flag ? Object.fromEntries(ids.map((id) => [String(id), entries.get(id) ?? 0])) : ids;
};

/** Every link's state of one record, by link name, as the trail keeps it. */
export async function linkStates(db: DynamicDb, d: ResourceDescriptor, owner: number): Promise<Row> {
  const out: Row = {};
  for (const link of d.links ?? []) out[link.name] = stateOf(link, await entriesOf(db, link, owner));
  return out;
}

/**
 * Writes the changes of one record's links in `tdb` (the record's write transaction). Answers
 * their states before and after, and the linked records whose links changed, by target.
 */
export async function writeLinks(
  tdb: DynamicDb,
  d: ResourceDescriptor,
  owner: number,
  changes: ReadonlyMap<string, LinkChange>,
): Promise<{ before: Row; after: Row; touched: Map<string, number[]> }> {
  const before: Row = {};
  const after: Row = {};
  const touched = new Map<string, number[]>();
  for (const link of d.links ?? []) {
    const now = await entriesOf(tdb, link, owner);
    before[link.name] = stateOf(link, now);
    const change = changes.get(link.name);
    if (!change) {
      after[link.name] = before[link.name];
      continue;
    }
    const next = new Map(now);
    if ('replace' in change) {
      next.clear();
      for (const [id, flag] of change.replace) next.set(id, flag);
    } else {
      for (const [id, flag] of change.put) {
        if (flag === null) next.delete(id);
        else next.set(id, flag);
      }
    }
    const gone = [...now.keys()].filter((id) => next.get(id) !== now.get(id));
    const come = [...next].filter(([id, flag]) => now.get(id) !== flag);
    if (gone.length) {
      await tdb.deleteFrom(link.table).where(sql.ref(link.owner), '=', owner).where(sql.ref(link.value), 'in', gone).execute();
    }
    if (come.length) {
      await tdb
        .insertInto(link.table)
        .values(come.map(([id, flag]) => ({ [link.owner]: owner, [link.value]: id, ...(link.flag && { [link.flag]: flag }) })))
        .execute();
    }
    after[link.name] = stateOf(link, next);
    const moved = [...new Set([...gone, ...come.map(([id]) => id)])];
    if (moved.length) touched.set(link.target, [...(touched.get(link.target) ?? []), ...moved]);
  }
  return { before, after, touched };
}

/**
 * Removes the links of a record being deleted, in its delete's transaction: its own (answered
 * for the trail) and the links of other records that name it (those records are answered, by
 * resource, so their versions step).
 */
export async function dropLinks(
  tdb: DynamicDb,
  d: ResourceDescriptor,
  id: number,
  all: readonly ResourceDescriptor[],
): Promise<{ before: Row; touched: Map<string, number[]> }> {
  const touched = new Map<string, number[]>();
  // Read first: another record's link may be the same rows seen from the other side.
  const before = await linkStates(tdb, d, id);
  for (const other of all) {
    for (const link of other.links ?? []) {
      if (link.target !== d.name) continue;
      const owners = await tdb.selectFrom(link.table).select(sql.ref(link.owner).as('owner')).where(sql.ref(link.value), '=', id).execute();
      if (!owners.length) continue;
      await tdb.deleteFrom(link.table).where(sql.ref(link.value), '=', id).execute();
      touched.set(other.name, [...(touched.get(other.name) ?? []), ...owners.map((o) => Number(o.owner))]);
    }
  }
  for (const link of d.links ?? []) await tdb.deleteFrom(link.table).where(sql.ref(link.owner), '=', id).execute();
  return { before, touched };
}

/** Steps the version of records whose links another record's write changed (a group's save moves its menus). */
export async function touch(tdb: DynamicDb, target: ResourceDescriptor, ids: readonly number[], at: string): Promise<void> {
  if (!ids.length) return;
  await tdb
    .updateTable(target.table)
    .set({ updated_at: at })
    .where(sql.ref(target.idField), 'in', [...new Set(ids)])
    .execute();
}
