import type { Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startE2E, type E2E } from './harness';
import { makePharmacy, makeRecord } from '../fixtures/records';
import { STORED_PAGES_KEY } from '../../dataProvider/storedPages';

/*
 * A returning user's list shows the page the browser kept of it while the server's answer is on its
 * way, then the answer (dataProvider/storedPages.ts, src/screens/firstPage.ts); signing out leaves
 * nothing of it in the browser's storage.
 */

const LIST_CALL = '**/api/medicine/medicine-list/**';

/** Holds the medicine list's answers until `release`; `asked` settles when the first one is held. */
async function holdList(e: E2E) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const wasAsked = new Promise<void>((resolve) => (asked = resolve));
  const passed: Promise<void>[] = [];
  const handler = (route: Route) => {
    asked();
    const passing = released.then(() => route.continue());
    passed.push(passing);
    return passing;
  };
  await e.page.route(LIST_CALL, handler);
  return {
    asked: wasAsked,
    release: async () => {
      release();
      // Every held call goes on to the server before the route is taken away.
      await Promise.all(passed);
      await e.page.unroute(LIST_CALL, handler);
    },
  };
}

const kept = (e: E2E) => e.page.evaluate((key) => localStorage.getItem(key), STORED_PAGES_KEY);

describe('the list kept in the browser, in Chromium', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
    await makePharmacy(e.app);
    await signIn(e);
  });
  afterAll(() => e?.close());

  it('shows the kept rows on a return visit before the server answers, then the answer replaces them', async () => {
    const { page } = e;
    await page.goto(`${e.url}/medicine`);
    await page.getByText('Napa 500 mg (Paracetamol)').waitFor();
    await expect.poll(() => kept(e)).toContain('Napa 500 mg (Paracetamol)');
    // The user moves on to another screen; meanwhile a colleague adds a medicine: the newest comes
    // first in the server's next answer. (Were the list still open, the live record event would
    // refresh it, and the kept page with it, before the return visit.)
    await page.goto(`${e.url}/branch`);
    await page.getByRole('heading', { name: 'Branches', level: 1 }).waitFor();
    await makeRecord(e.app, 'medicine', {
      medicine_code: 'NEW-1',
      medicine_name: 'Newly added syrup',
      medicine_purchase_price: 1,
      medicine_sales_price: 2,
    });

    const held = await holdList(e);
    await page.goto(`${e.url}/medicine`);
    await held.asked;
    // The server has not answered (its answer is held): these rows are the kept ones.
    await page.getByText('Napa 500 mg (Paracetamol)').waitFor();
    expect(await page.getByText('Newly added syrup').count()).toBe(0);
    await held.release();
    await page.getByText('Newly added syrup').waitFor();
    await page.getByText('Napa 500 mg (Paracetamol)').waitFor();
  });

  it('forgets the kept rows when the user signs out, and a new sign-in waits for the server', async () => {
    const { page } = e;
    await page.goto(`${e.url}/medicine`);
    await page.getByText('Newly added syrup').waitFor();
    await expect.poll(() => kept(e)).toContain('Newly added syrup');
    await page.goto(`${e.url}/logout`);
    await page.waitForURL(/\/login/);
    expect(await kept(e)).toBeNull();

    await signIn(e);
    const held = await holdList(e);
    await page.goto(`${e.url}/medicine`);
    await held.asked;
    // Nothing kept from the session before: the list has no rows until the server answers.
    await page.getByRole('heading', { name: 'Medicines' }).first().waitFor();
    expect(await page.getByText('Napa 500 mg (Paracetamol)').count()).toBe(0);
    await held.release();
    await page.getByText('Napa 500 mg (Paracetamol)').waitFor();
  });
});
