import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startE2E, type E2E } from './harness';
import { seriousViolations } from './a11y-routes';
import { makeDoctor, makePharmacy } from '../fixtures/records';

/**
 * The audit trail in the console, in a real browser against the real server: a medicine's price
 * changed twice shows both changes in its History, its first version restored shows as an entry of
 * its own (there and in the audit log); a deleted doctor comes back with its id.
 */
describe('audit trail, end to end in Chromium', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
    // The medicine whose price changes and the doctor deleted below, made here.
    await makePharmacy(e.app);
    await makeDoctor(e.app);
    await signIn(e);
  });
  afterAll(() => e?.close());

  const saveSalesPrice = async (price: string) => {
    const { page } = e;
    const dialog = page.getByRole('dialog', { name: /update medicine/i });
    await expect.poll(() => dialog.getByLabel(/medicine code/i).inputValue()).toBe('NAPA-500');
    await dialog.getByLabel(/sales price/i).fill(price);
    await dialog.getByRole('button', { name: /^save$/i }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  };

  it('shows a medicine price changed twice in its History, restores the first version, and the log shows the restore', async () => {
    const { page } = e;
    await page.goto(`${e.url}/medicine`);
    await page.getByPlaceholder('Search', { exact: true }).fill('NAPA-500');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    const edit = () => page.locator('tbody tr').first().getByRole('link', { name: /edit/i }).click();

    await edit();
    await page.waitForURL(/\/medicine\/\d+/);
    const id = /\/medicine\/(\d+)/.exec(page.url())?.[1] ?? '';
    await saveSalesPrice('31.5');
    await edit();
    await saveSalesPrice('47.25');

    await edit();
    const form = page.getByRole('dialog', { name: /update medicine/i });
    await expect.poll(() => form.getByLabel(/sales price/i).inputValue()).toMatch(/47\.25/);
    await form.getByRole('button', { name: /^history$/i }).click();
    const history = page.getByRole('dialog', { name: new RegExp(`history of medicine #${id}`, 'i') });
    const versions = history.getByRole('region', { name: /^version \d+$/i });
    await expect.poll(() => versions.count()).toBeGreaterThanOrEqual(2);
    // Newest first: 31.5 -> 47.25, then the first change (from the price it was made with) -> 31.5, side by side.
    const priceRow = (n: number) => versions.nth(n).getByRole('row', { name: /sales price/i });
    await expect.poll(() => priceRow(0).getByRole('cell').allTextContents()).toEqual(['31.5', '47.25']);
    await expect.poll(async () => (await priceRow(1).getByRole('cell').allTextContents())[1]).toBe('31.5');

    expect(await seriousViolations(page)).toEqual([]);
    // The newest version is the record as it is: only older ones can be restored.
    expect(
      await versions
        .nth(0)
        .getByRole('button', { name: /restore this version/i })
        .count(),
    ).toBe(0);
    await versions
      .nth(1)
      .getByRole('button', { name: /restore this version/i })
      .click();
    await page
      .getByRole('dialog', { name: /restore this version\?/i })
      .getByRole('button', { name: /restore this version/i })
      .click();

    await expect.poll(() => versions.nth(0).textContent()).toMatch(/^Restored/);
    await expect.poll(() => priceRow(0).getByRole('cell').allTextContents()).toEqual(['47.25', '31.5']);
    await history.getByRole('button', { name: /^close$/i }).click();
    // The open form shows the restored price.
    await expect.poll(() => form.getByLabel(/sales price/i).inputValue()).toMatch(/^31\.50?$/);
    await form.getByRole('button', { name: /cancel/i }).click();

    // The audit log: the restore as its newest entry, linking to the medicine's dialog.
    // Reached from the navigation: the server's menu entry for audit/audit-list leads to the screen.
    const nav = page.locator('a[href="/audit/audit-list"]');
    await expect.poll(() => nav.textContent()).toContain('Audit Log');
    await nav.click();
    await page.getByRole('heading', { name: 'Audit Log' }).waitFor();
    const first = page.locator('tbody tr').first();
    await expect.poll(() => first.textContent()).toContain('Restored');
    await expect.poll(() => first.textContent()).toContain(`Medicine #${id}`);
    expect(await seriousViolations(page)).toEqual([]);
    await first.getByRole('link', { name: new RegExp(`medicine #${id}`, 'i') }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/medicine/${id}`);
    await expect
      .poll(() =>
        page
          .getByRole('dialog', { name: /update medicine/i })
          .getByLabel(/sales price/i)
          .inputValue(),
      )
      .toMatch(/^31\.50?$/);
  });

  it('deletes a doctor and undeletes it: it comes back in the list with its id', async () => {
    const { page } = e;
    await page.goto(`${e.url}/doctors`);
    await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
    const row = page.locator('tbody tr').first();
    const href = (await row.getByRole('link', { name: /edit/i }).getAttribute('href')) ?? '';
    const id = /\/doctors\/(\d+)/.exec(href)?.[1];
    expect(id).toBeTruthy();
    await row.getByRole('button', { name: /delete/i }).click();
    await page.getByRole('button', { name: /^yes$/i }).click();
    await expect.poll(() => page.locator(`tbody a[href$="/doctors/${id}"]`).count()).toBe(0);

    await page.getByRole('link', { name: /^deleted$/i }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/doctors/deleted');
    const deleted = page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(id), exact: true }) });
    await expect.poll(() => deleted.textContent()).toContain('Administrator');
    expect(await seriousViolations(page)).toEqual([]);
    await deleted.getByRole('button', { name: /undelete/i }).click();
    await page
      .getByRole('dialog', { name: /undelete this record/i })
      .getByRole('button', { name: /undelete/i })
      .click();
    await expect.poll(() => page.getByText('No deleted records').count()).toBe(1);

    await page.getByRole('link', { name: /back to the list/i }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/doctors');
    await expect.poll(() => page.locator(`tbody a[href$="/doctors/${id}"]`).count()).toBe(1);
    expect(e.foreignRequests).toEqual([]);
  });
});
