import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, signIn, startE2E, type E2E } from './harness';
import { makeBranches, makeRecord, makeStaffLists } from '../fixtures/records';

/**
 * The users story in a real browser against the real server: the admin picks a branch, creates
 * a user in a branch and group, and the new user signs in and sees exactly what their group
 * grants minus what was denied to them, even when typing a denied screen's URL.
 */
describe('users, end to end in Chromium', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
    // The branches, designations, departments and groups a user is filed under, made here.
    await makeBranches(e.app);
    await makeStaffLists(e.app);
    await makeRecord(e.app, 'group', { group_code: 'PHARM', group_name: 'Pharmacist' });
    await makeRecord(e.app, 'group', { group_code: 'BM', group_name: 'Branch Manager' });
  });
  afterAll(async () => {
    await e.close();
  });

  /** The Pharmacist group's id (made above), found as the console finds it. */
  async function pharmacistGroup(x: E2E): Promise<number> {
    const groups = (
      await x.app.inject({ method: 'GET', url: '/api/group/group-list/?search=Pharmacist', headers: { 'access-token': adminToken } })
    ).json<{
      data: { group_id: number; group_name: string }[];
    }>().data;
    const found = groups.find((g) => g.group_name === 'Pharmacist');
    if (!found) throw new Error('the Pharmacist group is missing');
    return found.group_id;
  }
  let adminToken = '';

  /** Fills the open create dialog: name, username, password twice, then each select by its label. */
  async function fillNewUser([name, username, password]: [string, string, string], choices: Record<string, string>) {
    const dialog = e.page.getByRole('dialog');
    await dialog.getByLabel(/^name/i).fill(name);
    await dialog.getByLabel(/^username/i).fill(username);
    await dialog.getByLabel(/^password/i).fill(password);
    await dialog.getByLabel(/^confirm password/i).fill(password);
    for (const [label, option] of Object.entries(choices)) {
      await dialog.getByRole('combobox', { name: new RegExp(`^${label}`, 'i') }).click();
      await e.page.getByRole('option', { name: option }).click();
    }
  }

  it('creates a user who then sees exactly the allowed navigation', async () => {
    const { page } = e;
    await signIn(e);
    adminToken = (await e.app.inject({ method: 'POST', url: '/api/users/user-login/', payload: ADMIN })).json<{ data: { token: string } }>()
      .data.token;

    await page.goto(`${e.url}/users/user-list`);
    await page.waitForURL(/\/users(\?|$)/);
    // A branch-0 administrator has no branch chosen: the list asks for one and shows nothing.
    await expect.poll(() => page.getByText('Select Branch').count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(0);
    await page.getByRole('combobox', { name: /branch/i }).click();
    await page.getByRole('option', { name: 'All branches' }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('tbody').textContent()).toContain('admin');

    // The Pharmacist group grants the medicine and branch screens (the group permission dialog's
    // work, written here so this story is about the user).
    const db = e.app.ctx.conn.db;
    const menus = await db
      .selectFrom('menu')
      .select(['menu_id', 'menu_slug'])
      .where('menu_slug', 'in', ['medicine/medicine-list', 'branch/branch-list'])
      .execute();
    const groupId = await pharmacistGroup(e);
    await db
      .insertInto('permission')
      .values(menus.map((m) => ({ permission_group: groupId, menu_id: m.menu_id })))
      .execute();
    e.app.ctx.permissions.invalidate();

    await page.goto(`${e.url}/users/create`);
    const dialog = page.getByRole('dialog');
    await fillNewUser(['Nasrin Akter', 'nasrin', 'lantern-river-okra-7'], {
      designation: 'Pharmacist',
      department: 'Ophthalmology',
      branch: 'Dhanmondi Main Hospital',
      group: 'Pharmacist',
    });
    await expect.poll(() => dialog.getByTestId('password-strength').textContent()).toMatch(/Strength/);
    await dialog.getByRole('button', { name: /save/i }).click();

    // The permission dialog opens for the new user; the admin denies them the branch screen.
    const permissions = page.getByRole('dialog', { name: /Permissions of Nasrin Akter/ });
    await permissions.getByLabel(/filter menus/i).fill('branch-list');
    // The branch list's entry (level 2, under its menu group of the same name): each item's name is its name, then its slug.
    const item = permissions.getByRole('treeitem', { name: /^Branches branch\/branch-list\b/ });
    await expect.poll(() => item.getAttribute('aria-checked')).toBe('true');
    await item.getByText('Branches', { exact: true }).click();
    await expect.poll(() => item.getAttribute('aria-checked')).toBe('false');
    const user = await db.selectFrom('users').select('user_id').where('username', '=', 'nasrin').executeTakeFirstOrThrow();
    await expect
      .poll(
        async () =>
          (await db.selectFrom('user_permission').select('permission_status').where('user_id', '=', user.user_id).execute()).length,
      )
      .toBe(1);
    await permissions.getByRole('button', { name: /close/i }).click();

    await expect.poll(() => page.locator('tbody').textContent()).toContain('Nasrin Akter');
    const row = page.locator('tbody tr', { hasText: 'nasrin' });
    await expect.poll(() => row.textContent()).toContain('Dhanmondi Main Hospital');

    // Signed out on this side (the shell's /logout route is another feature's).
    await page.evaluate(() => {
      localStorage.clear();
    });
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

  it("a branch-scoped manager's form offers only their branch, already chosen, and the server takes the new user", async () => {
    const { page } = e;
    const db = e.app.ctx.conn.db;
    const inject = async (url: string, payload: Record<string, unknown>) => {
      const res = await e.app.inject({ method: 'POST', url, payload, headers: { 'access-token': adminToken } });
      if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json<{ data: Record<string, unknown> }>().data;
    };
    /** The id of a record made above, found by its name through the list API. */
    const idOf = async (resource: 'branch' | 'designation' | 'department', name: string) => {
      const url = `/api/${resource}/${resource}-list/?search=${encodeURIComponent(name)}`;
      const rows = (await e.app.inject({ method: 'GET', url, headers: { 'access-token': adminToken } })).json<{
        data: Record<string, unknown>[];
      }>().data;
      const found = rows.find((r) => r[`${resource}_name`] === name);
      if (!found) throw new Error(`the ${resource} ${name} is missing`);
      return Number(found[`${resource}_id`]);
    };
    const own = await idOf('branch', 'Dhanmondi Main Hospital');
    const group = (await inject('/api/group/group-create', { group_code: 'BM-E2E', group_name: 'Branch Manager E2E' })).group_id as number;
    const menus = await db
      .selectFrom('menu')
      .select('menu_id')
      .where('menu_slug', 'in', ['users/user-list', 'users/user-create', 'users/user-update', 'users/user-delete'])
      .execute();
    await db
      .insertInto('permission')
      .values(menus.map((m) => ({ permission_group: group, menu_id: m.menu_id })))
      .execute();
    e.app.ctx.permissions.invalidate();
    const person = {
      user_designation: await idOf('designation', 'Pharmacist'),
      user_department: await idOf('department', 'Ophthalmology'),
      user_group: group,
    };
    await inject('/api/users/user-create', {
      user_name: 'Karim Uddin',
      username: 'karim',
      password: 'harbour-mango-quilt-3',
      c_password: 'harbour-mango-quilt-3',
      user_branch: own,
      ...person,
    });

    // A Super Admin of the same branch: listed to the manager, but not theirs to change.
    const superAdmin = (await db.selectFrom('users').select('user_group').where('user_id', '=', 1).executeTakeFirstOrThrow()).user_group;
    await inject('/api/users/user-create', {
      user_name: 'Nusrat Chief',
      username: 'nusrat',
      password: 'lantern-cobalt-fig-8',
      c_password: 'lantern-cobalt-fig-8',
      user_branch: own,
      ...person,
      user_group: superAdmin,
    });

    await page.evaluate(() => {
      localStorage.clear();
    });
    await signIn(e, { username: 'karim', password: 'harbour-mango-quilt-3' });
    await page.goto(`${e.url}/users/create`);
    const dialog = page.getByRole('dialog');
    const branchSelect = dialog.getByRole('combobox', { name: /^branch/i });
    await expect.poll(() => branchSelect.textContent()).toContain('Dhanmondi Main Hospital');
    await branchSelect.click();
    await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(['Dhanmondi Main Hospital']);
    await page.keyboard.press('Escape');

    await fillNewUser(['Shirin Sultana', 'shirin', 'pepper-island-violet-9'], {
      designation: 'Pharmacist',
      department: 'Ophthalmology',
      group: 'Branch Manager E2E',
    });
    await dialog.getByRole('button', { name: /save/i }).click();
    await expect
      .poll(
        async () => (await db.selectFrom('users').select('user_branch').where('username', '=', 'shirin').executeTakeFirst())?.user_branch,
      )
      .toBe(own);
    await expect.poll(() => page.locator('tbody').textContent()).toContain('Shirin Sultana');
    // Edit and delete on the rows the manager may change, none on their Super Admin's.
    const row = (name: string) => page.locator('tbody tr', { hasText: name });
    await expect.poll(() => row('Shirin Sultana').getByRole('link', { name: 'Edit' }).count()).toBe(1);
    expect(await row('Shirin Sultana').getByRole('button', { name: 'Delete' }).count()).toBe(1);
    expect(await row('Nusrat Chief').getByRole('link', { name: 'Edit' }).count()).toBe(0);
    expect(await row('Nusrat Chief').getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(e.foreignRequests).toEqual([]);
  });
});
