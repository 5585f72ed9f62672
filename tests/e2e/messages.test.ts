import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamic } from '../../server/db/database';
import { seriousViolations } from './a11y-routes';
import { signIn, startE2E, type E2E } from './harness';
import { makePharmacy } from '../fixtures/records';

/**
 * Messages as staff read them (issue 52, item 7): a server refusal names the field by its label in
 * the console's language, never by its column; an import's row problems say the label once; the
 * file button speaks the console's language, not the browser's; a Spanish file's decimal commas
 * are read as the form reads them.
 */
const BOM = '\uFEFF';

describe('messages with labels, end to end in Chromium', () => {
  let e: E2E;
  const toastText = () => e.page.locator('.MuiSnackbar-root').first().textContent();

  beforeAll(async () => {
    e = await startE2E();
    await makePharmacy(e.app);
  }, 120_000);
  afterAll(() => e?.close());

  it('names the refused field by its label, in English and in Spanish', async () => {
    const { page } = e;
    await signIn(e);
    const refuse = async (code: string) => {
      await page.goto(`${e.url}/branch/create`);
      await page.locator('input[name="branch_code"]').fill(code);
      await page.locator('input[name="branch_name"]').fill('Messages branch');
      await page.locator('input[name="branch_email"]').fill('not-an-address');
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /^(save|guardar)$/i })
        .click();
      await expect.poll(toastText).toMatch(/e-mail|correo/i);
      return (await toastText()) ?? '';
    };
    const english = await refuse('E2E-M1');
    expect(english).toContain('Email must be an e-mail address');
    expect(english).not.toContain('branch_email');

    await page.evaluate(() => localStorage.setItem('language', 'es'));
    await page.goto(`${e.url}/branch`);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
    const spanish = await refuse('E2E-M2');
    expect(spanish).toContain('Correo electrónico: debe ser una dirección de correo electrónico');
    expect(spanish).not.toContain('branch_email');
    // Nothing was written.
    const branches = await dynamic(e.app.ctx.conn.db).selectFrom('branch').select('branch_code').execute();
    expect(branches.map((b) => b.branch_code)).not.toContain('E2E-M1');
  }, 120_000);

  it('imports a Spanish file: its own file button, decimal commas, each problem under its label once', async () => {
    const { page } = e;
    // Still Spanish from the test above.
    await page.goto(`${e.url}/pharmacy/medicine-list`);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
    await page.getByRole('button', { name: 'Importar' }).click();
    const dialog = page.getByRole('dialog');
    const choose = dialog.getByText('Elija un archivo CSV o XLSX');
    await choose.waitFor();
    expect(await dialog.getByText('Ningún archivo seleccionado').count()).toBe(1);

    const csv = [
      'Código del medicamento,Nombre,Categoría,Precio de compra,Precio de venta',
      'E2E-ES1,Coma decimal,ANL,"1,10","2,50"',
      'E2E-ES2,,ANL,"1,00",abc',
    ].join('\r\n');
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'medicamentos.csv', mimeType: 'text/csv', buffer: Buffer.from(BOM + csv) });
    await dialog.getByText('medicamentos.csv').waitFor();
    await dialog.getByRole('button', { name: /simulación|dry run/i }).click();

    const bad = dialog.locator('tbody tr', { hasText: 'E2E-ES2' });
    await bad.waitFor();
    const problems = (await bad.textContent()) ?? '';
    expect(problems).toContain('Nombre: es obligatorio');
    expect(problems).toContain('Precio de venta: debe ser un número');
    expect(problems).not.toContain('Nombre: Nombre');
    expect(problems).not.toMatch(/medicine_/);
    expect(await dialog.locator('tbody tr', { hasText: 'E2E-ES1' }).getAttribute('data-state')).toBe('new');
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: /válidas/i }).click();
    await expect
      .poll(async () => {
        const row = await dynamic(e.app.ctx.conn.db)
          .selectFrom('medicine')
          .select(['medicine_purchase_price', 'medicine_sales_price'])
          .where('medicine_code', '=', 'E2E-ES1')
          .executeTakeFirst();
        return row ? [Number(row.medicine_purchase_price), Number(row.medicine_sales_price)] : null;
      })
      .toEqual([1.1, 2.5]);
    expect(e.foreignRequests).toEqual([]);
  }, 120_000);
});
