import { expect } from 'vitest';
import type { Page } from 'playwright-core';

export const PHONE = { width: 390, height: 844 };

/** How much wider than the screen the page is (0: no sideways scrolling of the page). */
export const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** How far anything inside a list scrolls sideways (0: nothing does; the list itself included). */
export const listOverflow = (page: Page) =>
  page.evaluate(() =>
    Math.max(
      0,
      ...[...document.querySelectorAll('.RaList-main, .RaList-main *')]
        .filter((el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX) || el.classList.contains('RaList-main'))
        .map((el) => el.scrollWidth - el.clientWidth),
    ),
  );

/**
 * The screen now open fits a 390 px phone: nothing scrolls sideways, a list is cards (not a table
 * scrolling in its own area), the app bar leaves its title room to be read, and a dialog's Save is
 * on the screen. Checked on every route by the phone's accessibility walk (tests/e2e/a11y-variant.ts),
 * which opens each screen anyway.
 */
export async function expectFitsPhone(page: Page) {
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  expect(await listOverflow(page)).toBeLessThanOrEqual(0);
  expect(await page.locator('.RaList-main table').count()).toBe(0);
  expect(await page.locator('#react-admin-title').evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThanOrEqual(100);
  const save = page.getByRole('dialog').getByRole('button', { name: /^save$/i });
  if (await save.count()) {
    const box = await save.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width && box.y + box.height <= PHONE.height).toBe(true);
  }
}
