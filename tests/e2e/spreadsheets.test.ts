import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamic } from '../../server/db/database';
import { seriousViolations } from './a11y-routes';
import { signIn, startE2E, type E2E } from './harness';
import { makePharmacy } from '../fixtures/records';

/**
 * Spreadsheets in a real browser: an export of a filtered list in Bangla read back from the
 * browser's download, and an import's whole round: dry run with its counts and row marks, commit
 * of the valid rows, the error file, and undo putting every record back as it was.
 */
const BOM = '\uFEFF';

/** The file a click hands to the browser's download, read as text. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  // Read through the connection: the browser may be a shared one whose files are not on this side.
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return { name: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
}

const csvRows = (text: string): string[][] => {
  expect(text.startsWith(BOM)).toBe(true);
  const rows: string[][] = parse(text.slice(1));
  return rows;
};

describe('spreadsheets, end to end in Chromium', () => {
  let e: E2E;
  const db = () => dynamic(e.app.ctx.conn.db);
  const medicine = (code: string) =>
    db().selectFrom('medicine').selectAll().where('medicine_code', '=', code).executeTakeFirst() as Promise<
      Record<string, unknown> | undefined
    >;
  const categoryId = async (code: string) =>
    Number(
      (
        await db()
          .selectFrom('pharmacy_category')
          .select(sql.ref('pharmacy_category_id').as('id'))
          .where('pharmacy_category_code', '=', code)
          .executeTakeFirstOrThrow()
      ).id,
    );

  beforeAll(async () => {
    e = await startE2E();
    // Four categories with a medicine in each (NAPA-500 the analgesic), made here.
    await makePharmacy(e.app);
    // A second analgesic, so that the filtered export has more than one row and leaves three out.
    const analgesics = e.app.ctx.registry.get('medicine');
    await e.app.ctx.crud.create(analgesics, {
      fields: {
        medicine_code: 'ACE-500',
        medicine_name: 'Ace 500 mg',
        medicine_category: await categoryId('ANL'),
        medicine_sales_price: 1.5,
      },
      files: [],
    });
  }, 120_000);
  afterAll(() => e?.close());

  it('exports the medicines of one category with Bangla headers', async () => {
    const { page } = e;
    await signIn(e);
    await page.evaluate(() => localStorage.setItem('language', 'bn'));
    const filter = encodeURIComponent(JSON.stringify({ medicine_category: await categoryId('ANL') }));
    await page.goto(`${e.url}/pharmacy/medicine-list?filter=${filter}`);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('bn');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);

    await page.getByRole('button', { name: 'রপ্তানি' }).click();
    const file = await downloaded(page, () => page.getByRole('menuitem', { name: 'CSV রপ্তানি' }).click());
    expect(file.name).toMatch(/^medicine-.*\.csv$/);
    const [header, ...rows] = csvRows(file.text);
    expect(header).toContain('ওষুধের কোড');
    expect(header).toContain('শ্রেণি');
    const code = header!.indexOf('ওষুধের কোড');
    expect(rows.map((r) => r[code]).sort()).toEqual(['ACE-500', 'NAPA-500']);
    const category = header!.indexOf('শ্রেণি');
    expect(new Set(rows.map((r) => r[category]))).toEqual(new Set(['ANL — Analgesics']));
  }, 120_000);

  it('imports a file: dry run, the valid rows, the error file, undo', async () => {
    const { page } = e;
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto(`${e.url}/pharmacy/medicine-list`);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    const amoxBefore = await medicine('AMOX-250');
    const omepBefore = await medicine('OMEP-20');
    expect(amoxBefore).toBeDefined();

    const csv = [
      'medicine_code,medicine_name,medicine_category,medicine_purchase_price,medicine_sales_price',
      'E2E-N1,Imported one,ANL,1,2',
      'E2E-N2,Imported two,Antibiotics,2,3',
      'E2E-N3,Imported three,ABX — Antibiotics,3,4',
      'OMEP-20,Omeprazole 20 mg,ANT,3,5',
      'AMOX-250,Amoxicillin 250 mg capsule,ABX,4.5,7',
      'E2E-BAD,Imported bad,NOPE,1,2',
    ].join('\r\n');

    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: /^Import/ }).waitFor();
    await dialog.locator('input[type=file]').setInputFiles({ name: 'medicines.csv', mimeType: 'text/csv', buffer: Buffer.from(BOM + csv) });
    await dialog.getByRole('button', { name: 'Check the file (dry run)' }).click();

    const counts = dialog.getByRole('status');
    await expect.poll(() => counts.textContent()).toContain('New: 3');
    expect(await counts.textContent()).toContain('Update: 1');
    expect(await counts.textContent()).toContain('Unchanged: 1');
    expect(await counts.textContent()).toContain('Error: 1');
    const mark = (code: string) => dialog.locator('tbody tr', { hasText: code }).getAttribute('data-state');
    expect(await mark('E2E-N1')).toBe('new');
    expect(await mark('E2E-N3')).toBe('new');
    expect(await mark('OMEP-20')).toBe('unchanged');
    expect(await mark('AMOX-250')).toBe('update');
    expect(await mark('E2E-BAD')).toBe('error');
    expect(await dialog.locator('tbody tr', { hasText: 'E2E-BAD' }).textContent()).toContain('NOPE');
    // The dry run wrote nothing.
    expect(await medicine('E2E-N1')).toBeUndefined();
    expect(Number((await medicine('AMOX-250'))?.medicine_sales_price)).toBe(6);
    // "All rows" is not offered while a row has an error.
    expect(await dialog.getByRole('button', { name: /Import all rows/ }).isDisabled()).toBe(true);

    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Import the valid rows' }).click();
    await dialog.getByText('Imported: 4 records written').waitFor();
    expect((await medicine('E2E-N2'))?.medicine_name).toBe('Imported two');
    expect(Number((await medicine('AMOX-250'))?.medicine_sales_price)).toBe(7);
    expect(await medicine('E2E-BAD')).toBeUndefined();

    const errors = await downloaded(page, () => dialog.getByRole('button', { name: 'Download the error file' }).click());
    expect(errors.name).toBe('medicine-errors.csv');
    const [header, ...rows] = csvRows(errors.text);
    const errorsAt = header!.indexOf('Errors');
    expect(errorsAt).toBeGreaterThanOrEqual(0);
    const bad = rows.find((r) => r[0] === 'E2E-BAD');
    expect(bad?.[errorsAt]).toMatch(/unknown Pharmacy Category: "NOPE"/);
    expect(rows.find((r) => r[0] === 'E2E-N1')?.[errorsAt] ?? '').toBe('');

    await dialog.getByRole('button', { name: 'Undo this import' }).click();
    await dialog.getByText('Import undone: 4 records put back').waitFor();
    for (const code of ['E2E-N1', 'E2E-N2', 'E2E-N3']) expect(await medicine(code)).toBeUndefined();
    const amoxAfter = await medicine('AMOX-250');
    const fields = ['medicine_name', 'medicine_category', 'medicine_purchase_price', 'medicine_sales_price', 'medicine_sales_profit'];
    for (const f of fields) expect(String(amoxAfter?.[f]), f).toBe(String(amoxBefore?.[f]));
    expect((await medicine('OMEP-20'))?.updated_at).toBe(omepBefore?.updated_at);
    expect(e.foreignRequests).toEqual([]);
  }, 120_000);
});
