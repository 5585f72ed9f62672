import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, multipart, png, startServer, type TestServer } from './harness';

/** The records the tests below read, made by the test itself (no demo records are seeded): ids start at 1. */
async function makeRecords(s: TestServer) {
  const make = async (url: string, body: Record<string, unknown>) => {
    const res = await s.call('POST', url, { body });
    expect(res.statusCode, `${url} ${res.body}`).toBe(201);
    return res.json().data as Record<string, number>;
  };
  for (const [code, name, status] of [
    ['DHK-01', 'Dhanmondi Main Hospital', 1],
    ['CTG-01', 'Chattogram Eye Care Centre', 1],
    ['SYL-01', 'Sylhet Pharmacy Outlet', 0],
  ] as const)
    await make('/api/branch/branch-create', { branch_code: code, branch_name: name, branch_status: status });
  const category: Record<string, number> = {};
  for (const [code, name] of [
    ['ANL', 'Analgesics'],
    ['ABX', 'Antibiotics'],
    ['VIT', 'Vitamins & Supplements'],
  ])
    category[code!] = (
      await make('/api/pharmacy-category/pharmacy-category-create', { pharmacy_category_code: code, pharmacy_category_name: name })
    ).pharmacy_category_id!;
  for (const [code, name, cat] of [
    ['NAPA-500', 'Napa 500 mg (Paracetamol)', 'ANL'],
    ['AMOX-250', 'Amoxicillin 250 mg capsule', 'ABX'],
    ['VITD-1000', 'Vitamin D3 1000 IU', 'VIT'],
  ])
    await make('/api/medicine/medicine-create', { medicine_code: code, medicine_name: name, medicine_category: category[cat!] });
  const cardiology = (await make('/api/department/department-create', { department_code: 'CARD', department_name: 'Cardiology' }))
    .department_id;
  await make('/api/doctors/doctors-create', {
    name: 'Dr. Farhana Rahman',
    title: 'Consultant Cardiologist',
    doctor_department: cardiology,
  });
  await make('/api/group/group-create', { group_code: 'ADMIN', group_name: 'Admin' });
}

describe.each(DATABASES)('generic CRUD routes on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
    await makeRecords(s);
  });
  afterAll(() => s?.close());

  const count = async (url: string) => (await s.call('GET', url)).json().total as number;

  it('lists with the envelope, total, status filter and pagination', async () => {
    const all = await s.call('GET', '/api/branch/branch-list/?status=all&search=');
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body).toMatchObject({ status: 1, message: expect.any(String), total: 3 });
    expect(body.data).toHaveLength(3);
    expect(typeof body.data[0].branch_id).toBe('number');
    expect(typeof body.data[0].branch_status).toBe('number');
    expect(await count('/api/branch/branch-list?status=1')).toBe(2);
    expect(await count('/api/branch/branch-list?status=0')).toBe(1);
    const page = (await s.call('GET', '/api/branch/branch-list?page=2&limit=2&sort=branch_code&order=ASC')).json();
    expect(page.total).toBe(3);
    expect(page.data.map((b: { branch_code: string }) => b.branch_code)).toEqual(['SYL-01']);
    expect((await s.call('GET', '/api/branch/branch-list?sort=nope')).statusCode).toBe(400);
    expect((await s.call('GET', '/api/branch/branch-list?status=2')).statusCode).toBe(400);
  });

  it('searches the descriptor search fields, long and short terms, case-insensitively', async () => {
    const long = (await s.call('GET', '/api/medicine/medicine-list/?status=all&search=amoxi')).json();
    expect(long.data.map((m: { medicine_code: string }) => m.medicine_code)).toEqual(['AMOX-250']);
    const byCode = (await s.call('GET', '/api/medicine/medicine-list/?search=NAPA-5')).json();
    expect(byCode.total).toBe(1);
    const short = (await s.call('GET', '/api/medicine/medicine-list/?search=D3')).json();
    expect(short.data.map((m: { medicine_code: string }) => m.medicine_code)).toEqual(['VITD-1000']);
    const none = (await s.call('GET', '/api/medicine/medicine-list/?search=zzzz%22quote')).json();
    expect(none).toMatchObject({ status: 1, total: 0, data: [] });
    const wild = (await s.call('GET', '/api/medicine/medicine-list/?search=%25')).json();
    expect(wild.total).toBe(0);
  });

  it('embeds references as the spec shows and filters by them', async () => {
    const list = (await s.call('GET', '/api/medicine/medicine-list?status=all')).json();
    const napa = list.data.find((m: { medicine_code: string }) => m.medicine_code === 'NAPA-500');
    expect(napa.pharmacy_category).toEqual({ pharmacy_category_id: napa.medicine_category, pharmacy_category_name: 'Analgesics' });
    const filtered = (await s.call('GET', `/api/medicine/medicine-list?medicine_category=${napa.medicine_category}`)).json();
    expect(filtered.data.every((m: { medicine_category: number }) => m.medicine_category === napa.medicine_category)).toBe(true);
    const doctor = (await s.call('GET', '/api/doctors/doctors-list/?status=all&search=Farhana')).json().data[0];
    expect(doctor.department.department_name).toBe('Cardiology');
  });

  it('creates with every default the spec lists, answers numbers, reads back', async () => {
    const res = await s.call('POST', '/api/branch/branch-create', { body: { branch_code: 'KHL-01', branch_name: 'Khulna Clinic' } });
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    const d = new Date();
    const today = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    expect(created).toMatchObject({ branch_code: 'KHL-01', branch_status: 1, branch_opening_date: today, branch_phone: '' });
    const med = (
      await s.call('POST', '/api/medicine/medicine-create', { body: { medicine_code: 'NEW-1', medicine_name: 'New medicine' } })
    ).json().data;
    expect(med).toMatchObject({
      medicine_purchase_price: 0,
      medicine_sales_price: 0,
      medicine_sales_profit: 0,
      medicine_status: 1,
      medicine_category: null,
    });
    expect(med.pharmacy_category).toEqual({ pharmacy_category_id: 0, pharmacy_category_name: '' });
    const got = (
      await s.call('GET', `/api/branch/get-branch/${created.branch_id}`, { headers: { 'content-type': 'application/json' } })
    ).json();
    expect(got).toMatchObject({ status: 1, data: { branch_id: created.branch_id, branch_name: 'Khulna Clinic' } });
  });

  it('updates and deletes; unknown ids answer 404 with the envelope', async () => {
    const { branch_id: id } = (
      await s.call('POST', '/api/branch/branch-create/', { body: { branch_code: 'TMP-1', branch_name: 'Temp' } })
    ).json().data;
    const up = await s.call('PUT', `/api/branch/branch-update/${id}/`, {
      body: { branch_code: 'TMP-1', branch_name: 'Temporary', branch_status: 0 },
    });
    expect(up.json()).toMatchObject({ status: 1, data: { branch_name: 'Temporary', branch_status: 0 } });
    const del = await s.call('DELETE', `/api/branch/branch-delete/${id}`, { headers: { 'content-type': 'application/json' } });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ status: 1, data: { branch_id: id } });
    for (const [m, u] of [
      ['GET', `/api/branch/get-branch/${id}`],
      ['PUT', `/api/branch/branch-update/${id}`],
      ['DELETE', `/api/branch/branch-delete/${id}`],
      ['GET', '/api/branch/get-branch/abc'],
    ]) {
      const r = await s.call(m!, u!, m === 'PUT' ? { body: { branch_name: 'x' } } : {});
      expect(r.statusCode).toBe(404);
      expect(r.json()).toMatchObject({ status: 0, data: null });
    }
    expect((await s.call('GET', '/api/nothing-here')).json()).toMatchObject({ status: 0 });
  });

  it('rejects bad input with a message per field and writes nothing', async () => {
    const before = await count('/api/medicine/medicine-list?status=all');
    const missing = await s.call('POST', '/api/medicine/medicine-create', {
      body: { medicine_sales_price: 'ten', medicine_status: 'maybe', medicine_category: 9999 },
    });
    expect(missing.statusCode).toBe(422);
    const body = missing.json();
    expect(body.status).toBe(0);
    expect(Object.keys(body.errors).sort()).toEqual([
      'medicine_category',
      'medicine_code',
      'medicine_name',
      'medicine_sales_price',
      'medicine_status',
    ]);
    const badRef = await s.call('POST', '/api/medicine/medicine-create', {
      body: { medicine_code: 'R1', medicine_name: 'R', medicine_category: 9999 },
    });
    expect(badRef.statusCode).toBe(422);
    expect(badRef.json().errors.medicine_category).toMatch(/unknown pharmacy-category/);
    const badDate = await s.call('POST', '/api/branch/branch-create', {
      body: { branch_code: 'D1', branch_name: 'D', branch_opening_date: '2024-02-31', branch_email: 'not-an-email' },
    });
    expect(badDate.statusCode).toBe(422);
    expect(Object.keys(badDate.json().errors).sort()).toEqual(['branch_email', 'branch_opening_date']);
    const update = await s.call('PUT', '/api/medicine/medicine-update/1', { body: { medicine_name: '' } });
    expect(update.statusCode).toBe(422);
    expect((await s.call('GET', '/api/medicine/get-medicine/1')).json().data.medicine_name).not.toBe('');
    expect(await count('/api/medicine/medicine-list?status=all')).toBe(before);
  });

  it('answers 409 for a duplicate code, on create and on update', async () => {
    const dup = await s.call('POST', '/api/group/group-create', { body: { group_code: 'ADMIN', group_name: 'Another' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toMatch(/group_code "ADMIN" already exists/);
    const other = (await s.call('POST', '/api/group/group-create', { body: { group_code: 'OPS', group_name: 'Operations' } })).json().data;
    const clash = await s.call('PUT', `/api/group/group-update/${other.group_id}`, { body: { group_code: 'ADMIN' } });
    expect(clash.statusCode).toBe(409);
  });

  it('answers 400 for malformed JSON or multipart, never 500', async () => {
    const json = await s.call('POST', '/api/branch/branch-create', {
      payload: '{"branch_code":',
      headers: { 'content-type': 'application/json' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ status: 0 });
    const arr = await s.call('POST', '/api/branch/branch-create', { body: [1, 2] });
    expect(arr.statusCode).toBe(400);
    const mp = await s.call('POST', '/api/medicine/medicine-create', {
      payload: '--xyz\r\nContent-Disposition: form-data; name="medicine_code"\r\n\r\nBROKEN',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    expect(mp.statusCode).toBe(400);
    expect(mp.json().status).toBe(0);
  });

  it('keeps a category that medicines use (409) and deletes an unused one', async () => {
    const used = await s.call('DELETE', '/api/pharmacy-category/pharmacy-category-delete/1');
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toMatch(/used by 1 medicine/);
    const c = (
      await s.call('POST', '/api/pharmacy-category/pharmacy-category-create', {
        body: { pharmacy_category_code: 'TMP', pharmacy_category_name: 'Temporary' },
      })
    ).json().data;
    expect((await s.call('DELETE', `/api/pharmacy-category/pharmacy-category-delete/${c.pharmacy_category_id}`)).statusCode).toBe(200);
  });

  it('derives medicine profit from the prices, whatever the client sends', async () => {
    const m = (
      await s.call('POST', '/api/medicine/medicine-create', {
        body: {
          medicine_code: 'P-1',
          medicine_name: 'Profit',
          medicine_purchase_price: '10.5',
          medicine_sales_price: 14,
          medicine_sales_profit: 999,
        },
      })
    ).json().data;
    expect(m.medicine_sales_profit).toBe(3.5);
    const u = (await s.call('PUT', `/api/medicine/medicine-update/${m.medicine_id}`, { body: { medicine_sales_price: 20 } })).json().data;
    expect(u).toMatchObject({ medicine_sales_price: 20, medicine_purchase_price: 10.5, medicine_sales_profit: 9.5 });
  });

  it('sanitises rich text before storing it', async () => {
    const m = (
      await s.call('POST', '/api/medicine/medicine-create', {
        body: {
          medicine_code: 'H-1',
          medicine_name: 'Html',
          medicine_description: '<p onclick="x()">Safe <b>bold</b><script>alert(1)</script><a href="javascript:alert(1)">l</a></p>',
        },
      })
    ).json().data;
    expect(m.medicine_description).toBe('<p>Safe <b>bold</b><a rel="noopener noreferrer">l</a></p>');
  });

  it('stores doctor rows as JSON text and returns them as the contract does', async () => {
    const dept = (await s.call('GET', '/api/department/department-list?status=1')).json().data[0].department_id;
    const degrees = [{ degree_name: 'MBBS', institiute: 'Dhaka Medical College' }];
    const experience = [{ designation: 'Registrar', organigation: 'City Hospital', durations: '2019-2021' }];
    const form = await multipart({
      name: 'Dr. Test',
      title: 'Surgeon',
      doctor_department: String(dept),
      degrees: JSON.stringify(degrees),
      experience: JSON.stringify(experience),
      appointment: '[]',
      contact: JSON.stringify([{ phone: '+880 1711 123456', email: 'test@hospital.local' }]),
    });
    const res = await s.call('POST', '/api/doctors/doctors-create', form);
    expect(res.statusCode).toBe(201);
    const d = res.json().data;
    expect(typeof d.degrees).toBe('string');
    expect(JSON.parse(d.degrees)).toEqual(degrees);
    expect(JSON.parse(d.experience)).toEqual(experience);
    expect(d.department.department_id).toBe(dept);
    const again = (await s.call('GET', `/api/doctors/get-doctors/${d.id}`)).json().data;
    expect(JSON.parse(again.contact)[0].email).toBe('test@hospital.local');
    const bad = await s.call('POST', '/api/doctors/doctors-create', {
      body: { name: 'X', title: 'Y', doctor_department: dept, degrees: [{ degree_name: 'MBBS' }] },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.degrees).toMatch(/row 1: institiute is required/);
    const noDept = await s.call('POST', '/api/doctors/doctors-create', { body: { name: 'X', title: 'Y' } });
    expect(noDept.json().errors.doctor_department).toMatch(/required/);
  });

  it('uploads a picture checked by content, serves it back, replaces and removes it', async () => {
    const form = await multipart({
      medicine_code: 'IMG-1',
      medicine_name: 'With picture',
      medicine_picture: { file: await png('pic'), name: 'photo.bin' },
    });
    const res = await s.call('POST', '/api/medicine/medicine-create', form);
    expect(res.statusCode).toBe(201);
    const m = res.json().data;
    expect(m.medicine_picture).toMatch(/^uploads\/medicine\/[0-9a-f-]{36}\.png$/);
    const served = await s.call('GET', `/api/${m.medicine_picture}`, { token: null });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toMatch(/sandbox/);
    expect(served.rawPayload.subarray(1, 4).toString()).toBe('PNG');

    const fake = await multipart({
      medicine_code: 'IMG-2',
      medicine_name: 'Fake',
      medicine_picture: { file: Buffer.from('<script>alert(1)</script>'), name: 'evil.png', type: 'image/png' },
    });
    const rejected = await s.call('POST', '/api/medicine/medicine-create', fake);
    expect(rejected.statusCode).toBe(422);
    expect(rejected.json().errors.medicine_picture).toMatch(/JPEG, PNG, WebP or GIF/);

    const big = await multipart({
      medicine_code: 'IMG-3',
      medicine_name: 'Big',
      medicine_picture: { file: Buffer.alloc(600 * 1024, 1), name: 'big.png' },
    });
    expect((await s.call('POST', '/api/medicine/medicine-create', big)).statusCode).toBe(413);
    expect((await s.call('GET', '/api/medicine/medicine-list?search=IMG-')).json().total).toBe(1);

    const injected = await s.call('PUT', `/api/medicine/medicine-update/${m.medicine_id}`, {
      body: { medicine_picture: '../../etc/passwd' },
    });
    expect(injected.statusCode).toBe(422);

    const oldFile = path.join(s.dataDir, m.medicine_picture);
    expect(fs.existsSync(oldFile)).toBe(true);
    const replace = await s.call(
      'PUT',
      `/api/medicine/medicine-update/${m.medicine_id}`,
      await multipart({ medicine_picture: { file: await png('new'), name: 'n.png' } }),
    );
    const replaced = replace.json().data;
    expect(replaced.medicine_picture).not.toBe(m.medicine_picture);
    expect(fs.existsSync(oldFile)).toBe(false);
    const kept = (
      await s.call(
        'PUT',
        `/api/medicine/medicine-update/${m.medicine_id}`,
        await multipart({ medicine_name: 'Renamed', medicine_picture: replaced.medicine_picture }),
      )
    ).json().data;
    expect(kept.medicine_picture).toBe(replaced.medicine_picture);
    const cleared = (await s.call('PUT', `/api/medicine/medicine-update/${m.medicine_id}`, { body: { medicine_picture: '' } })).json().data;
    expect(cleared.medicine_picture).toBe('');
    expect(fs.existsSync(path.join(s.dataDir, replaced.medicine_picture))).toBe(false);
  });
});

describe.each(DATABASES)('hostile input never reaches the database as an error, on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
  });
  afterAll(() => s?.close());

  it('answers 4xx, not 500, for out-of-range numbers, NUL bytes and odd search terms', async () => {
    expect((await s.call('GET', '/api/branch/get-branch/99999999999')).statusCode).toBe(404);
    expect((await s.call('GET', '/api/medicine/medicine-list?medicine_category=99999999999')).statusCode).toBe(400);
    expect((await s.call('GET', '/api/medicine/medicine-list?page=0')).statusCode).toBe(400);
    expect((await s.call('GET', '/api/medicine/medicine-list?limit=abc')).statusCode).toBe(400);
    const big = await s.call('POST', '/api/medicine/medicine-create', {
      body: { medicine_code: 'B', medicine_name: 'B', medicine_category: 99999999999 },
    });
    expect(big.statusCode).toBe(422);
    const nul = await s.call('POST', '/api/branch/branch-create', { body: { branch_code: 'N\u0000UL', branch_name: 'Nul\u0000' } });
    expect(nul.statusCode).toBe(201);
    expect(nul.json().data.branch_code).toBe('NUL');
    for (const term of ['"', '""""', 'a*b', 'NEAR(x y)', '%_\\', '\u0000\u0000\u0000', "'; drop table branch; --"]) {
      const r = await s.call('GET', `/api/branch/branch-list?search=${encodeURIComponent(term)}`);
      expect(r.statusCode, term).toBe(200);
    }
    expect((await s.call('GET', '/api/branch/branch-list')).json().total).toBe(1);
  });
});
