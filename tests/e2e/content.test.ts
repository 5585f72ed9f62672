import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { samplePicture } from '../../server/startup/sample-image';
import { signIn, startE2E, type E2E } from './harness';
import { makeAbout } from '../fixtures/records';
import { expectToast } from './toast';

/**
 * Spec 001's one-record pages and multi-picture items in a real browser against the real server:
 * the About page saves and survives a reload; an optics Frame keeps exactly the pictures left.
 */
describe('content screens, end to end in Chromium', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
    await makeAbout(e.app);
    await signIn(e);
  });
  afterAll(() => e?.close());

  it('edits the About page (home), and the change persists after a reload', async () => {
    const { page } = e;
    // Signing in lands on `/`, which is the About editor holding the record made above.
    const title = page.getByLabel(/^title\s\*/i).first();
    await expect.poll(() => title.inputValue()).not.toBe('');
    await expect.poll(() => page.getByText('Recommended size: 865x741 px').count()).toBe(1);
    await title.fill('E2E Hospital — caring since 1998');
    await page.getByRole('button', { name: 'Add row' }).click();
    const rows = page.locator('[aria-label="Why Choose Us"], .ra-input-why_choose_us').first();
    await rows
      .getByLabel(/^title\s\*/i)
      .last()
      .fill('Open all night');
    await rows
      .getByLabel(/^description\s\*/i)
      .last()
      .fill('Emergency care 24 hours a day');
    await expectToast(page, 'Data Update Successfully', () => page.getByRole('button', { name: /^save$/i }).click());

    await page.reload();
    await expect
      .poll(() =>
        page
          .getByLabel(/^title\s\*/i)
          .first()
          .inputValue(),
      )
      .toBe('E2E Hospital — caring since 1998');
    await expect.poll(() => page.locator('input[value="Open all night"]').count()).toBe(1);
    // `/about` and `/home` open the same page.
    await page.goto(`${e.url}/home`);
    await page.waitForURL(/\/about$/);
    await expect
      .poll(() =>
        page
          .getByLabel(/^title\s\*/i)
          .first()
          .inputValue(),
      )
      .toBe('E2E Hospital — caring since 1998');
    const saved = (await e.app.inject({ method: 'GET', url: '/api/about/about-list', headers: { 'access-token': await token(e) } })).json()
      .data;
    expect(saved).toHaveLength(1);
    expect(JSON.parse(saved[0].why_choose_us).at(-1)).toEqual({ title: 'Open all night', description: 'Emergency care 24 hours a day' });
    expect(e.foreignRequests).toEqual([]);
  });

  it('creates an optics Frame with two pictures, removes one, and exactly one remains after reload', async () => {
    const { page } = e;
    await page.goto(`${e.url}/optics/optics-list`);
    await page.waitForURL(/\/optics(\?|$)/);
    await page
      .getByRole('link', { name: /^new$/i })
      .or(page.getByRole('button', { name: /^new$/i }))
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^code\s\*/i).fill('E2E-FRM-1');
    await dialog.getByLabel(/^name\s\*/i).fill('E2E Round Metal Frame');
    await dialog.getByLabel(/^type\s\*/i).click();
    await page.getByRole('option', { name: 'Frame', exact: true }).click();
    // Frame shows the frame fields and hides the lens ones.
    await expect.poll(() => dialog.getByLabel(/frame shape/i).count()).toBe(1);
    await expect.poll(() => dialog.getByLabel(/lens type/i).count()).toBe(0);
    await dialog.getByLabel(/frame shape/i).click();
    await page.getByRole('option', { name: 'Round', exact: true }).click();
    await dialog.getByLabel('Add images').setInputFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: await samplePicture('Front', 320, 200) },
      { name: 'side.png', mimeType: 'image/png', buffer: await samplePicture('Side', 320, 200) },
    ]);
    await expect.poll(() => pictures(dialog).count()).toBe(2);
    await dialog.getByRole('button', { name: /^save$/i }).click();
    await page.waitForURL(/\/optics(\?|$)/);

    await page.getByPlaceholder('Search', { exact: true }).fill('E2E-FRM');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    const row = page.locator('tbody tr').first();
    await expect.poll(() => row.locator('img').count()).toBe(2);

    await row
      .getByRole('link', { name: /edit/i })
      .or(row.getByRole('button', { name: /edit/i }))
      .first()
      .click();
    await page.waitForURL(/\/optics\/\d+/);
    const editUrl = page.url();
    const edit = page.getByRole('dialog');
    await expect.poll(() => pictures(edit).count()).toBe(2);
    await edit.getByRole('button', { name: 'Remove image 2' }).click();
    await expect.poll(() => pictures(edit).count()).toBe(1);
    await edit.getByRole('button', { name: /^save$/i }).click();
    await page.waitForURL(/\/optics(\?|$)/);

    await page.goto(editUrl);
    await page.reload();
    const reopened = page.getByRole('dialog');
    await expect.poll(() => reopened.getByLabel(/^code\s\*/i).inputValue()).toBe('E2E-FRM-1');
    await expect.poll(() => pictures(reopened).count()).toBe(1);
    const img = pictures(reopened).locator('img');
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
    const id = editUrl.split('/').pop();
    const stored = (
      await e.app.inject({ method: 'GET', url: `/api/optics/get-optics/${id}`, headers: { 'access-token': await token(e) } })
    ).json().data;
    expect(JSON.parse(stored.optics_picture)).toHaveLength(1);
    expect(stored).toMatchObject({ optics_type: 'Frame', optics_frame_shape: 'Round' });
    expect(e.foreignRequests).toEqual([]);
  });
});

/** The rows of the optics form's picture list. */
const pictures = (dialog: Locator) => dialog.getByRole('group', { name: 'Pictures' }).getByRole('listitem');

/** The browser's own session token, to read back through the API what the screens saved. */
async function token(e: E2E): Promise<string> {
  return e.page.evaluate(() => localStorage.getItem('token') ?? '');
}
