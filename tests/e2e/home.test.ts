import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './a11y-routes';
import { signIn, startE2E, type E2E } from './harness';
import { makeAbout } from '../fixtures/records';

/**
 * The administrator's start (issue 52, item 8): `/` (and `/home`, `/about`, the spec's route
 * table) opens on the Dashboard and its catalogue summary, on the first screen; the About form
 * follows below it, one click away.
 */
describe('the home page, end to end in Chromium', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
    await makeAbout(e.app);
  }, 120_000);
  afterAll(() => e?.close());

  it.each(['/', '/home', '/about'])(
    '%s opens on the summary; the About form is below it, one click away',
    async (route) => {
      const { page } = e;
      if (route === '/') await signIn(e);
      else await page.goto(`${e.url}${route}`);
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      await expect.poll(() => page.locator('#react-admin-title').textContent()).toBe('Dashboard');
      const summary = page.getByRole('heading', { name: 'Catalogue summary' });
      const about = page.getByRole('heading', { level: 2, name: 'About' });
      await about.waitFor();
      const viewport = page.viewportSize()?.height ?? 0;
      const summaryTop = (await summary.boundingBox())?.y ?? Infinity;
      // The summary is on the first screen, above the About form.
      expect(summaryTop).toBeLessThan(viewport);
      expect(summaryTop).toBeLessThan((await about.boundingBox())?.y ?? -1);
      await page.getByRole('link', { name: 'Edit About' }).click();
      const title = page.getByLabel(/^Title/).first();
      await expect.poll(async () => ((await title.boundingBox())?.y ?? Infinity) < viewport).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      expect(e.foreignRequests).toEqual([]);
    },
    120_000,
  );
});
