import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { DATABASES, startServer, type TestServer } from '../harness';
import { dynamic } from '../../../server/db/database';
import { MAX_IMPORT_BYTES } from '../../../resources/spreadsheets';
import { bn } from '../../../i18n/bn';

/**
 * Spreadsheet export and import on a real server: the export walks exactly the list's rows and
 * columns; an import's dry run writes nothing, its commit writes all or only the valid rows as
 * one batch that undo puts back, and bad files are refused with nothing changed.
 */
const CSV = { 'content-type': 'text/csv' };
const BOM = '\uFEFF';

const csvRows = (body: string): string[][] => {
  expect(body.startsWith(BOM)).toBe(true);
  const rows: string[][] = parse(body.slice(1));
  return rows;
};

describe.each(DATABASES)('spreadsheets on %s', (kind) => {
  let s: TestServer;
  let cat1: number;
  let cat2: number;
  const db = () => dynamic(s.app.ctx.conn.db);
  const medicines = async () =>
    (await db().selectFrom('medicine').selectAll().orderBy('medicine_code').execute()).map((r) => ({
      code: r.medicine_code,
      name: r.medicine_name,
      price: Number(r.medicine_sales_price),
      category: Number(r.medicine_category),
    }));
  const auditCount = async () => Number((await sql<{ n: unknown }>`SELECT count(*) AS n FROM audit_log`.execute(db())).rows[0]?.n);
  const importCsv = (text: string, mode = 'dry-run', lang = 'en') =>
    s.call('POST', `/api/medicine/medicine-import?mode=${mode}&lang=${lang}&file=test.csv`, { payload: BOM + text, headers: CSV });

  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
    const mk = async (code: string, name: string) => {
      const r = await s.call('POST', '/api/pharmacy-category/pharmacy-category-create', {
        body: { pharmacy_category_code: code, pharmacy_category_name: name, pharmacy_category_status: 1 },
      });
      expect(r.statusCode, r.body).toBe(201);
      return Number(r.json().data.pharmacy_category_id);
    };
    cat1 = await mk('TAB', 'Tablets');
    cat2 = await mk('SYR', 'Syrups');
    const rows: [string, string, number, number, number][] = [
      ['M001', 'Napa', cat1, 10, 1],
      ['M002', 'Ace Plus', cat1, 25.5, 1],
      ['M003', '=HYPERLINK("http://evil")', cat2, 40, 1],
      ['M004', '+880 1711 000000', cat2, 7, 0],
      ['M005', 'Seclo', cat1, 99, 0],
    ];
    for (const [code, name, category, price, status] of rows) {
      const r = await s.call('POST', '/api/medicine/medicine-create', {
        body: {
          medicine_code: code,
          medicine_name: name,
          medicine_category: category,
          medicine_sales_price: price,
          medicine_status: status,
        },
      });
      expect(r.statusCode, r.body).toBe(201);
    }
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  it('exports exactly the rows, order and columns of the list, headers in the language asked for, with one audit entry', async () => {
    const query = `medicine_category=${cat1}&sort=medicine_sales_price&order=asc`;
    const list = (await s.call('GET', `/api/medicine/medicine-list?${query}`)).json<{ data: { medicine_code: string }[] }>().data;
    const before = await auditCount();
    const res = await s.call(
      'GET',
      `/api/medicine/medicine-export?format=csv&lang=bn&columns=medicine_code,medicine_category,medicine_sales_price,medicine_status&${query}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = csvRows(res.body);
    const labels = bn.resources.medicine.fields;
    expect(rows[0]).toEqual([labels.medicine_code, labels.medicine_category, labels.medicine_sales_price, labels.medicine_status]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(list.map((m) => m.medicine_code));
    expect(rows[1]).toEqual(['M001', 'TAB — Tablets', '10', bn.app.active]);
    await expect.poll(auditCount).toBe(before + 1);
    const entry = (
      await sql<{ audit_action: string; audit_changes: string }>`SELECT * FROM audit_log ORDER BY audit_id DESC LIMIT 1`.execute(db())
    ).rows[0]!;
    expect(entry.audit_action).toBe('export');
    expect(JSON.parse(entry.audit_changes)).toMatchObject({ rows: 3, format: 'csv', filter: { filters: { medicine_category: cat1 } } });
  });

  it('exports search and status filters like the list, and refuses an unknown column', async () => {
    const res = await s.call('GET', '/api/medicine/medicine-export?search=Ace&columns=medicine_code');
    expect(csvRows(res.body).slice(1)).toEqual([['M002']]);
    const inactive = await s.call('GET', '/api/medicine/medicine-export?status=0&columns=medicine_code&sort=medicine_code&order=asc');
    expect(csvRows(inactive.body).slice(1)).toEqual([['M004'], ['M005']]);
    const bad = await s.call('GET', '/api/medicine/medicine-export?columns=medicine_secret');
    expect(bad.statusCode).toBe(400);
  });

  it('neutralises formula cells in CSV and XLSX, and an exported file imports back unchanged', async () => {
    const csv = await s.call(
      'GET',
      '/api/medicine/medicine-export?columns=medicine_code,medicine_name,medicine_category,medicine_sales_price,medicine_status&sort=medicine_code&order=asc',
    );
    const rows = csvRows(csv.body);
    expect(rows.find((r) => r[0] === 'M003')![1]).toBe(`'=HYPERLINK("http://evil")`);
    expect(rows.find((r) => r[0] === 'M004')![1]).toBe("'+880 1711 000000");
    const xlsx = await s.call('GET', '/api/medicine/medicine-export?format=xlsx&sort=medicine_code&order=asc');
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const names = sheet.getColumn(2).values.slice(2);
    expect(names).toContain("'+880 1711 000000");
    expect(typeof sheet.getRow(2).getCell(4).value).toBe('number');
    // Prices keep their two decimals in the workbook.
    expect(sheet.getRow(2).getCell(4).numFmt).toBe('0.00');

    const before = await medicines();
    for (const [body, type] of [
      [csv.rawPayload, 'text/csv'],
      [xlsx.rawPayload, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ] as const) {
      const dry = await s.call('POST', '/api/medicine/medicine-import', { payload: body, headers: { 'content-type': type } });
      expect(dry.statusCode, dry.body).toBe(200);
      expect(dry.json().data.counts).toEqual({ new: 0, update: 0, unchanged: 5, error: 0 });
    }
    expect(await medicines()).toEqual(before);
  });

  const FILE = [
    'Medicine Code,Name,Category,Sales Price,Status',
    'N001,New one,TAB,5,Active',
    'N002,New two,Syrups,6,Active',
    'N003,New three,SYR — Syrups,7,Inactive',
    'M001,Napa,TAB,10,Active',
    'M002,Ace Plus Forte,TAB,30,Active',
    'N004,,NOPE,abc,Maybe',
  ].join('\n');

  it('dry run marks each row new, update, unchanged or error with field messages, and changes nothing', async () => {
    const before = await medicines();
    const audit = await auditCount();
    const res = await importCsv(FILE, 'dry-run', 'es');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.counts).toEqual({ new: 3, update: 1, unchanged: 1, error: 1 });
    expect(data.rows.map((r: { state: string }) => r.state)).toEqual(['new', 'new', 'new', 'unchanged', 'update', 'error']);
    expect(Object.keys(data.rows[5].errors).sort()).toEqual([
      'medicine_category',
      'medicine_name',
      'medicine_sales_price',
      'medicine_status',
    ]);
    expect(await medicines()).toEqual(before);
    expect(await auditCount()).toBe(audit);
  });

  it("row messages are in the user's language, naming no column and not repeating the label the dialog shows", async () => {
    const es = (await importCsv(FILE, 'dry-run', 'es')).json().data.rows[5].errors;
    expect(es.medicine_name).toBe('es obligatorio');
    expect(es.medicine_sales_price).toBe('debe ser un número');
    expect(es.medicine_category).toBe('hace referencia a un Categoría de farmacia desconocido: "NOPE"');
    const en = (await importCsv(FILE, 'dry-run', 'en')).json().data.rows[5].errors;
    expect(en.medicine_name).toBe('is required');
    expect(en.medicine_sales_price).toBe('must be a number');
  });

  it("reads decimals by the file's language (Spanish headers: 1,10 and 1.234,50) or, headed by field names, the user's", async () => {
    const spanish = ['Código del medicamento,Nombre,Categoría,Precio de compra,Precio de venta', 'D001,Coma,TAB,"1,10","1.234,50"'];
    const dry = (await importCsv(spanish.join('\n'), 'dry-run', 'en')).json().data;
    expect(dry.counts, JSON.stringify(dry.rows)).toEqual({ new: 1, update: 0, unchanged: 0, error: 0 });
    const names = ['medicine_code,medicine_name,medicine_category,medicine_sales_price', 'D002,Coma dos,TAB,"2,25"', 'D003,Punto,TAB,3.5'];
    const written = await importCsv(names.join('\n'), 'all', 'es');
    expect(written.statusCode, written.body).toBe(200);
    expect((await importCsv(spanish.join('\n'), 'all', 'en')).statusCode).toBe(200);
    const stored = (await medicines()).filter((m) => String(m.code).startsWith('D'));
    expect(stored.map((m) => [m.code, m.price])).toEqual([
      ['D001', 1234.5],
      ['D002', 2.25],
      ['D003', 3.5],
    ]);
    const purchase = await db()
      .selectFrom('medicine')
      .select('medicine_purchase_price')
      .where('medicine_code', '=', 'D001')
      .executeTakeFirstOrThrow();
    expect(Number(purchase.medicine_purchase_price)).toBe(1.1);
    // An English file does not read a decimal comma: it is refused, not turned into 110 or 1.1.
    const english = await importCsv('Medicine Code,Name,Category,Sales Price\nD004,X,TAB,"1,10"', 'dry-run', 'es');
    expect(english.json().data.rows[0].errors).toEqual({ medicine_sales_price: 'debe ser un número' });
    await db().deleteFrom('medicine').where('medicine_code', 'like', 'D00%').execute();
  });

  it('commit "all" refuses a file with an error and writes nothing; the error file names each problem', async () => {
    const before = await medicines();
    const res = await importCsv(FILE, 'all');
    expect(res.statusCode).toBe(422);
    expect(await medicines()).toEqual(before);
    const errors = await s.call('POST', '/api/medicine/medicine-import-errors?lang=en', { payload: BOM + FILE, headers: CSV });
    expect(errors.statusCode).toBe(200);
    const rows = csvRows(errors.body);
    expect(rows[0]!.at(-1)).toBe('Errors');
    expect(rows[6]!.at(-1)).toMatch(/Category: refers to an unknown Pharmacy Category: "NOPE"/);
    // Labels, never column names, and the label is not said twice.
    expect(rows[6]!.at(-1)).toContain('Sales Price: must be a number');
    expect(rows[6]!.at(-1)).not.toMatch(/medicine_|Sales Price: Sales Price/);
    expect(rows[1]!.at(-1)).toBe('');
  });

  it('commit "valid" writes the valid rows as one batch; a second import changes nothing; undo puts everything back', async () => {
    const before = await medicines();
    const res = await importCsv(FILE, 'valid');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.written).toBe(4);
    const after = await medicines();
    expect(after.find((m) => m.code === 'N003')).toMatchObject({ name: 'New three', category: cat2, price: 7 });
    expect(after.find((m) => m.code === 'M002')).toMatchObject({ name: 'Ace Plus Forte', price: 30 });
    const again = await importCsv(FILE, 'valid');
    expect(again.json().data.counts).toEqual({ new: 0, update: 0, unchanged: 5, error: 1 });
    expect(again.json().data.written).toBe(0);
    expect(await medicines()).toEqual(after);
    const entries = (await sql<{ audit_action: string }>`SELECT audit_action FROM audit_log ORDER BY audit_id DESC LIMIT 6`.execute(db()))
      .rows;
    expect(entries.map((e) => e.audit_action)).toContain('import');

    const undo = await s.call('POST', `/api/imports/import-undo/${data.batch}`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().data).toMatchObject({ undone: 4, refused: [] });
    expect(await medicines()).toEqual(before);
    const twice = await s.call('POST', `/api/imports/import-undo/${data.batch}`);
    expect(twice.statusCode).toBe(409);
  });

  it('undo refuses a record changed since the import and puts back the others', async () => {
    const res = await importCsv('Medicine Code,Name,Category\nU001,First,TAB\nU002,Second,TAB', 'all');
    expect(res.statusCode, res.body).toBe(200);
    const id = (await db().selectFrom('medicine').select('medicine_id').where('medicine_code', '=', 'U001').executeTakeFirstOrThrow())
      .medicine_id;
    const edit = await s.call('PUT', `/api/medicine/medicine-update/${Number(id)}`, { body: { medicine_name: 'Edited since' } });
    expect(edit.statusCode).toBe(200);
    const undo = await s.call('POST', `/api/imports/import-undo/${res.json().data.batch}`);
    expect(undo.json().data.undone).toBe(1);
    expect(undo.json().data.refused).toEqual([expect.objectContaining({ key: 'U001' })]);
    const codes = (await medicines()).map((m) => m.code);
    expect(codes).toContain('U001');
    expect(codes).not.toContain('U002');
  });

  it('reads an XLSX import with headers in Burmese and a template in any language', async () => {
    const template = await s.call('GET', '/api/medicine/medicine-import-template?format=xlsx&lang=my');
    expect(template.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets).toHaveLength(2);
    const sheet = book.worksheets[0]!;
    sheet.addRow(['X001', 'Burmese header row', 'TAB', 1, 2, 'ok', 'Active']);
    const payload = Buffer.from(await book.xlsx.writeBuffer());
    const res = await s.call('POST', '/api/medicine/medicine-import?lang=my', {
      payload,
      headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.counts).toMatchObject({ new: 1, error: 0 });
    const csvTemplate = await s.call('GET', '/api/medicine/medicine-import-template?format=csv');
    const rows = csvRows(csvTemplate.body);
    expect(rows[1]![0]!.startsWith('#')).toBe(true);
    const fromTemplate = await importCsv(`${csvTemplate.body.slice(1)}X002,From template,TAB`);
    expect(fromTemplate.json().data.counts).toMatchObject({ new: 1, error: 0 });
  });

  it.each([
    ['an unknown column', BOM + 'Medicine Code,Colour\nM001,red', CSV, 422, /Unknown columns: Colour/],
    ['a missing key column', BOM + 'Name\nNapa', CSV, 422, /key column medicine_code is missing/],
    ['duplicate keys', BOM + 'Medicine Code,Name\nD1,a\nD1,b', CSV, 422, /Duplicate keys in the file: D1/],
    ['broken encoding', Buffer.from([0x4d, 0x65, 0x64, 0xff, 0xfe, 0x0a]), CSV, 422, /not UTF-8/],
    ['a wrong file type', Buffer.from('%PDF-1.4\u0000binary'), { 'content-type': 'application/pdf' }, 415, /CSV \(UTF-8\) or XLSX/],
    ['a JSON body', JSON.stringify({ a: 1 }), { 'content-type': 'application/json' }, 415, /CSV \(UTF-8\) or XLSX/],
    [
      'a damaged workbook',
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]),
      CSV,
      422,
      /XLSX file could not be read/,
    ],
    ['a file over the size limit', Buffer.alloc(MAX_IMPORT_BYTES + 10, 0x61), CSV, 413, /larger than/],
    [
      'more rows than the limit',
      BOM + 'Medicine Code\n' + Array.from({ length: 100_001 }, (_, i) => `R${i}`).join('\n'),
      CSV,
      422,
      /more than 100000 rows/,
    ],
  ] as const)('refuses %s with a clear message and changes nothing', async (_, payload, headers, status, message) => {
    const before = await medicines();
    for (const mode of ['dry-run', 'valid']) {
      const res = await s.call('POST', `/api/medicine/medicine-import?mode=${mode}`, { payload, headers });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    expect(await medicines()).toEqual(before);
  });
});
