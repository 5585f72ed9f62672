import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../harness';
import { created, world, type World } from '../users/helpers';
import { fieldRule, MEDICINE_SLUGS, rowRule } from './helpers';

/**
 * Field and row rules (issue 47) on the one read and write path: a clerk's hidden purchase price is
 * absent from every answer and refused in writes, filters and sorting; their row rules filter
 * lists and reads in SQL; the rules' own rules (one target, known names, no duplicates).
 */
describe.each(DATABASES)('field and row rules on %s', (kind) => {
  let s: TestServer;
  let w: World;
  let clerks: number;
  let clerk: { id: number; token: string };
  let medicine: number;
  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
    w = await world(s, `fr-${kind}`);
    clerks = await w.group('CLERK', MEDICINE_SLUGS);
    clerk = await w.member('fr-clerk', w.branchA, clerks);
    medicine = (
      await created(s, '/api/medicine/medicine-create', {
        medicine_code: 'M-1',
        medicine_name: 'Paracetamol',
        medicine_purchase_price: 7,
        medicine_sales_price: 10,
      })
    ).medicine_id as number;
    await fieldRule(s, { group: clerks }, 'medicine', 'medicine_purchase_price', 'hidden');
    await fieldRule(s, { group: clerks }, 'medicine', 'medicine_sales_profit', 'hidden');
    await fieldRule(s, { group: clerks }, 'medicine', 'medicine_code', 'read-only');
  });
  afterAll(async () => {
    await s?.close();
  });

  const asClerk = (method: string, url: string, body?: unknown) => s.call(method, url, { token: clerk.token, body });

  it('answers the clerk their rules', async () => {
    const res = await asClerk('GET', '/api/access/field-rules');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 1,
      message: 'Data Found',
      data: { medicine: { hidden: ['medicine_purchase_price', 'medicine_sales_profit'], readOnly: ['medicine_code'] } },
    });
    const admin = await s.call('GET', '/api/access/field-rules');
    expect(admin.json().data).toEqual({});
  });

  it('leaves hidden fields out of lists, reads and the answers of writes', async () => {
    const list = await asClerk('GET', '/api/medicine/medicine-list/');
    expect(list.statusCode).toBe(200);
    const row = list.json().data.find((r: { medicine_id: number }) => r.medicine_id === medicine);
    expect(row.medicine_name).toBe('Paracetamol');
    expect(row).not.toHaveProperty('medicine_purchase_price');
    expect(row).not.toHaveProperty('medicine_sales_profit');
    const one = await asClerk('GET', `/api/medicine/get-medicine/${medicine}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).not.toHaveProperty('medicine_purchase_price');
    const updated = await asClerk('PUT', `/api/medicine/medicine-update/${medicine}`, { medicine_sales_price: 11 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.medicine_sales_price).toBe(11);
    expect(updated.json().data).not.toHaveProperty('medicine_purchase_price');
    // The profit is the server's, worked out from the hidden price: still right.
    const stored = await s.call('GET', `/api/medicine/get-medicine/${medicine}`);
    expect(stored.json().data.medicine_sales_profit).toBe(4);
  });

  it('hides a field computed from a hidden one with it (the profit tells the purchase price by subtraction)', async () => {
    const onlyPrice = await w.group('PRICE_ONLY', MEDICINE_SLUGS);
    const other = await w.member('fr-price-only', w.branchA, onlyPrice);
    await fieldRule(s, { group: onlyPrice }, 'medicine', 'medicine_purchase_price', 'hidden');
    const as = (url: string) => s.call('GET', url, { token: other.token });
    expect((await as('/api/access/field-rules')).json().data).toEqual({
      medicine: { hidden: ['medicine_purchase_price', 'medicine_sales_profit'], readOnly: [] },
    });
    const row = (await as('/api/medicine/medicine-list/')).json().data.find((r: { medicine_id: number }) => r.medicine_id === medicine);
    expect(row).toHaveProperty('medicine_sales_price');
    expect(row).not.toHaveProperty('medicine_sales_profit');
    expect((await as(`/api/medicine/get-medicine/${medicine}`)).json().data).not.toHaveProperty('medicine_sales_profit');
    const refused = await s.call('PUT', `/api/medicine/medicine-update/${medicine}`, {
      token: other.token,
      body: { medicine_sales_profit: 1 },
    });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message).toBe('You may not change medicine_sales_profit: it is hidden from you');
    const explained = await s.call('GET', `/api/explain/check-access?user=${other.id}&slug=medicine/get-medicine`);
    const reasons = (explained.json().data.rules as { field?: string; reason: string }[]).filter(
      (r) => r.field === 'medicine_sales_profit',
    );
    expect(reasons.map((r) => r.reason)).toEqual([
      expect.stringMatching(
        /^field medicine_sales_profit is hidden because it is computed from medicine_purchase_price, hidden for group PRICE_ONLY by field rule #\d+$/,
      ),
    ]);
  });

  it('refuses a write of a hidden or read-only field, naming it; an unchanged read-only value passes', async () => {
    const hidden = await asClerk('PUT', `/api/medicine/medicine-update/${medicine}`, { medicine_purchase_price: 1 });
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json().message).toBe('You may not change medicine_purchase_price: it is hidden from you');
    expect(hidden.json().errors).toEqual({ medicine_purchase_price: 'is hidden from you' });
    const readOnly = await asClerk('PUT', `/api/medicine/medicine-update/${medicine}`, { medicine_code: 'M-2' });
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json().message).toBe('You may not change medicine_code: it is read-only for you');
    const same = await asClerk('PUT', `/api/medicine/medicine-update/${medicine}`, {
      medicine_code: 'M-1',
      medicine_name: 'Paracetamol 500',
    });
    expect(same.statusCode).toBe(200);
    const create = await asClerk('POST', '/api/medicine/medicine-create', {
      medicine_code: 'M-9',
      medicine_name: 'Aspirin',
      medicine_purchase_price: 3,
    });
    expect(create.statusCode).toBe(403);
    const stored = await s.call('GET', `/api/medicine/get-medicine/${medicine}`);
    expect(stored.json().data.medicine_purchase_price).toBe(7);
    expect(stored.json().data.medicine_code).toBe('M-1');
  });

  it('refuses filtering, sorting and exporting by a hidden field; a search never matches a hidden value', async () => {
    const sort = await asClerk('GET', '/api/medicine/medicine-list/?sort=medicine_purchase_price');
    expect(sort.statusCode).toBe(403);
    expect(sort.json().message).toBe('You may not sort by medicine_purchase_price: it is hidden from you');
    const exported = await asClerk('GET', '/api/medicine/medicine-export?format=csv&columns=medicine_name,medicine_purchase_price');
    expect([403, 404]).toContain(exported.statusCode);
  });

  it('filters rows by the row rules in lists, totals and reads (404 outside them)', async () => {
    const inactive = (
      await created(s, '/api/medicine/medicine-create', { medicine_code: 'M-OFF', medicine_name: 'Withdrawn', medicine_status: 0 })
    ).medicine_id as number;
    const before = await asClerk('GET', '/api/medicine/medicine-list/?status=all');
    expect(before.json().data.map((r: { medicine_id: number }) => r.medicine_id)).toContain(inactive);
    const rule = await rowRule(s, { group: clerks }, 'medicine', 'status-in', 'medicine_status', '1');
    const list = await asClerk('GET', '/api/medicine/medicine-list/?status=all');
    const ids = list.json().data.map((r: { medicine_id: number }) => r.medicine_id);
    expect(ids).not.toContain(inactive);
    expect(list.json().total).toBe(ids.length);
    expect((await asClerk('GET', `/api/medicine/get-medicine/${inactive}`)).statusCode).toBe(404);
    expect((await asClerk('PUT', `/api/medicine/medicine-update/${inactive}`, { medicine_name: 'x' })).statusCode).toBe(404);
    // Putting a record outside the rules is refused as a branch move is.
    const out = await asClerk('PUT', `/api/medicine/medicine-update/${medicine}`, { medicine_status: 0 });
    expect(out.statusCode).toBe(403);
    expect((await s.call('DELETE', `/api/row-rule/row-rule-delete/${rule}`)).statusCode).toBe(200);
    expect((await asClerk('GET', `/api/medicine/get-medicine/${inactive}`)).statusCode).toBe(200);
  });

  it('pages a list under a row rule most records meet: every page, the order and the total, kept until a record changes', async () => {
    // A rule most rows meet is walked in the list's order on SQLite (read.ts, ruledPage) on the
    // first pages and read through its index on the last: either way the rows the rule admits.
    for (let i = 0; i < 5; i++)
      await created(s, '/api/medicine/medicine-create', { medicine_code: `M-PAGE-${i}`, medicine_name: `Paged ${i}` });
    const rule = await rowRule(s, { group: clerks }, 'medicine', 'status-in', 'medicine_status', '1');
    const idsOf = (res: { json(): { data: { medicine_id: number }[] } }) => res.json().data.map((r) => r.medicine_id);
    const pages = async () => {
      const all: number[] = [];
      let total = -1;
      for (let page = 1; page <= 10; page++) {
        const res = await asClerk('GET', `/api/medicine/medicine-list/?status=all&page=${page}&limit=2`);
        expect(res.statusCode).toBe(200);
        total = res.json().total;
        all.push(...idsOf(res));
        if (page * 2 >= total) break;
      }
      return { all, total };
    };
    const admitted = async () => idsOf(await s.call('GET', '/api/medicine/medicine-list/?status=1'));
    const first = await pages();
    expect(first.all).toEqual(await admitted());
    expect(first.total).toBe(first.all.length);
    const gone = first.all[1]!;
    expect((await s.call('PUT', `/api/medicine/medicine-update/${gone}`, { body: { medicine_status: 0 } })).statusCode).toBe(200);
    const after = await pages();
    expect(after.all).toEqual(first.all.filter((id) => id !== gone));
    expect(after.total).toBe(first.total - 1);
    expect((await s.call('PUT', `/api/medicine/medicine-update/${gone}`, { body: { medicine_status: 1 } })).statusCode).toBe(200);
    expect((await s.call('DELETE', `/api/row-rule/row-rule-delete/${rule}`)).statusCode).toBe(200);
  });

  it('"records I created": a clerk sees only what they created (their own override makes the code editable)', async () => {
    const override = await fieldRule(s, { user: clerk.id }, 'medicine', 'medicine_code', 'editable');
    expect((await asClerk('GET', '/api/access/field-rules')).json().data.medicine.readOnly).toEqual([]);
    const mine = (await created(s, '/api/medicine/medicine-create', { medicine_code: 'M-MINE', medicine_name: 'Mine' }, clerk.token))
      .medicine_id as number;
    const rule = await rowRule(s, { user: clerk.id }, 'medicine', 'created-by-me');
    const list = await asClerk('GET', '/api/medicine/medicine-list/?status=all');
    expect(list.json().data.map((r: { medicine_id: number }) => r.medicine_id)).toEqual([mine]);
    expect(list.json().total).toBe(1);
    expect((await asClerk('GET', `/api/medicine/get-medicine/${medicine}`)).statusCode).toBe(404);
    await s.call('DELETE', `/api/row-rule/row-rule-delete/${rule}`);
    await s.call('DELETE', `/api/field-rule/field-rule-delete/${override}`);
  });

  it("keeps the rules' own rules: one target, known names, no duplicate", async () => {
    const body = (extra: Record<string, unknown>) => ({
      field_rule_group: clerks,
      field_rule_user: 0,
      field_rule_resource: 'medicine',
      field_rule_field: 'medicine_name',
      field_rule_level: 'read-only',
      ...extra,
    });
    const both = await s.call('POST', '/api/field-rule/field-rule-create', { body: body({ field_rule_user: clerk.id }) });
    expect(both.statusCode).toBe(422);
    const neither = await s.call('POST', '/api/field-rule/field-rule-create', { body: body({ field_rule_group: 0 }) });
    expect(neither.statusCode).toBe(422);
    const resource = await s.call('POST', '/api/field-rule/field-rule-create', { body: body({ field_rule_resource: 'nope' }) });
    expect(resource.statusCode).toBe(422);
    const field = await s.call('POST', '/api/field-rule/field-rule-create', { body: body({ field_rule_field: 'nope' }) });
    expect(field.statusCode).toBe(422);
    const dup = await s.call('POST', '/api/field-rule/field-rule-create', { body: body({ field_rule_field: 'medicine_code' }) });
    expect(dup.statusCode).toBe(409);
    const rowKind = await s.call('POST', '/api/row-rule/row-rule-create', {
      body: { row_rule_group: clerks, row_rule_resource: 'medicine', row_rule_kind: 'own-branch' },
    });
    expect(rowKind.statusCode).toBe(422);
  });
});
