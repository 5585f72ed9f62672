import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startE2E, type E2E } from './harness';
import { makeBranches } from '../fixtures/records';

const OUTPUT = path.resolve(import.meta.dirname, 'output');

/** Bengali, right to left, in Chromium: the screen is translated and mirrored, and stays so on reload. */
describe('Bengali and right-to-left, end to end', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
    // Branches with a phone and an opening date: the list shows both columns.
    await makeBranches(e.app);
  });
  afterAll(() => e.close());

  it('translates and mirrors the branch list', async () => {
    const { page } = e;
    await signIn(e);
    await page.goto(`${e.url}/branch`);
    const menuBox = async () =>
      (await page.locator('.RaSidebar-fixed, .RaSidebar-paper, [class*="RaSidebar"]').first().boundingBox()) ?? { x: -1, width: 0 };
    const ltrMenu = await menuBox();
    // The preferences the language switch and the theme page write, under the spec's names.
    await page.evaluate(() => {
      localStorage.setItem('language', 'bn');
      localStorage.setItem('theme-dir', 'rtl');
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => [document.documentElement.dir, document.documentElement.lang].join())).toBe('rtl,bn');
    await page.getByRole('heading', { name: 'শাখাসমূহ' }).waitFor();
    // A column header and a date in Bengali digits, day/month/year.
    await page.getByText('চালুর তারিখ').first().waitFor();
    await page
      .getByText(/^[০-৯]{2}\/[০-৯]{2}\/[০-৯]{4}$/)
      .first()
      .waitFor();
    // Mirrored: the side menu moved from the left edge to the right edge.
    const rtlMenu = await menuBox();
    const width = page.viewportSize()?.width ?? 0;
    expect(ltrMenu.x).toBeLessThan(width / 2);
    expect(rtlMenu.x + rtlMenu.width).toBeGreaterThan(width / 2);
    fs.mkdirSync(OUTPUT, { recursive: true });
    await page.screenshot({ path: path.join(OUTPUT, 'branch-bn-rtl.png'), fullPage: true });
    expect(fs.statSync(path.join(OUTPUT, 'branch-bn-rtl.png')).size).toBeGreaterThan(10_000);
    expect(e.foreignRequests).toEqual([]);
  });

  it('keeps phone numbers left to right in the mirrored list and form', async () => {
    const { page } = e;
    // Still Bengali and right to left from the test above.
    await page.goto(`${e.url}/branch`);
    const cell = page.locator('td.column-branch_phone').first();
    await cell.waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await cell.locator('[dir="ltr"]').count()).toBe(1);
    await page.goto(`${e.url}/branch/create`);
    const input = page.locator('input[name="branch_phone"]');
    await input.waitFor();
    expect(await input.getAttribute('dir')).toBe('ltr');
    expect(await input.getAttribute('type')).toBe('tel');
  });
});
