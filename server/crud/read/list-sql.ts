import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Dialect, DynamicDb, DynamicTables } from '../../db/database';
import { ftsTable, searchExpression, searchFields } from '../../db/search-index';
import type { Registry, ResourceDescriptor } from '../../../resources';
import type { ListQuery } from '../list-query';

/**
 * The SQL of a list: its conditions, its page, its count, the rows of given ids, each over the
 * table as `t` with its references joined. Only builders: where a query runs is the caller's
 * (reader-threads.ts), and what is kept of its answer too (kept-answers.ts).
 */

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** SQLite's trigram FTS: `search` as a quoted phrase matches as a substring in any indexed column. */
export const ftsMatch = (d: ResourceDescriptor, search: string) =>
  sql<SqlBool>`${sql.id(ftsTable(d))} match ${`"${search.replace(/"/g, '""')}"`}`;

/**
 * A list's conditions over `t` (status, filters, ids, search), exactly as the list reads them: the
 * spreadsheet export walks the same rows.
 */
export function listConditions(dialect: Dialect, d: ResourceDescriptor, q: Partial<ListQuery>): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [];
  const col = (name: string) => sql.ref(`t.${name}`);
  if (q.status !== undefined && d.statusField) where.push(sql<SqlBool>`${col(d.statusField)} = ${q.status}`);
  for (const [name, value] of Object.entries(q.filters ?? {})) where.push(sql<SqlBool>`${col(name)} = ${value}`);
  if (q.ids) where.push(q.ids.length ? sql<SqlBool>`${col(d.idField)} in (${sql.join(q.ids)})` : sql<SqlBool>`1 = 0`);
  if (q.ruled) where.push(...q.ruled.where);
  const fields = searchFields(d);
  const search = q.search;
  // Some searchable field is hidden from the actor: the visible ones only, never the index of them all.
  const searchable = q.ruled?.searchable;
  if (search && fields.length && searchable) {
    const ors = searchable.map((f) => sql`${col(f)} ${sql.raw(dialect === 'postgres' ? 'ilike' : 'like')} ${like(search)} escape '\\'`);
    where.push(ors.length ? sql<SqlBool>`(${sql.join(ors, sql` or `)})` : sql<SqlBool>`1 = 0`);
  } else if (search && fields.length) {
    if (dialect === 'sqlite' && Array.from(search).length >= 3) {
      where.push(sql<SqlBool>`${col(d.idField)} in (select rowid from ${sql.id(ftsTable(d))} where ${ftsMatch(d, search)})`);
    } else if (dialect === 'postgres') {
      where.push(sql<SqlBool>`(${searchExpression(d, 't')}) ilike ${like(search)} escape '\\'`);
    } else {
      const ors = fields.map((f) => sql`${col(f)} like ${like(search)} escape '\\'`);
      where.push(sql<SqlBool>`(${sql.join(ors, sql` or `)})`);
    }
  }
  return where;
}

/** The query builders of a list over the registry's descriptors, each on the connection it is given. */
export function listSql(registry: Registry) {
  /** Adds each reference's embedded columns (a left join on the target's id) to a query over `t`. */
  function withRefs(d: ResourceDescriptor, from: SelectQueryBuilder<DynamicTables, string, object>) {
    let query = from.selectAll('t');
    d.fields.forEach((f, i) => {
      if (f.kind !== 'reference') return;
      const target = registry.get(f.reference);
      const alias = `r${i}`;
      query = query
        .leftJoin(`${target.table} as ${alias}`, `${alias}.${target.idField}`, `t.${f.name}`)
        .select(sql.ref(`${alias}.${target.titleField}`).as(`__ref_${f.name}`));
      if (target.codeField) query = query.select(sql.ref(`${alias}.${target.codeField}`).as(`__code_${f.name}`));
    });
    return query;
  }

  /** The rows matching `where`, with their references. */
  function select(db: DynamicDb, d: ResourceDescriptor, where: Expression<SqlBool>[]) {
    let query = withRefs(d, db.selectFrom(`${d.table} as t`));
    for (const w of where) query = query.where(w);
    return query;
  }

  return {
    withRefs,
    select,
    /** The rows of `ids`, with their references, in no particular order. */
    byIds: (db: DynamicDb, d: ResourceDescriptor, ids: readonly number[]) =>
      select(db, d, [sql<SqlBool>`${sql.ref(`t.${d.idField}`)} in (${sql.join(ids)})`]),
    /** A list's page: its conditions, its order (the sort column, then the id), its page. */
    page: (db: DynamicDb, d: ResourceDescriptor, q: ListQuery, where: Expression<SqlBool>[]) =>
      select(db, d, where)
        .orderBy(sql.ref(`t.${q.sort}`), q.order)
        .orderBy(sql.ref(`t.${d.idField}`), q.order)
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
    /** How many rows match `where`. */
    count: async (db: DynamicDb, d: ResourceDescriptor, where: Expression<SqlBool>[]) => {
      let countQuery = db.selectFrom(`${d.table} as t`).select(sql<number>`count(*)`.as('total'));
      for (const w of where) countQuery = countQuery.where(w);
      return (await countQuery.executeTakeFirstOrThrow()).total;
    },
  };
}

export type ListSql = ReturnType<typeof listSql>;
