import type { Expression, SqlBool } from 'kysely';
import type { DynamicDb } from '../../db/database';
import type { WriteGeneration } from '../../db/write-generation';
import type { ResourceDescriptor } from '../../../resources';
import type { ListQuery } from '../list-query';
import { answerCache } from '../answer-cache';
import type { ListSql } from './list-sql';
import { inOrderOf, type RowShaper } from './shape';

/**
 * From its second ask, a search's ordered matches are kept (until the table is next written) when
 * there are at most this many: paging through them, or asking again, then reads only the page's
 * rows. Measured at scale: the match itself is what a search at a million rows spends its
 * time on. The first ask reads only its page and total: most terms are asked once.
 */
export const MAX_KEPT_MATCHES = 10_000;

/** What a list's answer depends on besides the page: the same key is the same set of rows. */
export const answerKey = (d: ResourceDescriptor, q: ListQuery) =>
  JSON.stringify([d.name, q.status ?? null, q.filters, q.ids ?? null, q.search ?? null, q.sort, q.order, q.ruled?.key ?? null]);

export interface KeptAnswerReads {
  sqlOf: ListSql;
  /** Where a kept answer's page is read: the main connection (reader-threads.ts). */
  main: DynamicDb;
  shape: RowShaper;
}

/**
 * Answers worked out from a whole table, kept between requests until the table changes: lists'
 * totals and searches' ordered matches, keyed by `answerKey` and by the table's write generation
 * (server/db/write-generation.ts). Without `generation` nothing is kept.
 */
export function keptAnswers(generation: WriteGeneration | undefined, { sqlOf, main, shape }: KeptAnswerReads) {
  const totals = answerCache<number>(500);
  const matchLists = answerCache<readonly number[]>(100);

  /**
   * PostgreSQL (`generation.column`): a kept answer is checked by the statement that reads its
   * page, which reads the table's generation too, in the same snapshot. A hit then costs one round
   * trip instead of two. Kept ordered matches give the page's ids; a kept total goes with the
   * list's page. Undefined when nothing is kept, the page is past the kept matches, or the table
   * has changed since: the usual way then (which reads the generation again, before its answer).
   * Exact: a kept answer was worked out after its generation was read, so if a write had
   * committed in between, every later snapshot would show a newer generation.
   */
  async function checked(d: ResourceDescriptor, q: ListQuery, where: Expression<SqlBool>[], key: string, search: boolean) {
    const column = generation?.column;
    if (!column) return undefined;
    const current = column(d.table).as('__gen');
    if (search) {
      const kept = matchLists.peek(key);
      const offset = (q.page - 1) * q.limit;
      const ids = kept?.value.slice(offset, offset + q.limit) ?? [];
      if (!kept || !ids.length) return undefined;
      const rows = await sqlOf.byIds(main, d, ids).select(current).execute();
      if (String(rows[0]?.__gen) !== kept.generation) return undefined;
      return { rows: inOrderOf((x, r) => shape(x, r, q.ruled), d, ids, rows), total: kept.value.length };
    }
    const kept = totals.peek(key);
    if (!kept) return undefined;
    const rows = await sqlOf.page(main, d, q, where).select(current).execute();
    if (String(rows[0]?.__gen) !== kept.generation) return undefined;
    return { rows: rows.map((r) => shape(d, r, q.ruled)), total: kept.value };
  }

  return {
    totals,
    matchLists,
    checked,
    /** The table's write generation now; undefined when nothing is kept. */
    generationOf: async (table: string) => (generation ? await generation(table) : undefined),
  };
}
