import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn, type E2E } from './harness';
import { navigate, seriousViolations, settled, startWatched } from './a11y-routes';
import { createExamples, exampleBody } from '../fixtures/examples';
import { listOverflow, pageOverflow, PHONE } from './phone-fit';
import { makeBranches, makePharmacy } from '../fixtures/records';

const DESKTOP = { width: 1400, height: 900 };

/** Whether a tap at the centre of the app bar's menu button reaches that button (no overlay above it). */
const menuButtonOnTop = (page: Page) =>
  page.evaluate(() => {
    const button = document.querySelector('header button[aria-label]');
    if (!button) return false;
    const r = button.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return !!hit && button.contains(hit);
  });

/**
 * The console on a phone (390 x 844) and at desktop width in Chromium: the navigation drawer never
 * leaves an invisible overlay behind, no screen is wider than the phone, a medicine can be
 * created, edited and deleted there; plus the titles, messages and list state that staff meet
 * every day. One server and one browser for the file.
 */
describe('the console on a phone', () => {
  let e: E2E;
  let page: Page;
  beforeAll(async () => {
    ({ e } = await startWatched());
    page = e.page;
    // A record of every screen (each list is measured with a row) and the medicine categories, made here.
    await createExamples(e.app);
    await makePharmacy(e.app);
    // Every toast the page shows, recorded as it appears (a missing one cannot be waited for).
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __toasts: string[] }).__toasts = seen;
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('.MuiSnackbarContent-message')) {
          const text = el.textContent ?? '';
          if (text && !seen.includes(text)) seen.push(text);
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.setViewportSize(PHONE);
  });
  afterAll(() => e?.close());

  const toasts = () => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);

  it('sends a first visit to the sign-in page without an error toast', async () => {
    await page.goto(`${e.url}/`);
    await page.waitForURL(/\/login$/);
    expect(await page.title()).toBe('Hospital Console');
    // A wrong password's toast comes after anything queued before it.
    await page.getByLabel(/username/i).fill('admin');
    await page.getByLabel(/^password/i).fill('not-the-password');
    await page.getByRole('button', { name: /sign in/i }).click();
    await expect.poll(toasts).not.toEqual([]);
    expect((await toasts()).join('|')).not.toMatch(/please login/i);
  });

  it('stays tappable after the drawer was open across a reload', async () => {
    await signIn(e);
    await page.getByRole('button', { name: /open menu/i }).click();
    await page.getByRole('menuitem', { name: 'Medicines' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => menuButtonOnTop(page)).toBe(true);
    // A real tap on the page, then through the drawer to another screen.
    await page.getByRole('button', { name: /open menu/i }).click();
    await page.getByRole('menuitem', { name: 'Medicines' }).click();
    await page.waitForURL(/\/medicine$/);
    await page.getByRole('heading', { name: 'Medicines', level: 1 }).waitFor();
    await expect.poll(() => menuButtonOnTop(page)).toBe(true);
    await page.getByPlaceholder('Search', { exact: true }).click();
  });

  it('stays tappable when a desktop window with its side bar open narrows to a phone', async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`${e.url}/branch`);
    await page.getByRole('heading', { name: 'Branches', level: 1 }).waitFor();
    await page.getByRole('menuitem', { name: 'Medicines' }).waitFor();
    await page.setViewportSize(PHONE);
    await expect.poll(() => menuButtonOnTop(page)).toBe(true);
    await page.getByPlaceholder('Search', { exact: true }).click();
    await page.getByRole('button', { name: /open menu/i }).click();
    await page.getByRole('menuitem', { name: 'Doctors' }).click();
    await page.getByRole('heading', { name: 'Doctors', level: 1 }).waitFor();
  });

  it('leaves the app bar’s title readable with the reviewers’ bell: theme and language are in the profile menu', async () => {
    // A change request waiting for the administrator: the reviewers' bell joins the app bar.
    const request = e.app.ctx.registry.get('change-request');
    const body = await exampleBody(request, new Map(), ' pending');
    await e.app.ctx.crud.create(request, { ...body, fields: { ...body.fields, change_request_state: 'pending' } });
    await page.goto(`${e.url}/notification/notification-list`);
    await settled(page);
    await page.getByTestId('approvals-bell').waitFor();
    const title = page.locator('#react-admin-title');
    await expect.poll(() => title.textContent()).toBe('Notifications');
    expect(await title.evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThanOrEqual(100);
    // The whole title fits: nothing cut off behind an ellipsis.
    expect(await title.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    const bar = page.locator('header');
    expect(await bar.getByRole('button', { name: /^Choose language/ }).count()).toBe(0);
    expect(await bar.getByRole('button', { name: /theme$/ }).count()).toBe(0);
    // Both are in the profile menu: the language chosen there applies at once.
    await bar.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: 'Switch to the dark theme' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('menuitem', { name: 'Choose language: English' }).click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await expect.poll(() => title.textContent()).toBe('Notificaciones');
    expect(await page.getByRole('menu').count()).toBe(0);
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await expect.poll(() => title.textContent()).toBe('Notifications');
  });

  it('creates, edits and deletes a medicine on the phone', async () => {
    await navigate(page, '/medicine');
    await settled(page);
    await page.getByRole('link', { name: /^new$/i }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/medicine code/i).fill('PHONE-1');
    await dialog.getByLabel(/^name/i).fill('Phone Paracetamol');
    await dialog.getByLabel(/category/i).click();
    await page.getByRole('option', { name: 'Antacids' }).click();
    await dialog.getByLabel(/purchase price/i).fill('10');
    await dialog.getByLabel(/sales price/i).fill('12.5');
    await expect.poll(() => dialog.getByLabel(/sales profit/i).inputValue()).toBe('2.50');
    await dialog.getByRole('button', { name: /^save$/i }).click();
    await page.waitForURL(/\/medicine(\?|$)/);
    await page.getByPlaceholder('Search', { exact: true }).fill('PHONE-1');
    // One card per row: its name readable in full, its edit and delete buttons on the screen.
    const cards = page.getByTestId('list-card');
    await expect.poll(() => cards.count()).toBe(1);
    const row = cards.first();
    await row.getByText('Phone Paracetamol').waitFor();
    for (const name of [/edit/i, /delete/i]) {
      const box = await row.getByRole(name.source === 'edit' ? 'link' : 'button', { name }).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    }
    expect(await listOverflow(page)).toBeLessThanOrEqual(0);
    // The row can still be selected for a bulk action.
    await row.getByRole('checkbox', { name: 'Select this row' }).check();
    await page.getByRole('button', { name: /deactivate/i }).waitFor();
    await row.getByRole('checkbox', { name: 'Select this row' }).uncheck();
    await row.getByRole('link', { name: /edit/i }).click();
    const edit = page.getByRole('dialog');
    await expect.poll(() => edit.getByLabel(/sales price/i).inputValue()).toBe('12.50');
    await edit.getByLabel(/sales price/i).fill('14');
    await edit.getByRole('button', { name: /^save$/i }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => cards.first().textContent()).toContain('14.00');
    await cards
      .first()
      .getByRole('button', { name: /delete/i })
      .click();
    await page.getByRole('button', { name: /^yes$/i }).click();
    await expect.poll(() => page.getByText('Data Not Found').count()).toBeGreaterThan(0);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  });
});

describe('the permission tree on a 360 px phone', () => {
  let e: E2E;
  beforeAll(async () => {
    ({ e } = await startWatched());
    await e.page.setViewportSize({ width: 360, height: 780 });
    await signIn(e);
  });
  afterAll(() => e?.close());

  it('fills the screen and shows every name whole', async () => {
    const { page } = e;
    await navigate(page, '/group');
    await settled(page);
    await page.getByTestId('list-card').getByRole('button', { name: 'Permission: Super Admin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Permissions of Super Admin' });
    await dialog.getByRole('button', { name: 'Expand all' }).click();
    const tree = dialog.getByRole('tree');
    await tree.getByRole('treeitem', { name: 'Branches: create' }).waitFor();
    expect(Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(360);
    // No name is cut: each is as wide as its text, and none reaches past the screen.
    const cut = await tree.evaluate((el) =>
      [...el.querySelectorAll('[role=treeitem] > .perm-row [id]')]
        .filter((n) => n.scrollWidth > n.clientWidth + 1 || n.getBoundingClientRect().right > window.innerWidth)
        .map((n) => n.textContent),
    );
    expect(cut).toEqual([]);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  });
});

describe('titles, messages and list state at desktop width', () => {
  let e: E2E;
  let page: Page;
  beforeAll(async () => {
    ({ e } = await startWatched());
    page = e.page;
    // Medicines with prices and a branch, for the lists below.
    await makePharmacy(e.app);
    await makeBranches(e.app);
    await signIn(e);
  });
  afterAll(() => e?.close());

  it('titles the app bar and the browser tab after the screen, in the chosen language', async () => {
    await navigate(page, '/medicine');
    await settled(page);
    await expect.poll(() => page.locator('#react-admin-title').textContent()).toBe('Medicines');
    await expect.poll(() => page.title()).toBe('Medicines · Hospital Console');
    await page.evaluate(() => localStorage.setItem('language', 'es'));
    await page.reload();
    await expect.poll(() => page.locator('#react-admin-title').textContent()).toBe('Medicamentos');
    await expect.poll(() => page.title()).toBe('Medicamentos · Consola del hospital');
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await expect.poll(() => page.title()).toBe('Medicines · Hospital Console');
  });

  it('keeps a list’s search, sort and page when coming back to it', async () => {
    await navigate(page, '/medicine');
    await settled(page);
    await page.getByPlaceholder('Search', { exact: true }).fill('NAPA');
    await expect.poll(() => new URL(page.url()).searchParams.get('filter')).toContain('NAPA');
    await page.getByRole('menuitem', { name: 'Branches' }).click();
    await page.getByRole('heading', { name: 'Branches', level: 1 }).waitFor();
    await page.getByRole('menuitem', { name: 'Medicines' }).click();
    await page.getByRole('heading', { name: 'Medicines', level: 1 }).waitFor();
    await expect.poll(() => page.getByPlaceholder('Search', { exact: true }).inputValue()).toBe('NAPA');
    await expect.poll(() => new URL(page.url()).searchParams.get('filter')).toContain('NAPA');
  });

  it('says a list could not be loaded, in words, with Try again and no page numbers', async () => {
    await page.route('**/api/branch/branch-list**', (route) => route.abort());
    await navigate(page, '/branch');
    await page.getByRole('alert').filter({ hasText: 'The data could not be loaded' }).waitFor();
    expect(await page.getByText(/failed to fetch/i).count()).toBe(0);
    expect(await page.locator('.MuiTablePagination-root').count()).toBe(0);
    await page.unroute('**/api/branch/branch-list**');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
    await page.locator('.MuiTablePagination-root').waitFor();
  });

  it('shows prices in the form as the list does, checks decimals in words, and saves with Ctrl+S', async () => {
    await page.evaluate(() => localStorage.setItem('language', 'es'));
    await page.goto(`${e.url}/medicine`);
    const cell = page.locator('td.column-medicine_sales_price').first();
    await cell.waitFor();
    const listed = (await cell.textContent()) ?? '';
    expect(listed).toMatch(/^\d+,\d{2}$/);
    await page
      .locator('tbody tr')
      .first()
      .getByRole('link', { name: /editar/i })
      .click();
    const dialog = page.getByRole('dialog');
    const price = dialog.getByLabel(/precio de venta/i);
    await expect.poll(() => price.inputValue()).toBe(listed);
    await price.fill('1,234');
    await page.keyboard.press('Control+s');
    // The form's own message in Spanish, not the browser's bubble (which would block the save silently).
    await dialog.getByText('Como mucho dos decimales').waitFor();
    await price.fill('7,5');
    await page.keyboard.press('Control+s');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => page.locator('td.column-medicine_sales_price').first().textContent()).toBe('7,50');
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  });
});
