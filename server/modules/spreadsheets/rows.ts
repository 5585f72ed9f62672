import { sql, type Expression, type SqlBool } from 'kysely';
import { dynamic, type Db, type Dialect, type Row } from '../../db/database';
import { listConditions } from '../../crud/read';
import type { ListQuery } from '../../crud/list-query';
import type { Registry, ResourceDescriptor } from '../../../resources';
import { naturalKeyOf } from '../../../resources/spreadsheets';

/** Rows read per query: small enough that memory stays flat, large enough that round trips do not dominate. */
const CHUNK = 2_000;

/** The key (code) and title (name) columns each reference is read with, as `__code_<field>` and `__ref_<field>`. */
function selectWithRefs(db: Db, registry: Registry, d: ResourceDescriptor, where: readonly Expression<SqlBool>[]) {
  let query = dynamic(db).selectFrom(`${d.table} as t`).selectAll('t');
  d.fields.forEach((f, i) => {
    if (f.kind !== 'reference') return;
    const target = registry.get(f.reference);
    const alias = `r${i}`;
    query = query
      .leftJoin(`${target.table} as ${alias}`, `${alias}.${target.idField}`, `t.${f.name}`)
      .select(sql.ref(`${alias}.${target.titleField}`).as(`__ref_${f.name}`));
    const key = naturalKeyOf(target);
    if (key) query = query.select(sql.ref(`${alias}.${key.name}`).as(`__code_${f.name}`));
  });
  for (const w of where) query = query.where(w);
  return query;
}

/**
 * Every row of a list, in the list's order (the sort column, then the id, one direction), read in
 * chunks by their last key rather than by offset, so the millionth row costs what the first did.
 * Rows whose sort value is NULL come where the database puts them in the list's ORDER BY (SQLite:
 * first ascending; PostgreSQL: first descending), read in a pass of their own.
 */
export async function* listRows(
  db: Db,
  dialect: Dialect,
  registry: Registry,
  d: ResourceDescriptor,
  q: ListQuery,
  stopped: () => boolean,
): AsyncGenerator<Row[]> {
  const where = listConditions(dialect, d, q);
  const id = sql.ref(`t.${d.idField}`);
  const sort = sql.ref(`t.${q.sort}`);
  const after = q.order === 'asc' ? sql.raw('>') : sql.raw('<');
  const base = (extra: Expression<SqlBool>[]) =>
    selectWithRefs(db, registry, d, [...where, ...extra])
      .orderBy(id, q.order)
      .limit(CHUNK);

  async function* byId(extra: Expression<SqlBool>[]) {
    let last: unknown;
    while (!stopped()) {
      const more = last === undefined ? [] : [sql<SqlBool>`${id} ${after} ${last}`];
      const rows = await base([...extra, ...more]).execute();
      if (rows.length) yield rows;
      if (rows.length < CHUNK) return;
      last = rows[rows.length - 1]?.[d.idField];
    }
  }

  if (q.sort === d.idField) {
    yield* byId([]);
    return;
  }
  async function* bySort() {
    let last: { sort: unknown; id: unknown } | undefined;
    while (!stopped()) {
      const more = last ? [sql<SqlBool>`(${sort} ${after} ${last.sort} or (${sort} = ${last.sort} and ${id} ${after} ${last.id}))`] : [];
      const rows = await selectWithRefs(db, registry, d, [...where, sql<SqlBool>`${sort} is not null`, ...more])
        .orderBy(sort, q.order)
        .orderBy(id, q.order)
        .limit(CHUNK)
        .execute();
      if (rows.length) yield rows;
      if (rows.length < CHUNK) return;
      const tail = rows[rows.length - 1] as Row;
      last = { sort: tail[q.sort], id: tail[d.idField] };
    }
  }
  const nullsFirst = dialect === 'sqlite' ? q.order === 'asc' : q.order === 'desc';
  const nulls = byId([sql<SqlBool>`${sort} is null`]);
  if (nullsFirst) yield* nulls;
  yield* bySort();
  if (!nullsFirst) yield* nulls;
}
