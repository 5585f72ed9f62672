import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startE2E, type E2E } from './harness';

/*
 * A list's rows do not move once they are on screen: the filter bar, the sort controls, the
 * pagination and the tooltips are rendered just after the list's frame (src/screens/ResourceList.tsx,
 * useDeferredPart), each in a place kept for it, and the rows arrive once react-admin has the
 * session check, the access check and the page (the page may come before or after those parts).
 * In a real browser at a desktop width, nothing the user sees may move after they arrive.
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
}

describe('a list opened in a cold page, in Chromium', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
    await signIn(e);
    await e.context.addInitScript(RECORD_FIRST_ROW);
  });
  afterAll(() => e?.close());

  it.each(['medicine', 'optics'])(
    '/%s: the rows do not move once shown, whatever comes after them (filter bar, sort controls, pagination)',
    async (name) => {
      const { page } = e;
      await page.goto(`${e.url}/${name}`);
      await page.locator('.RaList-actions form').waitFor();
      await expect.poll(() => page.locator('.MuiTableSortLabel-root').count()).toBeGreaterThan(0);
      await page.locator('.MuiTablePagination-root').waitFor();
      const first = await page.evaluate(() => (window as unknown as { __firstRow?: Geometry }).__firstRow);
      const now = await page.evaluate(() => (window as unknown as { __geometry: () => Geometry }).__geometry());
      expect(first).toBeDefined();
      // Whatever came after the first row (the filter bar, the sort controls, the pagination) moved
      // no row and resized no column (1 px for rounding).
      expect(now.top).toBe(first?.top);
      expect(now.widths).toHaveLength(first?.widths.length ?? -1);
      console.log('WIDTHS', JSON.stringify(first?.widths), JSON.stringify(now.widths));
      now.widths.forEach((w, i) => expect(Math.abs(w - (first?.widths[i] ?? Infinity))).toBeLessThanOrEqual(1));
    },
  );
});
