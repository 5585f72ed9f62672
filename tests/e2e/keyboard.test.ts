import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn, type E2E } from './harness';
import { settled, startWatched } from './a11y-routes';
import { makeBranches } from '../fixtures/records';

/** What has the keyboard focus: its tag, id, accessible label or text, and whether a dialog holds it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el) return { tag: '', id: '', name: '', inDialog: false, opener: false };
    return {
      tag: el.tagName.toLowerCase(),
      id: el.id,
      name: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '',
      // The open dialog: MUI focuses its container first, then the fields and buttons of its paper.
      inDialog: !!el.closest('.MuiDialog-root:not([aria-hidden="true"])'),
      opener: el.hasAttribute('data-test-opener'),
    };
  });

/** Marks the element that opens a dialog, to find out that the focus came back to that very element. */
async function markOpener(page: Page, selector: string) {
  // The list's rows come after its heading: wait for the element, and for the list to settle.
  await page.locator(selector).first().waitFor();
  await settled(page);
  await page.evaluate((s) => {
    document.querySelectorAll('[data-test-opener]').forEach((el) => el.removeAttribute('data-test-opener'));
    const el = document.querySelector<HTMLElement>(s);
    if (!el) throw new Error(`no ${s}`);
    el.setAttribute('data-test-opener', '');
    el.focus();
  }, selector);
}

/** Tabs forward (and once backward) more times than the dialog has controls: the focus never leaves it. */
async function expectTrapped(page: Page) {
  const count = await page.evaluate(
    () =>
      document.querySelectorAll(
        '.MuiDialog-root [role="dialog"] :is(a[href], button, input, textarea, select, [tabindex="0"], [contenteditable="true"])',
      ).length,
  );
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count + 2; i++) {
    await page.keyboard.press('Tab');
    expect((await focused(page)).inDialog).toBe(true);
  }
  await page.keyboard.press('Shift+Tab');
  expect((await focused(page)).inDialog).toBe(true);
}

/** Keyboard use of the signed-in shell: skip link, visible focus, dialogs, language switch. */
describe('keyboard, end to end in Chromium', () => {
  let e: E2E;
  beforeAll(async () => {
    // Watched: `settled` then also waits for the page's requests in flight.
    ({ e } = await startWatched());
    // The branch rows whose pencil and bin open the dialogs below.
    await makeBranches(e.app);
    await signIn(e);
  });
  afterAll(() => e.close());

  it('the first Tab reaches a visible "Skip to content", with a focus ring; Enter moves the focus to the main content', async () => {
    const { page } = e;
    await page.goto(`${e.url}/branch`);
    await settled(page);
    await page.keyboard.press('Tab');
    const first = await focused(page);
    expect(first.name).toBe('Skip to content');
    const skip = page.locator(':focus');
    // On screen once focused (it waits above the page until then), and drawn with a focus ring.
    await expect.poll(async () => ((await skip.boundingBox()) ?? { y: -1 }).y).toBeGreaterThanOrEqual(0);
    const ring = await skip.evaluate((el) => {
      const s = getComputedStyle(el);
      return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
    });
    expect(ring.style).not.toBe('none');
    expect(ring.width).toBeGreaterThanOrEqual(2);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).id).toBe('main-content');
    // The next Tab goes on inside the content, not back to the app bar.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('#main-content'))).toBe(true);
  });

  it('a button focused by keyboard shows a focus ring', async () => {
    const { page } = e;
    await page.goto(`${e.url}/branch`);
    await settled(page);
    // Focused by keyboard: Tab from the skip link lands on the app bar's first button.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const ring = await page.locator(':focus').evaluate((el) => {
      const s = getComputedStyle(el);
      return { tag: el.tagName.toLowerCase(), style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
    });
    expect(ring.tag).toMatch(/^(a|button)$/);
    expect(ring.style).not.toBe('none');
    expect(ring.width).toBeGreaterThanOrEqual(2);
  });

  it("a record's edit dialog takes the focus, keeps it while tabbing, and gives it back to the pencil on Escape", async () => {
    const { page } = e;
    await page.goto(`${e.url}/branch`);
    await settled(page);
    await markOpener(page, 'td a[href*="/branch/"][aria-label="Edit"]');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
    await page.locator('input[name="branch_name"]').waitFor();
    await expectTrapped(page);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused(page)).opener).toBe(true);
  });

  it('the delete confirmation takes the focus, keeps it, and gives it back to the bin on Escape and on "No"', async () => {
    const { page } = e;
    await page.goto(`${e.url}/branch`);
    await settled(page);
    await markOpener(page, 'td button[aria-label="Delete"]');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
    await expectTrapped(page);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused(page)).opener).toBe(true);

    // Again, answered "No" by keyboard.
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'No' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused(page)).opener).toBe(true);
  });

  it('the language switch is named and works by keyboard', async () => {
    const { page } = e;
    await page.goto(`${e.url}/`);
    await settled(page);
    const button = page.getByRole('button', { name: 'Choose language: English' });
    await button.focus();
    await page.keyboard.press('Enter');
    // The language menu, not the side navigation (react-admin draws that as a menu too).
    const menu = page.getByRole('menu').filter({ has: page.locator('[role="menuitem"][lang="bn"]') });
    await menu.waitFor();
    // The focus is in the menu, on the current language; the arrows move to the others.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('menuitem');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Choose language: English');

    await page.keyboard.press('Enter');
    await menu.waitFor();
    for (let i = 0; i < 4 && (await page.evaluate(() => document.activeElement?.getAttribute('lang'))) !== 'es'; i++) {
      await page.keyboard.press('ArrowDown');
    }
    expect(await page.evaluate(() => document.activeElement?.getAttribute('lang'))).toBe('es');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
    await page.getByRole('button', { name: 'Elegir idioma: Español' }).waitFor();
    // Back to English for whatever runs next.
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  });
});
