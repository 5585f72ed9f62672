import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { sql } from 'kysely';
import { hashPassword } from '../../server/auth/passwords';
import { dynamic } from '../../server/db/database';
import { signIn, startE2E, type E2E } from './harness';
import { makeRecord } from '../fixtures/records';

/**
 * Two people in two browser contexts against one real server: the administrator sends a Group
 * notice; the member's bell count rises without a reload, a toast shows it, and opening it from
 * the bell marks it read.
 */
const MEMBER = { username: 'pharmacist1', password: 'member-e2e-password' };

async function signInOn(page: Page, url: string, who: { username: string; password: string }) {
  await page.goto(`${url}/login`);
  await page.getByLabel(/username/i).fill(who.username);
  await page.getByLabel(/^password/i).fill(who.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL(`${url}/`);
}

describe('notifications, end to end in Chromium (two browser contexts)', () => {
  let e: E2E;
  let browser: Browser;
  beforeAll(async () => {
    e = await startE2E();
    // The member's group, made here; another group keeps the notice's group picker a real choice.
    await makeRecord(e.app, 'group', { group_code: 'PHARM', group_name: 'Pharmacist' });
    await makeRecord(e.app, 'group', { group_code: 'BM', group_name: 'Branch Manager' });
    const db = e.app.ctx.conn.db;
    const group = await dynamic(db)
      .selectFrom('user_group')
      .select(sql<number>`group_id`.as('id'))
      .where('group_code', '=', 'PHARM')
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await db
      .insertInto('users')
      .values({
        user_name: 'Pharmacist One',
        username: MEMBER.username,
        password_hash: await hashPassword(MEMBER.password),
        user_phone: '',
        user_email: '',
        user_address: '',
        user_picture: '',
        user_branch: 0,
        user_group: group.id,
        user_designation: 0,
        user_department: 0,
        user_status: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
  });
  afterAll(async () => {
    await browser.close();
    await e.close();
  });

  it('a Group notice raises the member’s bell without a reload; opening it marks it read', async () => {
    const admin = e.page;
    const memberContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const member = await memberContext.newPage();
    const memberLoads: string[] = [];
    member.on('load', () => memberLoads.push(member.url()));

    await signInOn(member, e.url, MEMBER);
    const bell = member.getByRole('button', { name: /^notifications: \d+ unread/i });
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications: 0 unread');
    const loadsBefore = memberLoads.length;
    // Toasts last one second: record every one shown, so a slow poll cannot miss it.
    await member.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { toasts: string[] }).toasts = seen;
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('.MuiSnackbar-root')) if (el.textContent) seen.push(el.textContent);
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });

    await signIn(e);
    await admin.goto(`${e.url}/notification/notification-list`);
    await admin.getByRole('button', { name: /^new$/i }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel(/^title/i).fill('Stock count at 4 pm');
    await dialog.getByLabel(/^type/i).click();
    await admin.getByRole('option', { name: 'Group' }).click();
    await dialog.getByRole('combobox', { name: 'Group', exact: true }).click();
    await admin.getByRole('option', { name: 'Pharmacist' }).click();
    await dialog.getByRole('button', { name: /save/i }).click();
    await expect.poll(() => admin.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => admin.locator('tbody').textContent()).toContain('Stock count at 4 pm');

    // The member's console: count up and a toast, with no page load in between.
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications: 1 unread');
    await expect
      .poll(() => member.evaluate(() => (window as unknown as { toasts: string[] }).toasts))
      .toContain('New notification: Stock count at 4 pm');
    expect(memberLoads.length).toBe(loadsBefore);

    await bell.click();
    const item = member.getByRole('menuitem', { name: /stock count at 4 pm/i });
    await expect.poll(() => item.count()).toBe(1);
    await expect.poll(() => item.locator('[aria-label="Unread"]').count()).toBe(1);
    await item.click();
    const detail = member.getByRole('dialog', { name: 'Stock count at 4 pm' });
    await expect.poll(() => detail.count()).toBe(1);
    await detail.getByRole('button', { name: /close/i }).click();
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications: 0 unread');

    // The read state is the server's: a reload keeps it.
    await member.reload();
    await expect
      .poll(() => member.getByRole('button', { name: /^notifications: \d+ unread/i }).getAttribute('aria-label'))
      .toBe('Notifications: 0 unread');
    expect(e.foreignRequests).toEqual([]);
    await memberContext.close();
  });
});
