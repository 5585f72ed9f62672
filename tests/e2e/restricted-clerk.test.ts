import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { descriptors, permissionSlug } from '../../resources';
import { insertUser } from '../fixtures/users';
import { createExamples } from '../fixtures/examples';
import { ADMIN, signIn, watchSocket, type E2E } from './harness';
import { apiRead, consoleRoutes, navigate, settled, startWatched } from './a11y-routes';
import { makeBranches } from '../fixtures/records';

/**
 * A restricted branch clerk, end to end in Chromium against the real server: every
 * screen they may not open lands on the access-denied page without a refused read; every filter
 * of the screens they may open offers choices; a notice sent to them alone reaches their inbox and
 * profile (which shows the latest ten); a permission withdrawn while they look at a screen takes
 * it away at once; and the administrator's navigation has no English label in bn, es or my.
 */
const CLERK = { username: 'branchclerk', password: 'clerk-e2e-password' };
const CLERK_SCREENS = ['users', 'doctors', 'optics', 'medicine'];
const CLERK_SLUGS = CLERK_SCREENS.map((name) =>
  permissionSlug(
    descriptors.find((d) => d.name === name)!,
    'list',
  ),
);

type Session = Record<string, string>;

async function sessionOf(page: Page): Promise<Session> {
  return page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
}

async function useSession(e: E2E, saved: Session, route: string) {
  await e.page.evaluate((s) => {
    localStorage.clear();
    for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v);
  }, saved);
  await e.page.goto(`${e.url}${route}`);
}

const accessDenied = (page: Page) => page.getByText('Access denied', { exact: true });

/** Until no request of the page is in flight (as `trackRequests` counts them), twice in a row. */
async function idle(page: Page) {
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __inflight?: number; __idle?: number };
      w.__idle = (w.__inflight ?? 0) === 0 ? (w.__idle ?? 0) + 1 : 0;
      return w.__idle >= 2;
    },
    null,
    { polling: 100 },
  );
}

/** The labels of the side bar: its links and the headings of its groups. */
async function navLabels(page: Page): Promise<string[]> {
  const nav = page.locator('.RaSidebar-fixed');
  await expect.poll(() => nav.getByRole('menuitem').count()).toBeGreaterThan(10);
  const links = await nav.getByRole('menuitem').allTextContents();
  const headings = await nav.locator('.MuiListSubheader-root').allTextContents();
  return [...links, ...headings].map((t) => t.trim()).filter(Boolean);
}

describe('a restricted branch clerk, end to end in Chromium', () => {
  let e: E2E;
  let failures: string[];
  let clerkId: number;
  let clerkGroup: number;
  let branchId: number;
  let clerk: Session;
  let admin: Session;
  let adminToken: string;

  beforeAll(async () => {
    ({ e, failures } = await startWatched());
    const db = e.app.ctx.conn.db;
    // A record of every resource (the clerk's screens have rows, their filters choices) and the clerk's branch, made here.
    await createExamples(e.app);
    branchId = (await makeBranches(e.app))['DHK-01']!;
    clerkGroup = 900;
    await insertUser(e.app.ctx, { ...CLERK, group: clerkGroup, slugs: CLERK_SLUGS });
    await db
      .updateTable('users')
      .set({ user_branch: branchId, user_name: 'Branch Clerk' })
      .where('username', '=', CLERK.username)
      .execute();
    clerkId = (await db.selectFrom('users').select('user_id').where('username', '=', CLERK.username).executeTakeFirstOrThrow()).user_id;
    const login = await e.app.inject({ method: 'POST', url: '/api/users/user-login/', payload: ADMIN });
    adminToken = login.json<{ data: { token: string } }>().data.token;

    await signIn(e);
    admin = await sessionOf(e.page);
    await e.page.evaluate(() => {
      localStorage.clear();
    });
    await signIn(e, CLERK);
    clerk = await sessionOf(e.page);
  }, 60_000);
  afterAll(() => e.close());

  it('every screen the clerk may not open lands on the access-denied page, and nothing asks the server first', async () => {
    const { signedIn } = await consoleRoutes();
    // The home page (and its About editor's route, which shows the clerk the summary alone) is everyone's.
    const allowed = new Set([
      '/',
      '/about',
      '/notification/inbox',
      '/users/my-profile',
      '/users/reset-password',
      '/settings',
      '/settings/theme-setup',
    ]);
    const clerkRoutes = new Set(CLERK_SCREENS.map((n) => `/${n}`));
    const forbidden = signedIn.filter(
      (r) => !allowed.has(r) && !clerkRoutes.has(r) && !CLERK_SCREENS.some((n) => r === `/${n}/create`) && r !== '/no/such/page',
    );
    expect(forbidden).toEqual(
      expect.arrayContaining(['/hero-section', '/group', '/notification', '/notification/create', '/settings/menu-setup']),
    );
    await useSession(e, clerk, '/');
    await settled(e.page);
    const missed: string[] = [];
    for (const route of forbidden) {
      failures.length = 0;
      await navigate(e.page, route);
      await expect.poll(() => accessDenied(e.page).count(), { message: route }).toBe(1);
      await idle(e.page);
      if (failures.length) missed.push(`${route}: ${failures.join(', ')}`);
    }
    expect(missed).toEqual([]);
  }, 180_000);

  it('every filter of the screens the clerk may open offers choices, and the home page counts their branch’s users', async () => {
    await useSession(e, clerk, '/');
    const { data } = await apiRead(e.page, `/api/users/user-list?user_branch=${branchId}&status=all&limit=1`);
    expect(Array.isArray(data) && data.length).toBeTruthy();
    const total = (
      await e.page.evaluate(
        async (u) =>
          (await (await fetch(u, { headers: { 'access-token': localStorage.getItem('token') ?? '' } })).json()) as { total: number },
        `/api/users/user-list?user_branch=${branchId}&status=all&limit=1`,
      )
    ).total;
    await expect.poll(() => e.page.locator('a[href="/users"] h5').textContent()).toBe(String(total));

    for (const screen of CLERK_SCREENS) {
      failures.length = 0;
      await navigate(e.page, `/${screen}`);
      await settled(e.page);
      const filters = e.page.locator('.RaFilterForm-filterFormInput [role="combobox"]');
      const count = await filters.count();
      expect(count, screen).toBeGreaterThan(0);
      for (let i = 0; i < count; i++) {
        const filter = filters.nth(i);
        const name = (await filter.getAttribute('aria-labelledby')) ?? String(i);
        await filter.click();
        const options = e.page.getByRole('listbox').getByRole('option');
        await expect.poll(() => options.count(), { message: `${screen} ${name}` }).toBeGreaterThan(0);
        // An empty choice ("All") alone is no choice: then the filter must say why.
        const real = (await options.allTextContents()).filter((t) => t.trim() !== '');
        if (real.length === 0) {
          const helper = filter.locator('xpath=ancestor::div[contains(@class,"MuiFormControl-root")][1]//p');
          expect(await helper.textContent(), `${screen} ${name}`).toMatch(/\S/);
        }
        await e.page.keyboard.press('Escape');
        await expect.poll(() => e.page.getByRole('listbox').count()).toBe(0);
      }
      expect(failures, screen).toEqual([]);
    }
  }, 180_000);

  it('a notice sent to the clerk alone reaches their inbox and profile; the profile shows the latest ten', async () => {
    // The administrator picks the clerk in the User picker of /notification/create.
    await useSession(e, admin, '/notification/create');
    const dialog = e.page.getByRole('dialog');
    await dialog.getByLabel(/^title/i).fill('Pharmacy audit tomorrow');
    await dialog.getByLabel(/^type/i).click();
    await e.page.getByRole('option', { name: 'User', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'User', exact: true }).click();
    await e.page.getByRole('option', { name: 'Branch Clerk' }).click();
    await dialog.getByRole('button', { name: /save/i }).click();
    await expect.poll(() => e.page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => e.page.locator('tbody').textContent()).toContain('Pharmacy audit tomorrow');
    const sent = await e.app.ctx.conn.db
      .selectFrom('notification')
      .select(['notification_type', 'notification_user'])
      .where('notification_title', '=', 'Pharmacy audit tomorrow')
      .executeTakeFirstOrThrow();
    expect(sent).toEqual({ notification_type: 'User', notification_user: clerkId });

    await useSession(e, clerk, '/notification/inbox');
    await expect.poll(() => e.page.getByText('Pharmacy audit tomorrow').count()).toBe(1);
    await navigate(e.page, '/users/my-profile');
    const latest = e.page.getByRole('list', { name: 'Notifications' });
    await expect.poll(() => latest.getByText('Pharmacy audit tomorrow').count()).toBe(1);

    // Eleven more, each a minute later than the one before: the profile shows the newest ten.
    for (let i = 1; i <= 11; i++) {
      const res = await e.app.inject({
        method: 'POST',
        url: '/api/notification/notification-create',
        headers: { 'access-token': adminToken },
        payload: {
          notification_title: `Round ${String(i).padStart(2, '0')}`,
          notification_date: `2026-01-01 08:${String(i).padStart(2, '0')}:00`,
          notification_type: 'User',
          notification_user: clerkId,
          notification_status: 1,
        },
      });
      expect(res.statusCode).toBe(201);
    }
    await e.page.reload();
    await expect.poll(() => latest.getByRole('button').count()).toBe(10);
    const titles = await latest.getByRole('button').allTextContents();
    // Newest first: the audit (dated now), then rounds 11 down to 03; rounds 02 and 01 are older than the ten.
    expect(titles[0]).toContain('Pharmacy audit tomorrow');
    expect(titles.slice(1).map((t) => /Round \d\d/.exec(t)?.[0])).toEqual(
      [11, 10, 9, 8, 7, 6, 5, 4, 3].map((n) => `Round ${String(n).padStart(2, '0')}`),
    );
    await latest.getByRole('button', { name: /Round 07/ }).click();
    await expect.poll(() => e.page.getByRole('dialog', { name: 'Round 07' }).count()).toBe(1);
    await e.page.getByRole('dialog').getByRole('button', { name: /close/i }).click();
  }, 120_000);

  it('a permission withdrawn while the clerk looks at its screen takes the screen and its menu entry away at once', async () => {
    const db = e.app.ctx.conn.db;
    const doctorsList = (
      await db.selectFrom('menu').select('menu_id').where('menu_slug', '=', 'doctors/doctors-list').executeTakeFirstOrThrow()
    ).menu_id;
    const setDoctors = async (status: 0 | 1) => {
      const res = await e.app.inject({
        method: 'POST',
        url: '/api/permission/permission-create',
        headers: { 'access-token': adminToken },
        payload: { group_id: clerkGroup, permission_data: [{ menu_id: doctorsList, permission_status: status }] },
      });
      expect(res.statusCode).toBe(200);
    };
    const doctorsLink = () => e.page.locator('.RaSidebar-fixed a[href="/doctors"]');
    const socket = watchSocket(e.page);
    await useSession(e, clerk, '/doctors');
    for (let round = 1; round <= 3; round++) {
      await expect.poll(() => doctorsLink().count(), { message: `round ${round}` }).toBe(1);
      await expect.poll(() => e.page.locator('tbody tr').count(), { message: `round ${round}` }).toBeGreaterThan(0);
      // The socket connects once the page has been idle: the change is made once it is there.
      await expect.poll(() => socket.connected(), { message: `round ${round}` }).toBe(true);
      const loadsBefore = await e.page.evaluate(() => performance.getEntriesByType('navigation').length);
      await setDoctors(0);
      await expect.poll(() => accessDenied(e.page).count(), { message: `round ${round}` }).toBe(1);
      await expect.poll(() => doctorsLink().count(), { message: `round ${round}` }).toBe(0);
      expect(await e.page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(loadsBefore);
      // Given back, the entry returns live too; the clerk opens the screen again.
      await setDoctors(1);
      await expect.poll(() => doctorsLink().count(), { message: `round ${round}` }).toBe(1);
      await doctorsLink().click();
    }
  }, 120_000);

  it('in bn, es and my the administrator’s navigation has no English label', async () => {
    await useSession(e, { ...admin, language: 'en' }, '/');
    const english = new Set(await navLabels(e.page));
    expect([...english]).toEqual(expect.arrayContaining(['Operation theatres', 'About the hospital', 'Users']));
    for (const language of ['bn', 'es', 'my']) {
      await useSession(e, { ...admin, language }, '/');
      await expect.poll(() => e.page.evaluate(() => document.documentElement.lang)).toBe(language);
      const labels = await navLabels(e.page);
      expect(new Set(labels).size, language).toBe(english.size);
      expect(
        labels.filter((l) => english.has(l)),
        language,
      ).toEqual([]);
    }
    expect(e.foreignRequests).toEqual([]);
  }, 120_000);
});
