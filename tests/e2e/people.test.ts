import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startE2E, type E2E } from './harness';
import { makeBranches, makeDoctor } from '../fixtures/records';
import { dynamic } from '../../server/db/database';
import { seriousViolations } from './a11y-routes';
import { insertUser } from '../fixtures/users';

/**
 * People can be found (issue 52, item 6): the audit log's "Who" and Ctrl+K search the users of
 * every branch the viewer may see, and a branch-scoped viewer never sees a user of another branch.
 * A person can be erased from their row (issue 49), the console asking for their name first.
 */
const PASSWORD = 'people-e2e-password';

describe('finding people, end to end in Chromium', () => {
  let e: E2E;

  beforeAll(async () => {
    e = await startE2E();
    const branches = await makeBranches(e.app);
    const db = e.app.ctx.conn.db;
    // Rahima and Rahat at Chattogram, Rahman at Dhanmondi; Rahima may list users (the scoped viewer).
    const people = [
      {
        username: 'rahima',
        name: 'Rahima Begum',
        branch: branches['CTG-01']!,
        group: 910,
        slugs: ['users', 'users/user-list', 'users/get-user'],
      },
      { username: 'rahat', name: 'Rahat Ali', branch: branches['CTG-01']!, group: 911, slugs: [] },
      { username: 'rahman', name: 'Rahman Karim', branch: branches['DHK-01']!, group: 911, slugs: [] },
    ];
    for (const p of people) {
      await insertUser(e.app.ctx, { username: p.username, password: PASSWORD, group: p.group, slugs: p.slugs });
      await db.updateTable('users').set({ user_branch: p.branch, user_name: p.name }).where('username', '=', p.username).execute();
    }
  }, 120_000);
  afterAll(() => e?.close());

  /** The names Ctrl+K offers under Users for a typed text. */
  async function searchUsers(text: string): Promise<string[]> {
    const { page } = e;
    await page.getByRole('button', { name: 'Search (Ctrl+K)' }).waitFor();
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.getByRole('combobox', { name: 'Search' }).fill(text);
    const users = dialog.getByRole('group', { name: 'Users' });
    await users.getByRole('option').first().waitFor();
    // Every list has answered once the progress sign is gone.
    await dialog.getByLabel('Searching…').waitFor({ state: 'detached' });
    const names = (await users.getByRole('option').allTextContents()).sort();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    return names;
  }

  it("the audit log's Who offers the users of every branch as one types", async () => {
    const { page } = e;
    await signIn(e);
    await page.goto(`${e.url}/audit/audit-list`);
    const who = page.getByRole('combobox', { name: 'Who' });
    await who.click();
    await who.fill('Rah');
    const listbox = page.getByRole('listbox');
    await listbox.getByRole('option', { name: 'Rahima Begum' }).waitFor();
    // The options follow the typed text once the server has answered it.
    await expect
      .poll(async () => (await listbox.getByRole('option').allTextContents()).sort())
      .toEqual(['Rahat Ali', 'Rahima Begum', 'Rahman Karim']);
    await listbox.getByRole('option', { name: 'Rahman Karim' }).click();
    await expect.poll(() => decodeURIComponent(page.url())).toMatch(/"actor":\s*\d+/);
  }, 120_000);

  it('Ctrl+K finds users of every branch for an administrator of all branches', async () => {
    await e.page.goto(`${e.url}/`);
    expect(await searchUsers('Rah')).toEqual(['Rahat Ali', 'Rahima Begum', 'Rahman Karim']);
  }, 120_000);

  it("an administrator erases a doctor from the row, typing the doctor's name first; the row then reads as erased", async () => {
    const { page } = e;
    const id = await makeDoctor(e.app);
    await page.goto(`${e.url}/doctors`);
    await page.getByRole('button', { name: 'Erase this person: Dr. Farhana Rahman' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase Dr. Farhana Rahman?' });
    const erase = dialog.getByRole('button', { name: 'Erase', exact: true });
    expect(await erase.isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('textbox', { name: 'Type Dr. Farhana Rahman to confirm' }).fill('Dr. Farhana Rahman');
    await erase.click();
    await page.getByText('Dr. Farhana Rahman erased').waitFor();
    await page
      .getByRole('cell', { name: `Erased person #${id}` })
      .first()
      .waitFor();
    const row = await dynamic(e.app.ctx.conn.db).selectFrom('doctor').selectAll().where(sql.ref('id'), '=', id).executeTakeFirstOrThrow();
    expect(row.name).toBe(`Erased person #${id}`);
    expect(JSON.stringify(row)).not.toMatch(/Farhana|Cardiologist/);
  }, 120_000);

  it('Ctrl+K shows a branch-scoped viewer the users of their own branch only', async () => {
    const { page } = e;
    await page.evaluate(() => localStorage.clear());
    await signIn(e, { username: 'rahima', password: PASSWORD });
    expect(await searchUsers('Rah')).toEqual(['Rahat Ali', 'Rahima Begum']);
    expect(e.foreignRequests).toEqual([]);
  }, 120_000);
});
