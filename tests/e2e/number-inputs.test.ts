import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dynamic } from '../../server/db/database';
import { makeRecord } from '../fixtures/records';
import { seriousViolations } from './a11y-routes';
import { signIn, startE2E, type E2E } from './harness';

/**
 * Issue 52, item 1: a new medicine's prices come pre-filled "0.00"; clicking in and typing 12.50
 * gave "0.0012.50", which turned back into 0.00 on leaving the input, and 0 was saved. Typed as a
 * person types (a click, then keys; Playwright's `fill` would clear the input first and hide it).
 */
const PRICE = 'input[name=medicine_purchase_price]';
const SALES = 'input[name=medicine_sales_price]';

/** The "must be a number" message of each language's catalogue, and 12.50 as each writes it. */
const LANGUAGES = [
  { language: 'en', notANumber: 'Must be a number', typed: '12.50', shown: '12.50' },
  { language: 'bn', notANumber: 'একটি সংখ্যা হতে হবে', typed: '12.50', shown: '১২.৫০' },
  { language: 'es', notANumber: 'Debe ser un número', typed: '12,50', shown: '12,50' },
  // Burmese digits where the browser has Burmese number data; Debian's Chromium has none and writes
  // Latin digits (lists too): the expected text is then what that browser's Intl writes.
  { language: 'my', notANumber: 'ဂဏန်း ဖြစ်ရမည်', typed: '12.50', shown: 'Intl' },
];

async function typeInto(page: Page, selector: string, text: string) {
  await page.locator(selector).click();
  await page.keyboard.type(text);
  // Leaves the input, as a person moving on does: a click on the dialog's title.
  await page.locator('#resource-dialog-title').click();
}

describe('number inputs, end to end in Chromium', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
    await makeRecord(e.app, 'pharmacy-category', { pharmacy_category_code: 'ANT', pharmacy_category_name: 'Antacids' });
    await signIn(e);
  });
  afterAll(() => e?.close());

  const stored = (code: string) =>
    dynamic(e.app.ctx.conn.db)
      .selectFrom('medicine')
      .select(['medicine_purchase_price', 'medicine_sales_price'])
      .where('medicine_code', '=', code)
      .executeTakeFirst();

  async function newMedicine(page: Page, code: string) {
    await page.goto(`${e.url}/medicine/create`);
    const dialog = page.getByRole('dialog');
    // Pre-filled with the default price, 0.00 as the language writes it: the trap of the issue.
    await expect.poll(() => page.locator(PRICE).inputValue()).toMatch(/^[0০၀][.,][0০၀]{2}$/);
    await dialog.locator('input[name=medicine_code]').fill(code);
    await dialog.locator('input[name=medicine_name]').fill(`${code} tablet`);
    await dialog.locator('.ra-input-medicine_category [role=combobox]').click();
    await page.getByRole('option', { name: 'Antacids' }).click();
    return dialog;
  }

  it('typing over a pre-filled 0.00 replaces it, and the typed price is what is saved (English and Spanish)', async () => {
    const { page } = e;
    const dialog = await newMedicine(page, 'PRICE-EN');
    await typeInto(page, PRICE, '12.50');
    await typeInto(page, SALES, '15');
    expect(await page.locator(PRICE).inputValue()).toBe('12.50');
    expect(await page.locator(SALES).inputValue()).toBe('15.00');
    await expect.poll(() => page.locator('input[name=medicine_sales_profit]').inputValue()).toBe('2.50');
    await dialog.getByRole('button', { name: /^save$/i }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await stored('PRICE-EN')).toEqual({ medicine_purchase_price: 12.5, medicine_sales_price: 15 });

    await page.evaluate(() => localStorage.setItem('language', 'es'));
    const es = await newMedicine(page, 'PRICE-ES');
    await typeInto(page, PRICE, '12,50');
    await typeInto(page, SALES, '20,05');
    expect(await page.locator(PRICE).inputValue()).toBe('12,50');
    await es.getByRole('button', { name: /^guardar$/i }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await stored('PRICE-ES')).toEqual({ medicine_purchase_price: 12.5, medicine_sales_price: 20.05 });
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  });

  it('what is no number stays as typed with an error beside it in each language, and nothing is saved', async () => {
    const { page } = e;
    for (const { language, notANumber, typed, shown } of LANGUAGES) {
      await page.evaluate((l) => localStorage.setItem('language', l), language);
      const dialog = await newMedicine(page, `BAD-${language}`);
      await typeInto(page, PRICE, '12.5x');
      // Not turned into 0: the text stays, and the input says why it cannot be saved.
      expect(await page.locator(PRICE).inputValue(), language).toBe('12.5x');
      const field = dialog.locator('.ra-input-medicine_purchase_price');
      await expect.poll(() => field.textContent(), { message: language }).toContain(notANumber);
      expect(await page.locator(PRICE).getAttribute('aria-invalid'), language).toBe('true');
      if (language === 'en') {
        expect(await seriousViolations(page)).toEqual([]);
        await page.keyboard.press('Control+s');
        await expect.poll(() => field.textContent()).toContain(notANumber);
        expect(await page.getByRole('dialog').count()).toBeGreaterThan(0);
        expect(await stored('BAD-en')).toBeUndefined();
        // The refused save put the focus in the input; the person clicks elsewhere, then back in.
        await page.locator('#resource-dialog-title').click();
      }
      // Back in the input, what is there is selected: the right number replaces it.
      await typeInto(page, PRICE, typed);
      const expected =
        shown === 'Intl'
          ? await page.evaluate(() =>
              new Intl.NumberFormat('my-MM', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(12.5),
            )
          : shown;
      expect(await page.locator(PRICE).inputValue(), language).toBe(expected);
      await expect.poll(() => field.textContent(), { message: language }).not.toContain(notANumber);
      if (language === 'en') {
        // Now it saves, as the one record of that code (the refused save made none).
        await page.keyboard.press('Control+s');
        await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
        expect(await stored('BAD-en')).toEqual({ medicine_purchase_price: 12.5, medicine_sales_price: 0 });
      }
    }
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  });
});
