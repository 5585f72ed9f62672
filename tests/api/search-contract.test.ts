import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamic, type Row } from '../../server/db/database';
import { idOf, makeRecord } from '../fixtures/records';
import { DATABASES, startServer, type TestServer } from './harness';

/**
 * A search page is the plain list filtered by the term: same rows, same order (sort column, then
 * id, in one direction), same total, on every page (also past the end), whatever the sort and
 * status. The search query is shaped differently from the plain list, for speed; this holds
 * it to the plain list's answers. Twice: as the server ships (a term's first ask reads only its page
 * and total, later asks its kept matches) and with nothing kept (every page is a first ask).
 */
const CASES = DATABASES.flatMap(
  (kind) =>
    [
      [kind, 'kept'],
      [kind, 'nothing kept'],
    ] as const,
);

describe.each(CASES)('search answers like the filtered list (%s, %s)', (kind, keeping) => {
  let s: TestServer;
  const names = ['Zetamol 5 mg tablet', 'zetamol 50 mg syrup', 'Other 5 mg', 'ZETAMOL 5 mg tablet', 'Betazeta 10 mg'];
  beforeAll(async () => {
    s = await startServer(kind, { config: { listCache: keeping === 'kept' } });
    const db = dynamic(s.app.ctx.conn.db);
    // Two categories and none: sorting by category has more than one value to order.
    const category = async (code: string, name: string) =>
      idOf(
        s.app,
        'pharmacy-category',
        await makeRecord(s.app, 'pharmacy-category', { pharmacy_category_code: code, pharmacy_category_name: name }),
      );
    const categories = [await category('ZS', 'Syrups'), await category('ZA', 'Analgesics')];
    const rows: Row[] = [];
    for (let i = 0; i < 40; i++) {
      rows.push({
        medicine_code: `ZC-${i % 7 === 0 ? 'ZETA' : 'X'}-${i}`,
        medicine_name: names[i % names.length],
        medicine_category: categories[i % 3] ?? null,
        medicine_purchase_price: (i * 7) % 5,
        medicine_sales_price: (i * 11) % 4,
        medicine_sales_profit: 0,
        medicine_description: '',
        medicine_picture: '',
        medicine_status: i % 4 === 0 ? 0 : 1,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      });
    }
    await db.insertInto('medicine').values(rows).execute();
  });
  afterAll(() => s?.close());

  const get = async (query: string) => {
    const body = (await s.call('GET', `/api/medicine/medicine-list/?${query}`)).json<{ data: Row[]; total: number }>();
    return { ids: body.data.map((r) => r.medicine_id), total: body.total, data: body.data };
  };

  it.each([
    ['medicine_id', 'desc'],
    ['medicine_id', 'asc'],
    ['medicine_name', 'asc'],
    ['medicine_name', 'desc'],
    ['medicine_sales_price', 'desc'],
    ['medicine_category', 'asc'],
  ])('sort %s %s, every status, every page', async (sort, order) => {
    for (const status of ['all', '1', '0']) {
      for (const term of ['zeta', 'Zetamol 5', 'ZC-ZETA', 'nothing-like-this']) {
        const all = await get(`status=${status}&sort=${sort}&order=${order}&limit=1000`);
        const needle = term.toLowerCase();
        const expected = all.data.filter((r) =>
          [r.medicine_code, r.medicine_name].some((v) => typeof v === 'string' && v.toLowerCase().includes(needle)),
        );
        for (let page = 1; page <= 5; page++) {
          const found = await get(`status=${status}&sort=${sort}&order=${order}&limit=7&page=${page}&search=${encodeURIComponent(term)}`);
          const want = expected.slice((page - 1) * 7, page * 7);
          expect(found.total, `${status} ${term} page ${page}`).toBe(expected.length);
          expect(found.data, `${status} ${term} page ${page}`).toEqual(want);
        }
      }
    }
  });
});
