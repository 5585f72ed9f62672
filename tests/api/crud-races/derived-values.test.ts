import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../harness';

/**
 * A derived column (medicine profit = sales price - purchase price) must match the stored inputs
 * after any interleaving: two partial updates at once, one sending the sales price and the other
 * the purchase price, must not leave a profit worked out from a value the other just replaced.
 */
const ROUNDS = 10;

describe.each(DATABASES)('derived values under concurrent updates (%s)', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
  });
  afterAll(async () => {
    await s?.close();
  });

  const stored = async (id: number) =>
    (await s.app.ctx.conn.db
      .selectFrom('medicine' as never)
      .selectAll()
      .where('medicine_id' as never, '=', id as never)
      .executeTakeFirstOrThrow()) as Record<string, number>;

  it('keeps the profit equal to sales price minus purchase price when both prices change at once', async () => {
    const wrong: string[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const created = await s.call('POST', '/api/medicine/medicine-create', {
        body: { medicine_code: `RACE${i}`, medicine_name: 'Race', medicine_purchase_price: 10, medicine_sales_price: 20 },
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().data.medicine_id as number;
      const [a, b] = await Promise.all([
        s.call('PUT', `/api/medicine/medicine-update/${id}`, { body: { medicine_sales_price: 50 } }),
        s.call('PUT', `/api/medicine/medicine-update/${id}`, { body: { medicine_purchase_price: 5 } }),
      ]);
      expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
      const row = await stored(id);
      expect(row.medicine_sales_price).toBe(50);
      expect(row.medicine_purchase_price).toBe(5);
      if (row.medicine_sales_profit !== 45) wrong.push(`round ${i}: profit ${row.medicine_sales_profit}`);
      // What the API answers afterwards agrees with the table.
      const got = (await s.call('GET', `/api/medicine/get-medicine/${id}`)).json().data as Record<string, unknown>;
      expect(Number(got.medicine_sales_profit)).toBe(row.medicine_sales_profit);
    }
    expect(wrong, `${wrong.length}/${ROUNDS} rounds stored a stale profit`).toEqual([]);
  });

  it('keeps the profit right when the same price is changed by both requests at once', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const created = await s.call('POST', '/api/medicine/medicine-create', {
        body: { medicine_code: `SAME${i}`, medicine_name: 'Race', medicine_purchase_price: 10, medicine_sales_price: 20 },
      });
      const id = created.json().data.medicine_id as number;
      await Promise.all([
        s.call('PUT', `/api/medicine/medicine-update/${id}`, { body: { medicine_sales_price: 30, medicine_purchase_price: 1 } }),
        s.call('PUT', `/api/medicine/medicine-update/${id}`, { body: { medicine_purchase_price: 7 } }),
      ]);
      const row = await stored(id);
      expect(row.medicine_sales_profit).toBe(
        Math.round((Number(row.medicine_sales_price) - Number(row.medicine_purchase_price)) * 100) / 100,
      );
    }
  });

  it('refuses a bad price without changing the record', async () => {
    const created = await s.call('POST', '/api/medicine/medicine-create', {
      body: { medicine_code: 'BAD', medicine_name: 'Race', medicine_purchase_price: 10, medicine_sales_price: 20 },
    });
    const id = created.json().data.medicine_id as number;
    const before = await stored(id);
    const [bad, good] = await Promise.all([
      s.call('PUT', `/api/medicine/medicine-update/${id}`, { body: { medicine_sales_price: 'lots', medicine_purchase_price: 1 } }),
      s.call('PUT', `/api/medicine/medicine-update/${id}`, { body: { medicine_purchase_price: 4 } }),
    ]);
    expect(bad.statusCode).toBe(422);
    expect(good.statusCode).toBe(200);
    const row = await stored(id);
    expect(row.medicine_sales_price).toBe(before.medicine_sales_price);
    expect(row.medicine_purchase_price).toBe(4);
    expect(row.medicine_sales_profit).toBe(16);
  });
});
