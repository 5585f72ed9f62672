import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startE2E, type E2E } from './harness';
import { makeOptics, makePharmacy } from '../fixtures/records';

/*
 * A list's first commit holds the frame and the rows; the filter bar, the sort controls, the
 * pagination and the tooltips are rendered just after it (src/screens/ResourceList.tsx, since
 * a sync update during the first commit made React run react-admin's registration re-renders
 * before the browser could paint). In a real browser at a desktop width, nothing the user sees
 * may move when they arrive.
 */

/** Where the first body row and the header cells were when the row first appeared; set in the page. */
const RECORD_FIRST_ROW = `(() => {
  const geometry = () => {
    const row = document.querySelector('.MuiTableBody-root .MuiTableRow-root');
    if (!row) return undefined;
    const heads = [...document.querySelectorAll('.MuiTableHead-root th')];
    return {
      top: row.getBoundingClientRect().top,
      widths: heads.map((h) => h.getBoundingClientRect().width),
      filterBar: document.querySelector('.RaList-actions form') !== null,
      sortControls: document.querySelectorAll('.MuiTableSortLabel-root').length,
    };
  };
  window.__geometry = geometry;
  new MutationObserver(() => {
    if (window.__firstRow === undefined) window.__firstRow = geometry();
  }).observe(document, { childList: true, subtree: true });
})();`;

interface Geometry {
  top: number;
  widths: number[];
  filterBar: boolean;
  sortControls: number;
}

describe('a list opened in a cold page, in Chromium', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
    // Rows with pictures in both lists, made here.
    await makePharmacy(e.app);
    await makeOptics(e.app);
    await signIn(e);
    await e.context.addInitScript(RECORD_FIRST_ROW);
  });
  afterAll(() => e?.close());

  it.each(['medicine', 'optics'])(
    '/%s: the rows come first, and do not move when the filter bar and sort controls follow',
    async (name) => {
      const { page } = e;
      await page.goto(`${e.url}/${name}`);
      await page.locator('.RaList-actions form').waitFor();
      await expect.poll(() => page.locator('.MuiTableSortLabel-root').count()).toBeGreaterThan(0);
      await page.locator('.MuiTablePagination-root').waitFor();
      const first = await page.evaluate(() => (window as unknown as { __firstRow?: Geometry }).__firstRow);
      const now = await page.evaluate(() => (window as unknown as { __geometry: () => Geometry }).__geometry());
      expect(first).toBeDefined();
      // The first commit had the rows without the deferred parts...
      expect(first?.filterBar).toBe(false);
      expect(first?.sortControls).toBe(0);
      // ...which then came without moving the rows or resizing the columns (1 px for rounding).
      expect(now.top).toBe(first?.top);
      expect(now.widths).toHaveLength(first?.widths.length ?? -1);
      console.log('WIDTHS', JSON.stringify(first?.widths), JSON.stringify(now.widths));
      now.widths.forEach((w, i) => expect(Math.abs(w - (first?.widths[i] ?? Infinity))).toBeLessThanOrEqual(1));
    },
  );
});
