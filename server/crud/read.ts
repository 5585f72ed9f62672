import { sql, type CompiledQuery, type Expression, type SqlBool } from 'kysely';
import type { Db, Dialect, Row } from '../db/database';
import { searchFields } from '../db/search-index';
import type { Registry, ResourceDescriptor } from '../../resources';
import type { ListQuery } from './list-query';
import type { CompiledRunner } from '../db/compiled';
import type { WriteGeneration } from '../db/write-generation';
import { listConditions, listSql } from './read/list-sql';
import { searchSql } from './read/search-sql';
import { countOn, readConnections } from './read/reader-threads';
import { answerKey, keptAnswers, MAX_KEPT_MATCHES } from './read/kept-answers';
import { inOrderOf, rowShaper } from './read/shape';

/** The spreadsheet export walks the same rows as a list: it takes its conditions from here. */
export { listConditions };

/**
 * Reads of descriptor tables, put together from their parts in read/: the SQL of a list
 * (list-sql.ts) and of a search (search-sql.ts), the answers kept between requests
 * (kept-answers.ts), where each read runs (reader-threads.ts), and the rows as the API answers
 * them (shape.ts).
 */
export interface Reader {
  list(d: ResourceDescriptor, q: ListQuery): Promise<{ rows: Row[]; total: number }>;
  /**
   * At once (no promise) on SQLite, whose reads are synchronous; a promise on PostgreSQL.
   * `rules`: the actor's row rules tested on the stored row (undefined when it fails them, as when
   * it is missing) and their hidden fields left out of the answer (record-rules.ts).
   */
  get(d: ResourceDescriptor, id: number, rules?: ReadRules): Row | undefined | Promise<Row | undefined>;
}

/** What a read by id checks and leaves out for an actor with rules (see `Reader.get`). */
export interface ReadRules {
  admits?: (stored: Row) => boolean;
  hidden?: ReadonlySet<string>;
}

/**
 * `generation` (optional): the tables' write generations; with it, totals and search matches are
 * kept between requests until their table changes.
 * `answers` (default `db`): where a search's total and matches are worked out (reader-threads.ts).
 */
export function createReader(
  db: Db,
  dialect: Dialect,
  registry: Registry,
  run: CompiledRunner,
  generation?: WriteGeneration,
  answers: Db = db,
): Reader {
  const connections = readConnections(db, answers);
  const { main } = connections;
  const sqlOf = listSql(registry);
  const searches = searchSql(dialect, sqlOf, connections);
  const shape = rowShaper(registry);
  const kept = keptAnswers(generation, { sqlOf, main, shape });
  const byId = new Map<string, CompiledQuery<Row>>();

  /** The rows of `ids`, in that order, with their references. */
  async function rowsByIds(d: ResourceDescriptor, ids: readonly number[], ruled: ListQuery['ruled']): Promise<Row[]> {
    return ids.length ? inOrderOf((x, r) => shape(x, r, ruled), d, ids, await sqlOf.byIds(main, d, ids).execute()) : [];
  }

  /** A search page straight from the FTS index, its rows read by id. */
  async function ftsFound(d: ResourceDescriptor, q: ListQuery, search: string, knownTotal?: number) {
    const page = await searches.ftsPage(d, q, search, knownTotal);
    return { rows: await rowsByIds(d, page.ids, q.ruled), total: page.total };
  }

  /** A search page and its total from one query over the matches (undefined total: no row on the page). */
  async function searchFound(d: ResourceDescriptor, q: ListQuery, where: Expression<SqlBool>[]) {
    const page = await searches.searchPage(d, q, where);
    return { rows: page.rows.map((r) => shape(d, r, q.ruled)), total: page.total };
  }

  /** How many rows the table holds, kept as a list's total is (the page plan of a ruled list needs it). */
  const tableKeys = new Map<string, string>();
  async function tableRows(d: ResourceDescriptor, gen: string | undefined): Promise<number> {
    let key = tableKeys.get(d.name);
    if (key === undefined) tableKeys.set(d.name, (key = answerKey(d, { page: 1, limit: 1, sort: d.idField, order: 'desc', filters: {} })));
    const known = gen === undefined ? undefined : kept.totals.get(key, gen);
    if (known !== undefined) return known;
    const n = await sqlOf.count(main, d, []);
    if (gen !== undefined) kept.totals.set(key, gen, n);
    return n;
  }

  /**
   * A ruled list's page on SQLite. Without statistics, SQLite's planner takes any equality or IN
   * on an indexed column for a few rows: a row rule such as "status in (0, 1)" that nearly every
   * row meets made it read every such row through that index and sort them all for a 50-row page
   * (15 ms at 20k rows, growing with the table), where walking the order's index and testing the
   * rule on each row stops after the page. Which way is cheaper depends on how many rows the
   * rules leave, which the total (kept, or counted first) tells exactly: walking the order visits
   * about (offset + limit) x table / total rows, reading the matches visits `total` and sorts them.
   * When walking is cheaper, the rules' conditions are marked `likely()` (a planner hint that the
   * condition is usually true, nothing else: the same rows match), and the planner walks the order.
   * PostgreSQL keeps statistics and plans this itself.
   */
  /** The rules' conditions marked likely, per rules (kept per actor and resource by their resolver). */
  const hints = new WeakMap<readonly Expression<SqlBool>[], Expression<SqlBool>[]>();
  async function ruledPage(d: ResourceDescriptor, q: ListQuery, where: Expression<SqlBool>[], total: number, gen: string | undefined) {
    const ruled = q.ruled;
    const reach = (q.page - 1) * q.limit + q.limit;
    if (!ruled || total === 0 || total * total < reach * (await tableRows(d, gen))) return sqlOf.page(main, d, q, where).execute();
    let likely = hints.get(ruled.where);
    if (!likely) hints.set(ruled.where, (likely = ruled.where.map((w) => sql<SqlBool>`likely(${w})`)));
    const hinted = listConditions(dialect, d, { ...q, ruled: { ...ruled, where: likely } });
    return sqlOf.page(main, d, q, hinted).execute();
  }

  return {
    async list(d, q) {
      const where = listConditions(dialect, d, q);
      const search = Boolean(q.search && searchFields(d).length);
      // Built only when a total is not already known.
      const count = () => sqlOf.count(countOn(connections, search), d, where);
      const key = answerKey(d, q);
      const checked = await kept.checked(d, q, where, key, search);
      if (checked) return checked;
      const gen = await kept.generationOf(d.table);
      const offset = (q.page - 1) * q.limit;
      if (search) {
        const ids = gen === undefined ? undefined : kept.matchLists.get(key, gen);
        if (ids) return { rows: await rowsByIds(d, ids.slice(offset, offset + q.limit), q.ruled), total: ids.length };
        const knownTotal = gen === undefined ? undefined : kept.totals.get(key, gen);
        if (knownTotal === undefined || knownTotal > MAX_KEPT_MATCHES) {
          // A term asked for the first time (most are: each keystroke in a search box is a new
          // term) gets only its page and its total, so only the page's ids cross to the server.
          // The total is kept and marks the term as asked: asked again (the next page, a refresh),
          // its ordered matches are read once and kept, and paging through them then reads only
          // the page's rows. A term with more matches than are kept always comes this way.
          const ftsSearch = searches.ftsOnlySearch(d, q, where);
          const found = ftsSearch ? await ftsFound(d, q, ftsSearch, knownTotal) : await searchFound(d, q, where);
          // No row on the page (no match, or a page past the end): the total needs its own count.
          const total = knownTotal ?? found.total ?? (await count());
          if (gen !== undefined && knownTotal === undefined) kept.totals.set(key, gen, total);
          return { rows: found.rows, total };
        }
        // Asked before, with few enough matches to keep (the total is of this same generation).
        const all = await searches.matchIds(d, q, where, MAX_KEPT_MATCHES + 1);
        if (gen !== undefined && all.ids.length === all.total) kept.matchLists.set(key, gen, all.ids);
        return { rows: await rowsByIds(d, all.ids.slice(offset, offset + q.limit), q.ruled), total: all.total };
      }
      const keptTotal = gen === undefined ? undefined : kept.totals.get(key, gen);
      if (dialect === 'sqlite' && q.ruled?.where.length) {
        // Row rules on SQLite: the page's plan is chosen with the total (see `ruledPage`).
        const total = keptTotal ?? (await count());
        if (gen !== undefined && keptTotal === undefined) kept.totals.set(key, gen, total);
        const rows = await ruledPage(d, q, where, total, gen);
        return { rows: rows.map((r) => shape(d, r, q.ruled)), total };
      }
      const [rows, total] = await Promise.all([sqlOf.page(main, d, q, where).execute(), keptTotal ?? count()]);
      if (gen !== undefined && keptTotal === undefined) kept.totals.set(key, gen, total);
      return { rows: rows.map((r) => shape(d, r, q.ruled)), total };
    },
    get(d, id, rules) {
      // Reads by id are the hot path: the query is built and compiled once per descriptor, and
      // only its single parameter changes. On SQLite it is read and answered at once: no promise
      // for the service or the route to wait on.
      let compiled = byId.get(d.name);
      if (!compiled) {
        compiled = sqlOf.select(main, d, [sql<SqlBool>`${sql.ref(`t.${d.idField}`)} = ${0}`]).compile();
        if (compiled.parameters.length !== 1) throw new Error(`get query of ${d.name} must have one parameter`);
        byId.set(d.name, compiled);
      }
      // The row as stored (created_by and every column the rules read are still there) is tested
      // here, before it is shaped: the read by id stays one prepared statement.
      const shaped = (row: Row | undefined) => (row && (!rules?.admits || rules.admits(row)) ? shape(d, row, rules) : undefined);
      return run.firstNow ? shaped(run.firstNow(compiled, [id])) : run(compiled, [id]).then((rows) => shaped(rows[0]));
    },
  };
}
