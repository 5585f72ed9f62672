import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../resources';
import { signIn, startE2E, type E2E } from './harness';
import { insertUser } from '../fixtures/users';

/**
 * A permission withdrawn, in Chromium against the real server: an administrator unticks "Branch Create"
 * for a group in the permission tree; a signed-in user of that group reloads and no longer sees
 * the New button, and the server refuses the call.
 */
describe('access administration, end to end in Chromium', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
    // The branch the clerk's list shows, made here (no demo records are seeded).
    await e.app.ctx.crud.create(registry.get('branch'), {
      fields: { branch_code: 'DHK-01', branch_name: 'Dhanmondi Main Hospital' },
      files: [],
    });
  });
  afterAll(() => e.close());

  it('unticking Branch create for a group hides New from its user at the next reload, and the server refuses it', async () => {
    const { page, app } = e;
    const db = app.ctx.conn.db;
    const group = await app.inject({
      method: 'POST',
      url: '/api/group/group-create',
      headers: { 'access-token': await adminToken() },
      payload: { group_code: 'CLERK', group_name: 'Clerks' },
    });
    const groupId = group.json<{ data: { group_id: number } }>().data.group_id;
    const clerk = { username: 'clerk', password: 'clerk-e2e-password' };
    await insertUser(app.ctx, {
      ...clerk,
      group: groupId,
      slugs: ['branch', 'branch/branch-list', 'branch/get-branch', 'branch/branch-create'],
    });

    // The clerk signs in and may create branches.
    await signIn(e, clerk);
    await page.goto(`${e.url}/branch`);
    await expect.poll(() => page.getByText('DHK-01').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('link', { name: /^new$/i }).count()).toBe(1);
    const clerkSession = await page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));

    // The administrator (in the same browser, the clerk's session kept aside) unticks Branch create.
    await page.evaluate(() => {
      localStorage.clear();
    });
    await signIn(e);
    await page.goto(`${e.url}/group`);
    await page.getByRole('button', { name: 'Permission: Clerks' }).click();
    const dialog = page.getByRole('dialog', { name: 'Permissions of Clerks' });
    const tree = dialog.getByRole('tree');
    await dialog.getByRole('button', { name: 'Expand all' }).click();
    const create = tree.getByRole('treeitem', { name: 'Branches: create' });
    await expect.poll(() => create.getAttribute('aria-checked')).toBe('true');
    await create.getByText('Branches: create').click();
    await expect.poll(() => create.getAttribute('aria-checked')).toBe('false');
    const createId = (
      await db.selectFrom('menu').select('menu_id').where('menu_slug', '=', 'branch/branch-create').executeTakeFirstOrThrow()
    ).menu_id;
    await expect
      .poll(
        async () =>
          (
            await db
              .selectFrom('permission')
              .select('menu_id')
              .where('permission_group', '=', groupId)
              .where('menu_id', '=', createId)
              .execute()
          ).length,
      )
      .toBe(0);

    // The clerk's tab comes back and reloads: no New button, and the server refuses the call.
    await page.evaluate((saved) => {
      localStorage.clear();
      for (const [k, v] of Object.entries(saved)) localStorage.setItem(k, v);
    }, clerkSession);
    await page.goto(`${e.url}/branch`);
    await expect.poll(() => page.getByText('DHK-01').count()).toBeGreaterThan(0);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('permissions'))).not.toContain('branch/branch-create');
    expect(await page.getByRole('link', { name: /^new$/i }).count()).toBe(0);
    const refused = await page.evaluate(async () => {
      const res = await fetch('/api/branch/branch-create', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'access-token': localStorage.getItem('token') ?? '' },
        body: JSON.stringify({ branch_code: 'E2E-NO', branch_name: 'Refused' }),
      });
      return res.status;
    });
    expect(refused).toBe(403);
    // A screen the clerk may not open shows the access-denied page with a way to sign out.
    await page.goto(`${e.url}/settings/menu-setup`);
    await page.getByRole('button', { name: /logout|sign out/i }).click();
    await page.waitForURL(/\/login/);
    expect(e.foreignRequests).toEqual([]);
  });

  async function adminToken(): Promise<string> {
    const res = await e.app.inject({
      method: 'POST',
      url: '/api/users/user-login/',
      payload: { username: 'admin', password: 'e2e-admin-password' },
    });
    return res.json<{ data: { token: string } }>().data.token;
  }
});
