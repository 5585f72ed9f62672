import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { samplePicture } from '../../server/startup/sample-image';
import { ADMIN, startE2E, type E2E } from './harness';
import { makeAbout, makeBranches, makePharmacy, makeStaffLists } from '../fixtures/records';
import { navigate } from './a11y-routes';

/**
 * No silent lost updates, in Chromium: two consoles (A and B, two contexts of one browser, each
 * signed in on its own) open the same record; B saves; A sees the live notice with its own typing
 * intact; A saves, the conflict dialog opens, A takes B's value for one field and keeps its own
 * for another, and the stored record holds both. For a catalogue record with a picture, a
 * singleton, a user, a menu and a notification.
 *
 * Both consoles stay loaded from their sign-in on: each record is opened inside the running
 * console (as a link would), not by loading the whole bundle again in both pages for every race.
 */
const NOTICE = 'Someone else saved this record while you had it open.';
const CONFLICT = 'Someone else changed this record';

interface Edit {
  /** The input's label, and the conflict row's (the field's label as the dialog names it). */
  label: string | RegExp;
  row: string;
  a: string;
  b: string;
}

describe('no silent lost updates, two consoles in Chromium', () => {
  let e: E2E;
  let browser: Browser;
  let a: Page;
  let b: Page;
  let token: string;
  let medicines: Record<string, number>;

  const api = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const res = await e.app.inject({
      method,
      url,
      headers: { 'access-token': token },
      payload: payload === undefined ? undefined : JSON.stringify(payload),
      ...(payload !== undefined && { headers: { 'access-token': token, 'content-type': 'application/json' } }),
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json<{ data: unknown }>().data;
  };

  async function console(): Promise<Page> {
    const context: BrowserContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    e.watch(context);
    const page = await context.newPage();
    await page.goto(`${e.url}/login`);
    await page.getByLabel(/username/i).fill(ADMIN.username);
    await page.getByLabel(/^password/i).fill(ADMIN.password);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL(`${e.url}/`);
    return page;
  }

  beforeAll(async () => {
    e = await startE2E();
    // The medicine with a picture, the About page, and what a new user is filed under, made here.
    ({ medicine: medicines } = await makePharmacy(e.app));
    await makeAbout(e.app);
    await makeBranches(e.app);
    await makeStaffLists(e.app);
    // The harness's own context is not needed: this file drives two contexts of the harness's browser.
    await e.context.close();
    browser = e.browser;
    token = (await e.app.inject({ method: 'POST', url: '/api/users/user-login/', payload: ADMIN })).json<{ data: { token: string } }>().data
      .token;
    [a, b] = await Promise.all([console(), console()]);
  });
  afterAll(async () => {
    await e?.close();
  });

  /**
   * The race: both open, A types, B saves, A is told and keeps its typing, A saves into the
   * conflict dialog and resolves it; `stored` reads the record back through the API.
   */
  async function race(options: {
    open: (p: Page) => Promise<Locator>;
    take: Edit;
    keep: Edit;
    stored: () => Promise<Record<string, unknown>>;
    field?: (stored: Record<string, unknown>, edit: Edit) => unknown;
    alsoA?: (form: Locator) => Promise<void>;
  }) {
    const { take, keep } = options;
    const field = options.field ?? ((stored: Record<string, unknown>, edit: Edit) => stored[edit.row]);
    const [formA, formB] = await Promise.all([options.open(a), options.open(b)]);
    const input = (form: Locator, edit: Edit) =>
      (typeof edit.label === 'string' ? form.getByLabel(edit.label, { exact: true }) : form.getByLabel(edit.label)).first();
    // Loaded: the field A will take from B holds the stored value in both.
    for (const form of [formA, formB]) await expect.poll(() => input(form, take).inputValue()).not.toBe('');

    for (const edit of [take, keep]) await input(formA, edit).fill(edit.a);
    await options.alsoA?.(formA);
    for (const edit of [take, keep]) await input(formB, edit).fill(edit.b);
    await formB.getByRole('button', { name: /^save$/i }).click();
    await expect.poll(async () => field(await options.stored(), take)).toBe(take.b);

    await expect.poll(() => a.getByText(NOTICE).count()).toBe(1);
    // Nothing A typed was replaced by B's record.
    for (const edit of [take, keep]) expect(await input(formA, edit).inputValue()).toBe(edit.a);

    await formA.getByRole('button', { name: /^save$/i }).click();
    const dialog = a.getByRole('dialog', { name: CONFLICT });
    await dialog.waitFor();
    await dialog
      .locator(`tr[data-field="${take.row}"]`)
      .getByRole('radio', { name: /Take theirs/ })
      .check();
    await dialog
      .locator(`tr[data-field="${keep.row}"]`)
      .getByRole('radio', { name: /Keep mine/ })
      .check();
    await dialog.getByRole('button', { name: 'Save with these choices' }).click();
    await expect.poll(async () => field(await options.stored(), keep)).toBe(keep.a);
    const stored = await options.stored();
    expect(field(stored, take)).toBe(take.b);
    await expect.poll(() => dialog.count()).toBe(0);
    return stored;
  }

  it('a medicine with a picture: A keeps B’s name, its own price and the picture it chose', async () => {
    const med = (await api('GET', `/api/medicine/get-medicine/${medicines['NAPA-500']}`)) as {
      medicine_id: number;
      medicine_picture: string;
    };
    expect(med.medicine_picture).toMatch(/\S/);
    const stored = await race({
      open: async (p) => {
        await navigate(p, `/medicine/${med.medicine_id}`);
        return p.getByRole('dialog', { name: /^Update/ });
      },
      take: { label: /^name/i, row: 'medicine_name', a: 'Napa by A', b: 'Napa by B' },
      keep: { label: /purchase price/i, row: 'medicine_purchase_price', a: '11', b: '12' },
      stored: async () => (await api('GET', `/api/medicine/get-medicine/${med.medicine_id}`)) as Record<string, unknown>,
      field: (s, edit) => {
        const v = s[edit.row];
        return typeof v === 'number' ? String(v) : v;
      },
      alsoA: async (form) => {
        await form
          .locator('input[type=file]')
          .first()
          .setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: await samplePicture('A', 120, 120) });
      },
    });
    // The picture A chose was saved with A's resolution (B never touched it).
    expect(stored.medicine_picture).not.toBe(med.medicine_picture);
    expect(stored.medicine_picture).toMatch(/\S/);
  });

  it('the About page (a singleton): A keeps B’s title and its own sub title', async () => {
    const read = async () => ((await api('GET', '/api/about/about-list')) as Record<string, unknown>[])[0]!;
    await race({
      open: async (p) => {
        await navigate(p, '/about');
        return p.locator('main');
      },
      take: { label: /^title\s\*/i, row: 'title', a: 'About by A', b: 'About by B' },
      keep: { label: /^sub title/i, row: 'sub_title', a: 'Sub by A', b: 'Sub by B' },
      stored: read,
    });
  });

  it('a user: A keeps B’s name and its own address', async () => {
    const first = async (path: string, idField: string) => ((await api('GET', path)) as Record<string, number>[])[0]![idField]!;
    const made = (await api('POST', '/api/users/user-create', {
      user_name: 'Rahim Nurse',
      username: 'rahim',
      password: 'harbour-mango-quilt-3',
      c_password: 'harbour-mango-quilt-3',
      user_branch: await first('/api/branch/branch-list/?status=all', 'branch_id'),
      user_group: await first('/api/group/group-list/?status=all', 'group_id'),
      user_designation: await first('/api/designation/designation-list/?status=all', 'designation_id'),
      user_department: await first('/api/department/department-list/?status=all', 'department_id'),
    })) as { user_id: number };
    await race({
      open: async (p) => {
        await navigate(p, `/users/${made.user_id}`);
        return p.getByRole('dialog', { name: /^Update/ });
      },
      take: { label: /^name/i, row: 'user_name', a: 'Rahim by A', b: 'Rahim by B' },
      keep: { label: /^address/i, row: 'user_address', a: 'Ward 1, by A', b: 'Ward 2, by B' },
      stored: async () => (await api('GET', `/api/users/get-user/${made.user_id}`)) as Record<string, unknown>,
    });
  });

  it('a menu: A keeps B’s name and its own position', async () => {
    const made = (await api('POST', '/api/menu/menu-create', { menu_name: 'E2E Rounds', menu_slug: 'e2e-rounds', menu_position: 90 })) as {
      menu_id: number;
    };
    await race({
      open: async (p) => {
        await navigate(p, '/settings/menu-setup');
        await p.getByRole('button', { name: 'Edit: E2E Rounds' }).click();
        return p.getByRole('dialog', { name: 'Update menu' });
      },
      take: { label: 'Name', row: 'menu_name', a: 'Rounds by A', b: 'Rounds by B' },
      keep: { label: 'Position', row: 'menu_position', a: '91', b: '92' },
      stored: async () => (await api('GET', `/api/menu/get-menu/${made.menu_id}`)) as Record<string, unknown>,
      field: (s, edit) => (edit.row === 'menu_name' ? s.menu_name : String(s.menu_position)),
    });
  });

  it('a notification: A keeps B’s title and its own date', async () => {
    const made = (await api('POST', '/api/notification/notification-create', {
      notification_date: '2026-01-05 09:30:00',
      title: 'E2E notice',
      description: '<p>Rounds</p>',
      type: 'All',
      status: 0,
    })) as { notification_id: number };
    await race({
      open: async (p) => {
        await navigate(p, `/notification/${made.notification_id}`);
        return p.getByRole('dialog', { name: /^Update/ });
      },
      take: { label: /^title/i, row: 'notification_title', a: 'Notice by A', b: 'Notice by B' },
      keep: { label: /^date/i, row: 'notification_date', a: '2026-03-01T10:00', b: '2026-04-01T10:00' },
      stored: async () => (await api('GET', `/api/notification/get-notification/${made.notification_id}`)) as Record<string, unknown>,
      field: (s, edit) =>
        edit.row === 'notification_title' ? s.notification_title : (s.notification_date as string).replace(' ', 'T').slice(0, 16),
    });
  });

  it('a list shows a row someone else changed, keeping its page, search, sort and selection', async () => {
    const ids: Record<string, number> = {};
    for (let i = 1; i <= 25; i++) {
      const code = `LIVE-${String(i).padStart(2, '0')}`;
      const made = (await api('POST', '/api/pharmacy-category/pharmacy-category-create', {
        pharmacy_category_code: code,
        pharmacy_category_name: `Live ${code}`,
      })) as { pharmacy_category_id: number };
      ids[code] = made.pharmacy_category_id;
    }
    const filter = encodeURIComponent(JSON.stringify({ q: 'LIVE-' }));
    await navigate(a, `/pharmacy-category?filter=${filter}&order=ASC&page=2&perPage=10&sort=pharmacy_category_code`);
    const row = (code: string) => a.locator('tbody tr', { hasText: code });
    // Page 2 of the search, by code: LIVE-11 to LIVE-20.
    await expect.poll(() => row('LIVE-11').count()).toBe(1);
    expect(await row('LIVE-10').count()).toBe(0);
    for (const code of ['LIVE-11', 'LIVE-12']) await row(code).getByRole('checkbox', { name: 'Select this row' }).check();
    await expect.poll(() => a.getByText('2 items selected').count()).toBe(1);

    // B (another session, through the API) renames a row on A's page.
    const res = await e.app.inject({
      method: 'PUT',
      url: `/api/pharmacy-category/pharmacy-category-update/${ids['LIVE-13']}`,
      headers: { 'access-token': token, 'content-type': 'application/json' },
      payload: JSON.stringify({ pharmacy_category_name: 'Renamed by B' }),
    });
    expect(res.statusCode, res.body).toBe(200);

    await expect.poll(() => row('LIVE-13').textContent()).toContain('Renamed by B');
    // Still page 2 of the same search and order, with the same two rows selected.
    const url = new URL(a.url());
    expect(url.searchParams.get('page')).toBe('2');
    expect(JSON.parse(url.searchParams.get('filter') ?? '{}')).toEqual({ q: 'LIVE-' });
    expect(url.searchParams.get('sort')).toBe('pharmacy_category_code');
    expect(await row('LIVE-11').count()).toBe(1);
    expect(await a.getByText('2 items selected').count()).toBe(1);
    for (const code of ['LIVE-11', 'LIVE-12'])
      expect(await row(code).getByRole('checkbox', { name: 'Select this row' }).isChecked()).toBe(true);
  });

  it('made no request to another host', () => {
    expect(e.foreignRequests).toEqual([]);
  });
});
