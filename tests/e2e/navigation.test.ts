import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../fixtures/users';
import { createExamples } from '../fixtures/examples';
import { signIn, startE2E, type E2E } from './harness';

/** Routes as the specification lists them, dialogs that survive a reload, and hidden buttons. */
describe('navigation and access, end to end in Chromium', () => {
  let e: E2E;
  /** One record of each resource, made here (no demo records are seeded). */
  let examples: Awaited<ReturnType<typeof createExamples>>;
  beforeAll(async () => {
    e = await startE2E();
    examples = await createExamples(e.app);
  });
  afterAll(() => e?.close());

  it('redirects the spec aliases, reopens a dialog after reload, shows not-found for unknown paths', async () => {
    const { page } = e;
    await signIn(e);
    const aliases = [
      ['/branch/branch-list', '/branch'],
      ['/departments', '/department'],
      ['/pharmacy', '/medicine'],
      ['/pharmacy/pharmacy-category', '/pharmacy-category'],
      ['/doctorss', '/doctors'],
      ['/pharmacy/medicine-list', '/medicine'],
      // Spec 001's route table and breadcrumb links.
      ['/blogs', '/blog-videos'],
      ['/blogs/blog-videos', '/blog-videos'],
      ['/video-gallery', '/blog-videos'],
      ['/blogs/blog-photos', '/blog-photos'],
      ['/photo-gallery', '/blog-photos'],
      ['/experiences', '/experience'],
      ['/members', '/member'],
      ['/educations', '/education'],
      ['/advices', '/advice'],
      ['/chambers', '/chamber'],
      ['/schedules', '/schedule'],
      ['/optics/optics-list', '/optics'],
      ['/optics/optics-category', '/optics-category'],
      ['/donations', '/donation'],
    ];
    for (const [alias, screen] of aliases) {
      await page.goto(`${e.url}${alias}`);
      await page.waitForURL(`${e.url}${screen}`);
      await page.locator('tbody tr').first().waitFor();
    }
    // Screens whose own path is the spec's route.
    for (const path of ['/optics/', '/ot', '/investigation', '/advice', '/chamber', '/schedule']) {
      await page.goto(`${e.url}${path}`);
      await page.locator('tbody tr').first().waitFor();
      expect(await page.getByRole('dialog').count(), path).toBe(0);
    }
    await page.goto(`${e.url}/hero-section`);
    await expect.poll(() => page.getByLabel(/^title 1/i).inputValue()).not.toBe('');
    const doctor = examples.get('doctors');
    await page.goto(`${e.url}/doctors/${String(doctor?.id)}`);
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByLabel(/^name/i).inputValue()).toBe(doctor?.name);
    await page.reload();
    await expect.poll(() => page.getByRole('dialog').getByLabel(/^name/i).inputValue()).toBe(doctor?.name);
    await page.goBack();
    await page.goto(`${e.url}/no/such/screen`);
    await expect.poll(() => page.getByText(/not found/i).count()).toBeGreaterThan(0);
    expect(e.foreignRequests).toEqual([]);
  });

  it('hides what the user may not do', async () => {
    await insertUser(e.app.ctx, {
      username: 'viewer',
      password: 'viewer-pass',
      group: 99,
      slugs: ['branch/branch-list', 'branch/get-branch'],
    });
    const { page } = e;
    await page.evaluate(() => localStorage.clear());
    await signIn(e, { username: 'viewer', password: 'viewer-pass' });
    await page.goto(`${e.url}/branch`);
    await page.locator('tbody tr').first().waitFor();
    expect(await page.getByRole('link', { name: /^new$/i }).count()).toBe(0);
    expect(
      await page
        .locator('tbody tr')
        .first()
        .getByRole('button', { name: /delete/i })
        .count(),
    ).toBe(0);
    expect(await page.getByText(/^Medicines$/).count()).toBe(0);
    expect(await page.getByText(/^Branches$/).count()).toBeGreaterThan(0);
  });
});
