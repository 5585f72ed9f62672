import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../resources';
import { signIn, startE2E, type E2E } from './harness';

/** The page background of the dark theme (src/layout/theme.ts PAGE_BACKGROUND.dark, public/theme-boot.js). */
const DARK = 'rgb(18, 18, 18)';

/**
 * Records the page background on every animation frame from the very first one (before any
 * paint) until React has drawn the console: a flash of the light theme would show up here.
 */
const RECORD_BACKGROUNDS = () => {
  const w = window as unknown as { __backgrounds: string[] };
  w.__backgrounds = [];
  const tick = () => {
    w.__backgrounds.push(getComputedStyle(document.documentElement).backgroundColor);
    const root = document.getElementById('root');
    if (!(root && root.childElementCount > 0) && w.__backgrounds.length < 2000) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
};

describe('shell, end to end in Chromium', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
    // The medicine the search finds, made here (no demo records are seeded).
    await e.app.ctx.crud.create(registry.get('medicine'), {
      fields: { medicine_code: 'NAPA-500', medicine_name: 'Napa 500 mg (Paracetamol)' },
      files: [],
    });
    await signIn(e);
  });
  afterAll(() => e.close());

  it('layout and theme chosen on the theme setup persist across a reload, without a flash of the light theme', async () => {
    const { page } = e;
    await page.goto(`${e.url}/settings`);
    await page.waitForURL(/\/settings\/theme-setup$/);
    await page.getByRole('radio', { name: 'Dark', exact: true }).check();
    await page.getByRole('radio', { name: 'Horizontal', exact: true }).check();
    // Applied at once: the top navigation bar is there and the content is dark, before any reload.
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await expect.poll(() => page.locator('#main-content').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(DARK);

    await page.addInitScript(RECORD_BACKGROUNDS);
    await page.reload();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    const backgrounds = await page.evaluate(() => (window as unknown as { __backgrounds: string[] }).__backgrounds);
    expect(backgrounds.length).toBeGreaterThan(0);
    expect(new Set(backgrounds)).toEqual(new Set([DARK]));
    await expect.poll(() => page.locator('#main-content').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(DARK);
    expect(await page.getByRole('radio', { name: 'Dark', exact: true }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Horizontal', exact: true }).isChecked()).toBe(true);
    expect(await page.locator('.RaSidebar-fixed').count()).toBe(0);

    // Back to the defaults: light again, the side bar back.
    await page.getByRole('button', { name: 'Reset to default' }).click();
    await expect.poll(() => page.locator('#main-content').evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(DARK);
    await expect.poll(() => page.locator('.RaSidebar-fixed').count()).toBe(1);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).not.toBe(DARK);
  });

  it('Ctrl+K finds a medicine by name and opens it', async () => {
    const { page } = e;
    await page.goto(`${e.url}/`);
    await page.getByRole('button', { name: 'Search (Ctrl+K)' }).waitFor();
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.getByRole('combobox', { name: 'Search' }).fill('Napa');
    const option = dialog.getByRole('group', { name: 'Medicines' }).getByRole('option', { name: /Napa 500 mg/ });
    await option.waitFor();
    // Move the active option onto the medicine with the arrow keys, then Enter.
    const options = dialog.getByRole('option');
    const index = (await options.allTextContents()).findIndex((t) => t.includes('Napa 500 mg'));
    for (let i = 0; i < index; i += 1) await page.keyboard.press('ArrowDown');
    await expect.poll(() => option.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/medicine\/\d+$/);
    const edit = page.getByRole('dialog', { name: /update medicine/i });
    await expect.poll(() => edit.getByLabel(/medicine code/i).inputValue()).toBe('NAPA-500');
  });
});
