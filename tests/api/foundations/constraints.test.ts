import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegistry, descriptors, type ResourceDescriptor } from '../../../resources';
import { DATABASES, startServer, type TestServer } from '../harness';

/**
 * Every constraint a descriptor declares is enforced by the server from that declaration (min,
 * max, maxLength, pattern, choices), on JSON and multipart bodies alike, with the contract's 422.
 */
const gauge = {
  name: 'gauge',
  api: { prefix: 'gauge', body: 'json' },
  table: 'gauge',
  idField: 'gauge_id',
  statusField: 'gauge_status',
  titleField: 'gauge_code',
  menu: { group: 'inventory', icon: 'Category' },
  fields: [
    {
      name: 'gauge_code',
      kind: 'text',
      required: true,
      maxLength: 8,
      pattern: { regex: '^[A-Z]+-[0-9]+$', message: 'must look like ABC-12' },
    },
    { name: 'gauge_reading', kind: 'integer', min: 1, max: 10 },
    { name: 'gauge_kind', kind: 'choice', choices: ['Analog', 'Digital'] },
    { name: 'gauge_status', kind: 'status', default: 1 },
  ],
} as const satisfies ResourceDescriptor;

describe.each(DATABASES)('declared constraints on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { registry: createRegistry([...descriptors, gauge]), seed: false });
  });
  afterAll(() => s?.close());

  const count = async (path: string) => (await s.call('GET', path)).json().total as number;

  it('refuses a negative medicine price (declared min: 0), JSON or multipart, and writes nothing', async () => {
    const json = await s.call('POST', '/api/medicine/medicine-create', {
      body: { medicine_code: 'NEG-1', medicine_name: 'Negative', medicine_purchase_price: -5, medicine_sales_price: '-1' },
    });
    expect(json.statusCode).toBe(422);
    expect(json.json()).toMatchObject({
      status: 0,
      data: null,
      errors: {
        medicine_purchase_price: 'medicine_purchase_price must be at least 0',
        medicine_sales_price: 'medicine_sales_price must be at least 0',
      },
    });
    const form = new FormData();
    form.append('medicine_code', 'NEG-2');
    form.append('medicine_name', 'Negative');
    form.append('medicine_sales_price', '-0.5');
    const req = new Request('http://x', { method: 'POST', body: form });
    const multipart = await s.call('POST', '/api/medicine/medicine-create', {
      payload: Buffer.from(await req.arrayBuffer()),
      headers: { 'content-type': req.headers.get('content-type')! },
    });
    expect(multipart.statusCode).toBe(422);
    expect(multipart.json().errors).toEqual({ medicine_sales_price: 'medicine_sales_price must be at least 0' });
    expect(await count('/api/medicine/medicine-list/')).toBe(0);
  });

  it('enforces min, max, maxLength, pattern and choices of a new descriptor', async () => {
    const bad = await s.call('POST', '/api/gauge/gauge-create', { body: { gauge_code: 'abc', gauge_reading: 11, gauge_kind: 'Steam' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      gauge_code: 'gauge_code must look like ABC-12',
      gauge_reading: 'gauge_reading must be at most 10',
      gauge_kind: 'gauge_kind must be one of: Analog, Digital',
    });
    const long = await s.call('POST', '/api/gauge/gauge-create', { body: { gauge_code: 'ABCDEF-123', gauge_reading: '0' } });
    expect(long.json().errors).toEqual({
      gauge_code: 'gauge_code must be at most 8 characters',
      gauge_reading: 'gauge_reading must be at least 1',
    });
    expect(await count('/api/gauge/gauge-list/')).toBe(0);
    const good = await s.call('POST', '/api/gauge/gauge-create', {
      body: { gauge_code: ' AB-12 ', gauge_reading: '10', gauge_kind: 'Digital' },
    });
    expect(good.statusCode).toBe(201);
    expect(good.json().data).toMatchObject({ gauge_code: 'AB-12', gauge_reading: 10, gauge_kind: 'Digital', gauge_status: 1 });
    const update = await s.call('PUT', `/api/gauge/gauge-update/${good.json().data.gauge_id}`, { body: { gauge_reading: -3 } });
    expect(update.statusCode).toBe(422);
    expect(update.json().errors).toEqual({ gauge_reading: 'gauge_reading must be at least 1' });
  });

  it('a body of the wrong type is refused with the field named, whatever refuses it first', async () => {
    const res = await s.call('POST', '/api/gauge/gauge-create', { body: { gauge_code: { nested: true }, gauge_reading: [1] } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['gauge_code']));
    expect(res.json().message).toMatch(/^gauge_code /);
  });
});
