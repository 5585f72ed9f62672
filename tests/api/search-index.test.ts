import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { registry } from '../../resources';
import { ftsTable, searchExpression } from '../../server/db/search-index';
import { startServer, type TestServer } from './harness';

/** `search` must be answerable from an index, not by reading the whole table. */
describe('search indexes', () => {
  const medicine = registry.get('medicine');

  describe('on SQLite', () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startServer('sqlite');
    });
    afterAll(() => s?.close());

    it('the list query searches through the FTS5 trigram table', () => {
      const fts = ftsTable(medicine);
      const plan = s.app.ctx.conn
        .sqlite!.prepare(
          `EXPLAIN QUERY PLAN SELECT count(*) FROM medicine t WHERE t.medicine_id IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ?)`,
        )
        .all('"amox"') as { detail: string }[];
      expect(plan.map((p) => p.detail).join('\n')).toMatch(new RegExp(`VIRTUAL TABLE INDEX .*${fts}|SCAN ${fts} VIRTUAL TABLE INDEX`));
      expect(plan.map((p) => p.detail).join('\n')).not.toMatch(/SCAN t\b(?! USING)/);
    });
  });

  describe('on PostgreSQL', () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startServer('postgres');
    });
    afterAll(() => s?.close());

    it('the list query can use the pg_trgm index on the search expression', async () => {
      const plan = await s.app.ctx.conn.db.connection().execute(async (c) => {
        // Few rows here: forbid the sequential scan to prove the index matches the query's expression.
        await sql`SET enable_seqscan = off`.execute(c);
        const r = await sql<{
          'QUERY PLAN': string;
        }>`EXPLAIN SELECT count(*) FROM medicine t WHERE (${searchExpression(medicine, 't')}) ilike ${'%amox%'} escape '\\'`.execute(c);
        await sql`RESET enable_seqscan`.execute(c);
        return r.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan).toMatch(/Bitmap Index Scan on medicine_search_/);
    });
  });
});
