import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamic } from '../../server/db/database';
import { ADMIN, signIn, startE2E, type E2E } from './harness';
import { seriousViolations } from './a11y-routes';
import { makePharmacy } from '../fixtures/records';

/**
 * A list's tools in a real browser against the real server: bulk deactivate with a per-row
 * refusal and its reason, and a saved filter and a column choice that follow the user to a second,
 * fresh browser context (no storage of the first).
 */
describe('list tools, end to end in Chromium', () => {
  let e: E2E;
  let second: BrowserContext | undefined;
  beforeAll(async () => {
    e = await startE2E();
    // Medicines, one of them inactive, for the filter below.
    await makePharmacy(e.app);
  });
  afterAll(async () => {
    await second?.close();
    await e?.close();
  });

  const adminToken = async () =>
    (await e.app.inject({ method: 'POST', url: '/api/users/user-login/', payload: ADMIN })).json<{ data: { token: string } }>().data.token;
  const groupStatus = async (name: string) =>
    (
      await dynamic(e.app.ctx.conn.db)
        .selectFrom('user_group')
        .select('group_status')
        .where('group_name', '=', name)
        .executeTakeFirstOrThrow()
    ).group_status;
  const row = (page: Page, text: string) => page.locator('tbody tr', { hasText: text });

  it('bulk deactivates 3 groups where one is refused: "2 done, 1 refused" with the reason', async () => {
    const token = await adminToken();
    for (const [code, name] of [
      ['BULK-A', 'Bulk group A'],
      ['BULK-B', 'Bulk group B'],
    ]) {
      const res = await e.app.inject({
        method: 'POST',
        url: '/api/group/group-create',
        headers: { 'access-token': token },
        payload: { group_code: code, group_name: name },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const { page } = e;
    await signIn(e);
    await page.goto(`${e.url}/group`);
    for (const name of ['Bulk group A', 'Super Admin', 'Bulk group B']) {
      await row(page, name).getByRole('checkbox', { name: 'Select this row' }).check();
    }
    await expect.poll(() => page.getByText('3 items selected').count()).toBe(1);
    // The selection column and the bulk toolbar pass axe like the rest of the list.
    await expect.poll(() => seriousViolations(page), { timeout: 15_000, interval: 1_000 }).toEqual([]);
    await page.getByRole('button', { name: 'Deactivate' }).click();
    const confirm = page.getByRole('dialog', { name: 'Deactivate the 3 selected records?' });
    await confirm.getByRole('button', { name: 'Yes' }).click();

    const answer = page.getByRole('dialog', { name: 'What happened' });
    await expect
      .poll(() => answer.getByRole('status').textContent())
      .toBe('2 done, 1 refused: The Super Admin group cannot be deactivated: it administers menus and permissions');
    await expect.poll(() => answer.textContent()).toContain('Super Admin: The Super Admin group cannot be deactivated');
    expect([await groupStatus('Bulk group A'), await groupStatus('Bulk group B'), await groupStatus('Super Admin')]).toEqual([0, 0, 1]);
    await answer.getByRole('button', { name: 'Close' }).click();
    // Only the refused row stays selected; the others show their new status.
    await expect.poll(() => page.getByText('1 item selected').count()).toBe(1);
    await expect.poll(() => row(page, 'Bulk group A').textContent()).toContain('Inactive');
  });

  it('a saved filter and a column choice made in one browser profile are there in a fresh one', async () => {
    const { page } = e;
    await page.goto(`${e.url}/medicine`);
    await expect.poll(() => page.getByText('NAPA-500').count()).toBeGreaterThan(0);
    // Filter: inactive medicines; then keep it under a name, shared with the group.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Inactive' }).click();
    await expect.poll(() => decodeURIComponent(page.url())).toContain('"status":"0"');
    await page.getByRole('button', { name: 'Saved filters' }).click();
    await expect.poll(() => page.getByText('No saved filters for this list yet').count()).toBe(1);
    await expect.poll(() => seriousViolations(page), { timeout: 15_000, interval: 1_000 }).toEqual([]);
    await page.getByRole('button', { name: 'Save current filters…' }).click();
    const save = page.getByRole('dialog', { name: 'Save the current filters' });
    await save.getByLabel('Name').fill('Inactive medicines');
    await save.getByLabel('Share with my group').check();
    await save.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => save.count()).toBe(0);
    // Hide a column with react-admin's chooser.
    await expect.poll(() => page.locator('thead').textContent()).toContain('Purchase Price');
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('switch', { name: 'Purchase Price' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('thead').textContent()).not.toContain('Purchase Price');
    await expect
      .poll(
        async () =>
          (
            await e.app.inject({
              method: 'GET',
              url: '/api/preferences/list-columns?resource=medicine',
              headers: { 'access-token': await adminToken() },
            })
          ).json<{ data: { hidden: string[] }[] }>().data[0]?.hidden,
      )
      .toEqual(['medicine_purchase_price']);

    // A second, fresh context: nothing of the first is in its storage.
    const context = await e.browser.newContext({ viewport: { width: 1400, height: 900 } });
    second = context;
    e.watch(context);
    const other = context.pages()[0] ?? (await context.newPage());
    await signIn({ ...e, page: other, context });
    await other.goto(`${e.url}/medicine`);
    await expect.poll(() => other.getByText('NAPA-500').count()).toBeGreaterThan(0);
    await expect.poll(() => other.locator('thead').textContent()).not.toContain('Purchase Price');
    await expect.poll(() => other.locator('thead').textContent()).toContain('Sales Price');
    await other.getByRole('button', { name: 'Saved filters' }).click();
    await other.getByRole('button', { name: /^Inactive medicines/ }).click();
    await expect.poll(() => decodeURIComponent(other.url())).toContain('"status":"0"');
    await expect.poll(() => other.getByText('NAPA-500').count()).toBe(0);
    expect(e.foreignRequests).toEqual([]);
  });
});
