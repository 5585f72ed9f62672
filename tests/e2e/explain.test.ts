import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../fixtures/users';
import { signIn, startE2E, type E2E } from './harness';
import { navigate, seriousViolations, settled } from './a11y-routes';
import { makeDoctor, makeRecord } from '../fixtures/records';

/**
 * The access explainer in Chromium against the real server: the admin checks why a restricted
 * user cannot open a screen (two clicks from the users list), reads the chain, grants it, checks
 * again; then views the console as that user, sees exactly their menu, finds Save off (and the
 * server refusing it), ends
 * the view, and finds start and end in the audit log. Screens are opened inside the running
 * console (as a link would), without loading the bundle again; the keyboard test alone loads its
 * page, so that its Tab presses start from the top.
 */
const NURSE = { username: 'nurse-explain', password: 'nurse-e2e-password' };
const NURSE_SLUGS = ['doctors/doctors-list', 'doctors/doctors-update', 'doctors/get-doctors'];
const GROUP = 91;

describe('explaining access and viewing as a user, end to end in Chromium', () => {
  let e: E2E;
  let nurseId: number;
  beforeAll(async () => {
    e = await startE2E();
    // The doctor the nurse edits, and the group compared with the nurse's, made here.
    await makeRecord(e.app, 'group', { group_code: 'PHARM', group_name: 'Pharmacist' });
    await makeDoctor(e.app);
    await insertUser(e.app.ctx, { ...NURSE, group: GROUP, slugs: NURSE_SLUGS });
    const row = await e.app.ctx.conn.db
      .selectFrom('users')
      .select('user_id')
      .where('username', '=', NURSE.username)
      .executeTakeFirstOrThrow();
    nurseId = row.user_id;
    await signIn(e);
  });
  afterAll(() => e?.close());

  it('explains a denial, grants it, explains the grant; views as the user read only; the log has both ends', async () => {
    const { page } = e;
    const nurseRow = () => page.locator('tbody tr', { hasText: NURSE.username });
    /** The users list with every branch shown: a branch-0 administrator has none chosen and sees no rows until one is. */
    const openUsersList = async () => {
      await navigate(page, '/users/user-list');
      await page.waitForURL(/\/users(\?|$)/);
      await page.getByRole('combobox', { name: /branch/i }).click();
      await page.getByRole('option', { name: 'All branches' }).click();
      await expect.poll(() => nurseRow().count()).toBe(1);
    };
    await openUsersList();
    // Click 1: the row's Check access button.
    await nurseRow()
      .getByRole('button', { name: /^check access/i })
      .click();
    await page.waitForURL(/\/explain\/check-access\?user=\d+/);
    // Click 2: the screen to ask about.
    const slugBox = page.getByLabel('Screen or action');
    await expect.poll(() => slugBox.isEnabled()).toBe(true);
    await slugBox.fill('medicine/medicine-list');
    await page.getByRole('option', { name: /\(medicine\/medicine-list\)/ }).click();
    const verdict = page.getByTestId('verdict');
    await expect.poll(() => verdict.textContent()).toMatch(/^Denied/);
    const decisive = page.locator('[data-decisive="true"]');
    await expect.poll(() => decisive.getAttribute('data-kind')).toBe('group-grant');
    await expect.poll(() => decisive.textContent()).toMatch(/does not grant/);
    expect(await seriousViolations(page)).toEqual([]);

    // Grant it to the nurse alone (the user permission route, as the dialog saves it), then check again.
    const granted = await page.evaluate(async (user) => {
      const headers = { 'access-token': localStorage.getItem('token') ?? '', 'content-type': 'application/json' };
      const menus = (await (await fetch('/api/menu/menu-list-permission', { headers })).json()) as {
        data: { menu_id: number; menu_slug: string }[];
      };
      const menu = menus.data.find((m) => m.menu_slug === 'medicine/medicine-list')!;
      const res = await fetch('/api/permission/permission-create-user', {
        method: 'POST',
        headers,
        body: JSON.stringify({ user: { user_id: user }, permission_data: [{ menu_id: menu.menu_id, permission_status: 1 }] }),
      });
      return res.status;
    }, nurseId);
    expect(granted).toBe(200);
    await page.reload();
    await expect.poll(() => page.getByTestId('verdict').textContent()).toMatch(/^Allowed/);
    await expect.poll(() => page.locator('[data-decisive="true"]').getAttribute('data-kind')).toBe('user-grant');
    // When, as every date with a time is written (issue 52: it was month first, "12/7/2026, 5:07:00 AM").
    await expect
      .poll(() => page.locator('[data-decisive="true"]').textContent())
      .toMatch(/set by Administrator, \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}(?!:)/);

    // The nurse's permission dialog says on the granted row where its state comes from.
    await openUsersList();
    await nurseRow()
      .getByRole('button', { name: new RegExp(`^permissions: ${NURSE.username}`, 'i') })
      .click();
    const permissions = page.getByRole('dialog', { name: new RegExp(`Permissions of ${NURSE.username}`) });
    await permissions.getByLabel(/filter menus/i).fill('medicine/medicine-list');
    // The deepest item holding the slug: the entry itself, not its parent.
    const grantedRow = permissions.getByRole('treeitem').filter({ hasText: 'medicine/medicine-list' }).last();
    await expect
      .poll(() => grantedRow.locator('[data-origin]').last().textContent())
      .toMatch(/^This user's own grant, set by Administrator, \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}(?!:)/);
    // The rows' origins add nothing axe objects to (each item's name is its whole visible text).
    expect(await seriousViolations(page)).toEqual([]);
    await permissions.getByRole('button', { name: /^close$/i }).click();

    // View as the nurse.
    await nurseRow()
      .getByRole('button', { name: /^view as/i })
      .click();
    const banner = page.getByText(/Viewing as .*, read only/);
    await expect.poll(() => banner.count()).toBe(1);
    await expect.poll(() => banner.textContent()).toContain(NURSE.username);
    expect(await seriousViolations(page)).toEqual([]);
    // Exactly the nurse's menu: what the server lists for the nurse's own session.
    const theirs = await page.evaluate(async () => {
      const res = await fetch('/api/menu/menu-list-user', { headers: { 'access-token': localStorage.getItem('token') ?? '' } });
      const walk = (list: { menu_slug: string; menus?: unknown[] }[]): string[] =>
        list.flatMap((m) => [m.menu_slug, ...walk((m.menus ?? []) as { menu_slug: string; menus?: unknown[] }[])]);
      return walk(((await res.json()) as { data: { menu_slug: string }[] }).data).sort();
    });
    expect(theirs).toEqual(expect.arrayContaining(['doctors/doctors-list', 'medicine/medicine-list']));
    expect(theirs).not.toContain('users/user-list');
    const nav = page.locator('.RaSidebar-fixed');
    await expect.poll(() => nav.locator('a[href="/medicine/medicine-list"], a[href="/medicine"]').count()).toBeGreaterThan(0);
    expect(await nav.locator('a[href="/users/user-list"], a[href="/users"]').count()).toBe(0);

    // Save is off while the view lasts, saying why; the server refuses a save of this session anyway.
    await navigate(page, '/doctors');
    await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
    await page.locator('tbody tr').first().getByRole('link', { name: /edit/i }).click();
    const form = page.getByRole('dialog', { name: /^update/i });
    const name = form.getByLabel(/^name/i).first();
    await expect.poll(() => name.inputValue()).not.toBe('');
    await name.fill(`${await name.inputValue()} x`);
    expect(await form.getByRole('button', { name: /^save$/i }).isDisabled()).toBe(true);
    expect(await form.locator('[data-refused]').getAttribute('data-refused')).toMatch(/^Viewing as another user is read only/);
    const refused = await page.evaluate(async () => {
      const res = await fetch('/api/doctors/doctors-update/1', {
        method: 'PUT',
        headers: { 'access-token': localStorage.getItem('token') ?? '', 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'x' }),
      });
      return res.status;
    });
    expect(refused).toBe(403);

    // End the view: the admin's console comes back; the audit log shows both ends.
    // The form holds the refused change: it asks before throwing it away.
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Discard the changes?' }).getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('button', { name: /^end view$/i }).click();
    await expect.poll(() => page.getByText(/Viewing as .*, read only/).count()).toBe(0);
    // Ending the view takes the console home; going elsewhere before it arrives races that navigation.
    await page.waitForURL(`${e.url}/`);
    await navigate(page, '/audit/audit-list');
    await page.getByRole('heading', { name: 'Audit Log' }).waitFor();
    // Newest first: the end, the start, and before them the grant.
    const rows = () => page.locator('tbody tr').allTextContents();
    const order = async () => {
      const texts = await rows();
      return ['Ended viewing as', 'Started viewing as', 'Permissions changed'].map((action) => texts.findIndex((t) => t.includes(action)));
    };
    await expect.poll(async () => (await order()).every((i) => i >= 0)).toBe(true);
    const [ended, started, grant] = await order();
    expect(ended).toBeLessThan(started!);
    expect(started).toBeLessThan(grant!);
    const texts = await rows();
    // Each names the nurse's record (the audit log shows a user as "User #id").
    for (const i of [ended!, started!, grant!]) expect(texts[i]).toContain(`User #${nurseId}`);
  });

  it('compares two groups: the differing menus marked, no serious accessibility finding', async () => {
    const { page } = e;
    await navigate(page, '/explain/compare-groups');
    await page.getByRole('heading', { name: 'Compare groups' }).waitFor();
    for (const [label, group] of [
      ['First group', `Group ${GROUP}`],
      ['Second group', 'Pharmacist'],
    ]) {
      await page.getByRole('combobox', { name: label }).click();
      await page.getByRole('option', { name: group, exact: true }).click();
    }
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: /differences?$/ })
          .count(),
      )
      .toBe(1);
    // The nurse's group grants the doctors list; the Pharmacist group does not: that row differs.
    const doctorsRow = page.locator('tbody tr', { hasText: '(doctors/doctors-list)' });
    await expect.poll(() => doctorsRow.getAttribute('data-differs')).toBe('true');
    await expect
      .poll(() => doctorsRow.getByRole('cell').allTextContents())
      .toEqual([expect.stringContaining('Differs'), 'Granted', 'Not granted']);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('Check access by keyboard alone: tab to the controls, choose, read the answer', async () => {
    const { page } = e;
    // Loaded, not navigated to: the Tab presses below start from the top of a fresh page.
    await page.goto(`${e.url}/explain/check-access`);
    await page.getByRole('heading', { name: 'Check access' }).waitFor();
    const userBox = page.getByRole('combobox', { name: /^user/i });
    const slugBox = page.getByRole('combobox', { name: 'Screen or action' });
    const focused = (box: typeof userBox) => box.evaluate((el) => el === document.activeElement);
    // From the top of the page, through the app bar and the menu, to the first control.
    let presses = 0;
    while (!(await focused(userBox))) {
      expect(presses++, 'Tab presses before the user box has focus').toBeLessThan(80);
      await page.keyboard.press('Tab');
    }
    await page.keyboard.type(NURSE.username);
    // The server's answer to what was typed, not the list shown before it (which has the nurse too):
    // an Enter on the earlier list would choose from options about to be replaced.
    const nurse = page.getByRole('option', { name: NURSE.username });
    await expect.poll(async () => [await page.getByRole('option').count(), await nurse.count()]).toEqual([1, 1]);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => nurse.evaluate((el) => el.classList.contains('Mui-focused'))).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => slugBox.isEnabled()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await focused(slugBox)).toBe(true);
    await page.keyboard.type('doctors/doctors-list');
    await expect.poll(() => page.getByRole('option').count()).toBe(1);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('verdict').textContent()).toMatch(/^Allowed/);
    await expect.poll(() => page.locator('[data-decisive="true"]').getAttribute('data-kind')).toBe('group-grant');
    // Once the closing list and the answer have stopped moving: axe measured a colour mid-fade.
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
