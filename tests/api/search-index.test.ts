import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { registry, withFields } from '../../resources';
import { ftsTable, searchExpression, syncSearchIndex } from '../../server/db/search-index';
import { idOf, makeRecord } from '../fixtures/records';
import { DATABASES, startServer, type TestServer } from './harness';

/** `search` must be answerable from an index, not by reading the whole table. */
describe('search indexes', () => {
  const medicine = registry.get('medicine');
  // The same table with one searchable column fewer: what a descriptor edit between two starts does.
  const nameOnly = withFields(
    medicine,
    medicine.fields.map((f) => (f.name === 'medicine_code' ? { ...f, search: false } : f)),
  );

  describe.each(DATABASES)('when the searchable columns change (%s)', (kind) => {
    let s: TestServer;
    let category: number;
    beforeAll(async () => {
      s = await startServer(kind);
      const made = await makeRecord(s.app, 'pharmacy-category', { pharmacy_category_code: 'QZ', pharmacy_category_name: 'Syrups' });
      category = idOf(s.app, 'pharmacy-category', made);
    });
    afterAll(() => s?.close());

    const total = async (search: string) =>
      (await s.call('GET', `/api/medicine/medicine-list/?status=all&search=${encodeURIComponent(search)}`)).json<{ total: number }>().total;
    const searchIndexes = async () =>
      (
        await sql<{
          indexname: string;
        }>`SELECT indexname FROM pg_indexes WHERE tablename = 'medicine' AND indexname LIKE 'medicine_search_%'`.execute(s.app.ctx.conn.db)
      ).rows.map((r) => r.indexname);
    const ftsColumns = () =>
      (s.app.ctx.conn.sqlite!.prepare('SELECT name FROM pragma_table_info(?)').all(ftsTable(medicine)) as { name: string }[]).map(
        (r) => r.name,
      );

    it('the index is replaced, built from the rows already there, and kept in step with new ones', async () => {
      const created = await s.call('POST', '/api/medicine/medicine-create', {
        body: { medicine_code: 'QZX-77', medicine_name: 'Quillaia syrup', medicine_category: category },
      });
      expect(created.statusCode).toBe(201);
      const before = kind === 'postgres' ? await searchIndexes() : ftsColumns();

      await syncSearchIndex(s.app.ctx.conn, nameOnly);
      if (kind === 'postgres') {
        const after = await searchIndexes();
        expect(after).toHaveLength(1);
        expect(after).not.toEqual(before);
      } else {
        expect(ftsColumns()).toEqual(['medicine_name']);
        // The rebuilt index answers for the row written before the change, by name only.
        const fts = ftsTable(medicine);
        const match = (term: string) =>
          s.app.ctx.conn.sqlite!.prepare(`SELECT count(*) AS n FROM ${fts} WHERE ${fts} MATCH ?`).get(`"${term}"`) as { n: number };
        expect(match('Quillaia').n).toBe(1);
        expect(match('QZX-77').n).toBe(0);
      }

      await syncSearchIndex(s.app.ctx.conn, medicine);
      expect(kind === 'postgres' ? await searchIndexes() : ftsColumns()).toEqual(before);
      // Back as it was: the code and the name both find the row, and a row written now is found too.
      expect(await total('QZX-77')).toBe(1);
      expect(await total('Quillaia')).toBe(1);
      await s.call('POST', '/api/medicine/medicine-create', {
        body: { medicine_code: 'QZX-78', medicine_name: 'Quillaia drops', medicine_category: category },
      });
      expect(await total('Quillaia')).toBe(2);
    });
  });

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
