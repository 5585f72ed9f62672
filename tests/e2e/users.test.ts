import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startE2E, type E2E } from './harness';

/**
 * The users story in a real browser against the real server: the admin picks a branch, creates
 * a user in a branch and group, and the new user signs in and sees exactly what their group
 * grants minus what was denied to them, even when typing a denied screen's URL.
 */
describe('users, end to end in Chromium', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => {
    await e.close();
  });

  it('creates a user who then sees exactly the allowed navigation', async () => {
    const { page } = e;
    await signIn(e);

    await page.goto(`${e.url}/users/user-list`);
    await page.waitForURL(/\/users(\?|$)/);
    // A branch-0 administrator has no branch chosen: the list asks for one and shows nothing.
    await expect.poll(() => page.getByText('Select Branch').count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(0);
    await page.getByRole('combobox', { name: /branch/i }).click();
    await page.getByRole('option', { name: 'All branches' }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('tbody').textContent()).toContain('admin');

    await page.goto(`${e.url}/users/create`);
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^name/i).fill('Nasrin Akter');
    await dialog.getByLabel(/^username/i).fill('nasrin');
    await dialog.getByLabel(/^password/i).fill('lantern-river-okra-7');
    await dialog.getByLabel(/^confirm password/i).fill('lantern-river-okra-7');
    await expect.poll(() => dialog.getByTestId('password-strength').textContent()).toMatch(/Strength/);
    const choose = async (label: RegExp, option: string) => {
      await dialog.getByRole('combobox', { name: label }).click();
      await page.getByRole('option', { name: option }).click();
    };
    await choose(/^designation/i, 'Pharmacist');
    await choose(/^department/i, 'Ophthalmology');
    await choose(/^branch/i, 'Dhanmondi Main Hospital');
    await choose(/^group/i, 'Pharmacist');
    await dialog.getByRole('button', { name: /save/i }).click();
    await page.waitForURL(/\/users(\?|$)/);
    await expect.poll(() => page.locator('tbody').textContent()).toContain('Nasrin Akter');
    const row = page.locator('tbody tr', { hasText: 'nasrin' });
    await expect.poll(() => row.textContent()).toContain('Dhanmondi Main Hospital');

    // The Pharmacist group grants medicine and branch screens; nasrin alone is denied branches
    // (what the permission dialog's tree saves, written here until the access widget lands).
    const db = e.app.ctx.conn.db;
    const user = await db.selectFrom('users').select(['user_id', 'user_group']).where('username', '=', 'nasrin').executeTakeFirstOrThrow();
    const menus = await db
      .selectFrom('menu')
      .select(['menu_id', 'menu_slug'])
      .where('menu_slug', 'in', ['medicine/medicine-list', 'branch/branch-list'])
      .execute();
    await db
      .insertInto('permission')
      .values(menus.map((m) => ({ permission_group: user.user_group, menu_id: m.menu_id })))
      .execute();
    const branchList = menus.find((m) => m.menu_slug === 'branch/branch-list');
    if (!branchList) throw new Error('branch/branch-list is not in the menu catalogue');
    await db.insertInto('user_permission').values({ user_id: user.user_id, menu_id: branchList.menu_id, permission_status: 0 }).execute();
    e.app.ctx.permissions.invalidate();

    await page.goto(`${e.url}/logout`);
    await page.waitForURL(/\/login/);
    await signIn(e, { username: 'nasrin', password: 'lantern-river-okra-7' });
    await expect.poll(() => page.locator('a[href="/medicine"]').count()).toBeGreaterThan(0);
    expect(await page.locator('a[href="/branch"]').count()).toBe(0);
    expect(await page.locator('a[href="/users"]').count()).toBe(0);

    // Typing the denied screen's URL does not show it.
    await page.goto(`${e.url}/branch`);
    await expect.poll(() => page.url()).not.toMatch(/\/branch$/);
    expect(await page.getByText('Chattogram Eye Care Centre').count()).toBe(0);
    expect(e.foreignRequests).toEqual([]);
  });
});
