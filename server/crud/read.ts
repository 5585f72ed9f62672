import { sql, type CompiledQuery, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { dynamic, type Db, type DynamicTables, type Dialect, type Row } from '../db/database';
import { ftsTable, searchExpression, searchFields } from '../db/search-index';
import type { Registry, ResourceDescriptor } from '../../resources';
import type { ListQuery } from './list-query';
import type { CompiledRunner } from '../db/compiled';
import type { WriteGeneration } from '../db/write-generation';
import { answerCache } from './answer-cache';

/**
 * Reads of descriptor tables. References come back embedded the way the spec shows them
 * (`pharmacy_category: {pharmacy_category_id, pharmacy_category_name}`); a missing reference is
 * embedded as id 0 with an empty name, as spec 000 does for missing nested objects.
 */
export interface Reader {
  list(d: ResourceDescriptor, q: ListQuery): Promise<{ rows: Row[]; total: number }>;
  get(d: ResourceDescriptor, id: number): Promise<Row | undefined>;
}

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** SQLite's trigram FTS: `search` as a quoted phrase matches as a substring in any indexed column. */
const ftsMatch = (d: ResourceDescriptor, search: string) => sql<SqlBool>`${sql.id(ftsTable(d))} match ${`"${search.replace(/"/g, '""')}"`}`;

/**
 * From its second ask, a search's ordered matches are kept (until the table is next written) when
 * there are at most this many: paging through them, or asking again, then reads only the page's
 * rows. Measured in bench/SCALE.md: the match itself is what a search at a million rows spends its
 * time on. The first ask reads only its page and total: most terms are asked once.
 */
const MAX_KEPT_MATCHES = 10_000;

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
  const fields = searchFields(d);
  const search = q.search;
  if (search && fields.length) {
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

/**
 * `generation` (optional): the tables' write generations; with it, totals and search matches are
 * kept between requests until their table changes.
 * `answers` (default `db`): where a search's total and matches are worked out, the reads that
 * cost milliseconds and answer a few numbers (SQLite: the reader threads, `db/sqlite-readers.ts`).
 * Pages and rows are read from `db`: handing 50 whole rows across threads costs more than reading
 * them (bench/SEARCH.md).
 */
export function createReader(
  db: Db,
  dialect: Dialect,
  registry: Registry,
  run: CompiledRunner,
  generation?: WriteGeneration,
  answers: Db = db,
): Reader {
  const ddb = dynamic(db);
  const adb = dynamic(answers);
  const byId = new Map<string, CompiledQuery<Row>>();
  const totals = answerCache<number>(500);
  const matchLists = answerCache<readonly number[]>(100);

  const conditions = (d: ResourceDescriptor, q: Partial<ListQuery>) => listConditions(dialect, d, q);

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

  function select(d: ResourceDescriptor, where: Expression<SqlBool>[]) {
    let query = withRefs(d, ddb.selectFrom(`${d.table} as t`));
    for (const w of where) query = query.where(w);
    return query;
  }

  /**
   * SQLite, when the search is the only condition and the order is the id (the console's default
   * search): the FTS table's rowids are the matching ids (its triggers keep it equal to the table),
   * so neither the set nor the page needs the table. The search term then, or undefined.
   */
  function ftsOnlySearch(d: ResourceDescriptor, q: ListQuery, where: Expression<SqlBool>[]): string | undefined {
    const search = q.search ?? '';
    if (dialect !== 'sqlite' || q.sort !== d.idField || Array.from(search).length < 3 || where.length !== 1) return undefined;
    return search;
  }

  /** The matching ids (and sort values) of a search, as a query over `t` or the FTS table. */
  function matchesOf(d: ResourceDescriptor, q: ListQuery, where: Expression<SqlBool>[]) {
    const id = d.idField;
    const bySort = q.sort !== id;
    let matches = adb.selectFrom(`${d.table} as t`).select(sql.ref(`t.${id}`).as('__id'));
    if (bySort) matches = matches.select(sql.ref(`t.${q.sort}`).as('__sort'));
    for (const w of where) matches = matches.where(w);
    const search = ftsOnlySearch(d, q, where);
    if (search) {
      // The table is not read for the set at all (16 ms instead of 39 ms at 1M rows, bench/SEARCH.md).
      matches = adb.selectFrom(ftsTable(d)).select(sql.ref('rowid').as('__id')).where(ftsMatch(d, search));
    }
    return { matches, bySort };
  }

  /**
   * A search page straight from the FTS index (`ftsOnlySearch`): FTS5 walks its doclists in rowid
   * order and stops after the page, so a first page costs well under a millisecond at 1M rows; only
   * the total needs every match (bench/SEARCH.md).
   */
  async function ftsPage(d: ResourceDescriptor, q: ListQuery, search: string, knownTotal?: number) {
    const fts = ftsTable(d);
    const match = ftsMatch(d, search);
    const offset = (q.page - 1) * q.limit;
    const page = await ddb
      .selectFrom(fts)
      .select(sql.ref('rowid').as('__id'))
      .where(match)
      .orderBy(sql.ref('rowid'), q.order)
      .limit(q.limit)
      .offset(offset)
      .execute();
    const count = () =>
      adb
        .selectFrom(fts)
        .select(sql<number>`count(*)`.as('n'))
        .where(match)
        .executeTakeFirstOrThrow();
    // A page that is neither full nor past the end holds the last match: its total needs no count.
    const counted = page.length === q.limit || (page.length === 0 && offset > 0);
    const total = knownTotal ?? (counted ? (await count()).n : offset + page.length);
    const ids = page.map((r) => Number(r.__id));
    return { rows: await rowsByIds(d, ids), total };
  }

  /**
   * The first `limit` matching ids in the answer's order, and how many match in all, in one query.
   * The matches are materialized before they are sorted, for the same reason as in `searchPage`
   * (PostgreSQL would otherwise walk the primary key).
   */
  async function matchIds(d: ResourceDescriptor, q: ListQuery, where: Expression<SqlBool>[], limit: number) {
    const { matches, bySort } = matchesOf(d, q, where);
    let ordered = adb
      .with(
        (cte) => cte('__m').materialized(),
        () => matches,
      )
      .selectFrom('__m')
      .select(['__id', sql<number>`(select count(*) from ${sql.table('__m')})`.as('__total')]);
    if (bySort) ordered = ordered.orderBy(sql.ref('__sort'), q.order);
    const rows = await ordered.orderBy('__id', q.order).limit(limit).execute();
    return { ids: rows.map((r) => Number(r.__id)), total: rows[0]?.__total ?? 0 };
  }

  /** The query for the rows of `ids`, with their references, in no particular order. */
  const byIds = (d: ResourceDescriptor, ids: readonly number[]) =>
    select(d, [sql<SqlBool>`${sql.ref(`t.${d.idField}`)} in (${sql.join(ids)})`]);

  /** `rows`, shaped, in the order of `ids`. */
  function inOrderOf(d: ResourceDescriptor, ids: readonly number[], rows: readonly Row[]): Row[] {
    const byKey = new Map(rows.map((r) => [Number(r[d.idField]), r]));
    return ids.flatMap((id) => {
      const row = byKey.get(id);
      return row ? [shape(d, row)] : [];
    });
  }

  /** The rows of `ids`, in that order, with their references. */
  async function rowsByIds(d: ResourceDescriptor, ids: readonly number[]): Promise<Row[]> {
    return ids.length ? inOrderOf(d, ids, await byIds(d, ids).execute()) : [];
  }

  /** A list's page query: its conditions, its order (the sort column, then the id), its page. */
  const pageOf = (d: ResourceDescriptor, q: ListQuery, where: Expression<SqlBool>[]) =>
    select(d, where)
      .orderBy(sql.ref(`t.${q.sort}`), q.order)
      .orderBy(sql.ref(`t.${d.idField}`), q.order)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);

  /**
   * PostgreSQL (`generation.column`): a kept answer is checked by the statement that reads its
   * page, which reads the table's generation too, in the same snapshot. A hit then costs one round
   * trip instead of two. Kept ordered matches give the page's ids; a kept total goes with the
   * list's page. Undefined when nothing is kept, the page is past the kept matches, or the table
   * has changed since: the usual way then (which reads the generation again, before its answer).
   * Exact: a kept answer was worked out after its generation was read, so if a write had
   * committed in between, every later snapshot would show a newer generation.
   */
  async function keptAnswer(d: ResourceDescriptor, q: ListQuery, where: Expression<SqlBool>[], key: string, search: boolean) {
    const column = generation?.column;
    if (!column) return undefined;
    const current = column(d.table).as('__gen');
    if (search) {
      const kept = matchLists.peek(key);
      const offset = (q.page - 1) * q.limit;
      const ids = kept?.value.slice(offset, offset + q.limit) ?? [];
      if (!kept || !ids.length) return undefined;
      const rows = await byIds(d, ids).select(current).execute();
      if (String(rows[0]?.__gen) !== kept.generation) return undefined;
      return { rows: inOrderOf(d, ids, rows), total: kept.value.length };
    }
    const kept = totals.peek(key);
    if (!kept) return undefined;
    const rows = await pageOf(d, q, where).select(current).execute();
    if (String(rows[0]?.__gen) !== kept.generation) return undefined;
    return { rows: rows.map((r) => shape(d, r)), total: kept.value };
  }

  /**
   * A search page and its total in one query, the matches found once: the search index is read a
   * single time into a materialized set of (id, sort value), which gives both the count and the
   * page; only the page's rows are then read in full and joined to their references. Measured in
   * bench/SEARCH.md: the separate page and count queries each ran the trigram match, and on
   * PostgreSQL the page's plan walked the primary key backwards re-testing ILIKE on every row.
   * Same rows, order (sort column, then id, one direction) and total as the plain list query.
   * Runs on `answers`: the match is most of its cost, the 50 rows it hands back a small part.
   */
  async function searchPage(d: ResourceDescriptor, q: ListQuery, where: Expression<SqlBool>[]) {
    const id = d.idField;
    const { matches, bySort } = matchesOf(d, q, where);
    let page = adb.selectFrom('__m').select('__id');
    if (bySort) page = page.select('__sort').orderBy('__sort', q.order);
    page = page
      .orderBy('__id', q.order)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    let query = withRefs(
      d,
      adb
        .with(
          (cte) => cte('__m').materialized(),
          () => matches,
        )
        .with('__p', () => page)
        .selectFrom('__p as p')
        .innerJoin(`${d.table} as t`, `t.${id}`, 'p.__id'),
    ).select(sql<number>`(select count(*) from ${sql.table('__m')})`.as('__total'));
    if (bySort) query = query.orderBy('p.__sort', q.order);
    const rows = await query.orderBy('p.__id', q.order).execute();
    return { rows: rows.map((r) => shape(d, r)), total: rows[0]?.__total };
  }

  /**
   * A new object per row (deleting keys would make every row slow to serialise). What to copy is
   * worked out once per descriptor: every read selects the table's columns and the same reference
   * columns (`withRefs`), so the columns to keep are those of the first row seen, minus the
   * helper (`__`) and secret ones.
   */
  const shapers = new Map<string, (row: Row) => Row>();
  function shaperOf(d: ResourceDescriptor): (row: Row) => Row {
    const secret = d.secretColumns ?? [];
    const refs = d.fields.flatMap((f) => {
      if (f.kind !== 'reference') return [];
      const target = registry.get(f.reference);
      return [
        {
          f,
          idKey: target.idField,
          codeKey: target.codeField,
          titleKey: target.titleField,
          code: `__code_${f.name}`,
          title: `__ref_${f.name}`,
        },
      ];
    });
    let keys: string[] | undefined;
    // Every answer's keys, in order, with no values: copying it gives each row its final shape at
    // once, instead of growing its storage key by key.
    let blank: Row | undefined;
    return (row) => {
      keys ??= Object.keys(row).filter((key) => !key.startsWith('__') && !secret.includes(key));
      blank ??= Object.fromEntries([...keys, ...refs.map((r) => r.f.embedAs)].map((key) => [key, undefined]));
      const out: Row = { ...blank };
      for (const key of keys) out[key] = row[key];
      for (const { f, idKey, codeKey, titleKey, code, title } of refs) {
        const missing = row[f.name] == null || row[f.name] === f.none;
        const embedded: Row = {};
        embedded[idKey] = missing ? 0 : row[f.name];
        if (codeKey) embedded[codeKey] = missing ? '' : (row[code] ?? '');
        embedded[titleKey] = missing ? '' : (row[title] ?? '');
        out[f.embedAs] = embedded;
      }
      return out;
    };
  }
  function shape(d: ResourceDescriptor, row: Row): Row {
    let shaper = shapers.get(d.name);
    if (!shaper) shapers.set(d.name, (shaper = shaperOf(d)));
    return shaper(row);
  }

  return {
    async list(d, q) {
      const where = conditions(d, q);
      const search = Boolean(q.search && searchFields(d).length);
      // Built only when a total is not already known. A search's count runs the match (on
      // `answers`); a plain list's count walks an index that the main connection's page cache
      // holds, several times faster there than on a reader thread (bench/READER-THREADS.md).
      const count = async () => {
        let countQuery = (search ? adb : ddb).selectFrom(`${d.table} as t`).select(sql<number>`count(*)`.as('total'));
        for (const w of where) countQuery = countQuery.where(w);
        return (await countQuery.executeTakeFirstOrThrow()).total;
      };
      // What the answer depends on besides the page: the same key is the same set of rows.
      const key = JSON.stringify([d.name, q.status ?? null, q.filters, q.ids ?? null, q.search ?? null, q.sort, q.order]);
      const checked = await keptAnswer(d, q, where, key, search);
      if (checked) return checked;
      const gen = generation ? await generation(d.table) : undefined;
      const offset = (q.page - 1) * q.limit;
      if (search) {
        const ids = gen === undefined ? undefined : matchLists.get(key, gen);
        if (ids) return { rows: await rowsByIds(d, ids.slice(offset, offset + q.limit)), total: ids.length };
        const knownTotal = gen === undefined ? undefined : totals.get(key, gen);
        if (knownTotal === undefined || knownTotal > MAX_KEPT_MATCHES) {
          // A term asked for the first time (most are: each keystroke in a search box is a new
          // term) gets only its page and its total, so only the page's ids cross to the server.
          // The total is kept and marks the term as asked: asked again (the next page, a refresh),
          // its ordered matches are read once and kept, and paging through them then reads only
          // the page's rows. A term with more matches than are kept always comes this way.
          const ftsSearch = ftsOnlySearch(d, q, where);
          const found = ftsSearch ? await ftsPage(d, q, ftsSearch, knownTotal) : await searchPage(d, q, where);
          // No row on the page (no match, or a page past the end): the total needs its own count.
          const total = knownTotal ?? found.total ?? (await count());
          if (gen !== undefined && knownTotal === undefined) totals.set(key, gen, total);
          return { rows: found.rows, total };
        }
        // Asked before, with few enough matches to keep (the total is of this same generation).
        const all = await matchIds(d, q, where, MAX_KEPT_MATCHES + 1);
        if (gen !== undefined && all.ids.length === all.total) matchLists.set(key, gen, all.ids);
        return { rows: await rowsByIds(d, all.ids.slice(offset, offset + q.limit)), total: all.total };
      }
      const kept = gen === undefined ? undefined : totals.get(key, gen);
      const [rows, total] = await Promise.all([pageOf(d, q, where).execute(), kept ?? count()]);
      if (gen !== undefined && kept === undefined) totals.set(key, gen, total);
      return { rows: rows.map((r) => shape(d, r)), total };
    },
    async get(d, id) {
      // Reads by id are the hot path: the query is built and compiled once per descriptor, and
      // only its single parameter changes. On SQLite it is read at once, without awaiting.
      let compiled = byId.get(d.name);
      if (!compiled) {
        compiled = select(d, [sql<SqlBool>`${sql.ref(`t.${d.idField}`)} = ${0}`]).compile();
        if (compiled.parameters.length !== 1) throw new Error(`get query of ${d.name} must have one parameter`);
        byId.set(d.name, compiled);
      }
      const row = run.firstNow ? run.firstNow(compiled, [id]) : (await run(compiled, [id]))[0];
      return row ? shape(d, row) : undefined;
    },
  };
}
