import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../fixtures/users';
import { createExamples } from '../fixtures/examples';
import { signIn, startE2E, type E2E } from './harness';
import { navigate } from './a11y-routes';

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
    const aliases: [alias: string, screen: string][] = [
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
    /** The server answers a path typed or bookmarked with the console itself (a reload of it gets the app). */
    const servesConsole = async (path: string) => {
      const res = await e.app.inject({ method: 'GET', url: path });
      expect(`${res.statusCode} ${String(res.headers['content-type'])}`, path).toMatch(/^200 text\/html/);
      expect(res.body, path).toContain('<div id="root">');
    };
    /** The screen's own rows (an edit link into it), not the rows of the screen before. */
    const screenRows = (screen: string) => page.locator(`tbody tr a[href^="${screen}/"]`).first();
    // The first alias is loaded (the console starts on a nested alias path); the others are followed
    // inside the running console, as a link would, after the server was seen to answer each.
    for (const [i, [alias, screen]] of aliases.entries()) {
      await servesConsole(alias);
      if (i === 0) await page.goto(`${e.url}${alias}`);
      else await navigate(page, alias);
      await page.waitForURL(`${e.url}${screen}`);
      await screenRows(screen).waitFor();
    }
    // Screens whose own path is the spec's route.
    for (const path of ['/optics/', '/ot', '/investigation', '/advice', '/chamber', '/schedule']) {
      await servesConsole(path);
      await navigate(page, path);
      await screenRows(path.replace(/\/$/, '')).waitFor();
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
