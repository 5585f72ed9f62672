import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './a11y-routes';
import { ADMIN, signIn, startE2E, type E2E } from './harness';
import en from '../../i18n/modules/notifications.en';
import bn from '../../i18n/modules/notifications.bn';
import es from '../../i18n/modules/notifications.es';
import my from '../../i18n/modules/notifications.my';

/** The bell's name in each language ("Notifications: 1 unread"), from the catalogues. */
const BELL: Record<string, RegExp> = Object.fromEntries(
  Object.entries({ en, bn, es, my }).map(([l, c]) => [l, new RegExp(`^${c.notifications.bell.split('%{smart_count}')[0]!}`)]),
);

/**
 * Issue 52, item 5: one day read "12/7/2026, 5:07 AM" (month first) in check-access and the
 * permission dialog, "07/12/2026, 05:30" in the conflict dialog, "07/12/26" in the profile and
 * "2026-12-07" in the bell. Now each language has one date format and one date-and-time format, from
 * its conventions (i18n/format.ts), wherever a date is read. (Check-access and the permission
 * dialog: explain.test.ts.)
 */
const NOTICE_DATE = '2025-03-05 17:04:00';
/** 5 March 2025, 17:04, as each language writes a date with its time. */
const WRITTEN: Record<string, RegExp> = {
  en: /^05\/03\/2025, 17:04$/,
  es: /^05\/03\/2025, 17:04$/,
  bn: /^০৫\/০৩\/২০২৫, ১৭:০৪$/,
  my: /^၀၅\/၀၃\/၂၀၂၅,? ၁၇:၀၄$/,
};
const pad = (n: number) => String(n).padStart(2, '0');

describe('dates, end to end in Chromium', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
    const login = await e.app.inject({ method: 'POST', url: '/api/users/user-login/', payload: ADMIN });
    const token = login.json<{ data: { token: string } }>().data.token;
    const sent = await e.app.inject({
      method: 'POST',
      url: '/api/notification/notification-create',
      headers: { 'access-token': token },
      payload: { notification_date: NOTICE_DATE, title: 'Fire drill', type: 'All' },
    });
    expect(sent.statusCode).toBe(201);
    await signIn(e);
  });
  afterAll(() => e?.close());

  /** The bell's entry for the notice: its date as the second line. */
  async function bellDate(page: Page, language = 'en') {
    await page.getByRole('button', { name: BELL[language] }).click();
    const item = page.getByRole('menuitem', { name: /fire drill/i });
    await item.waitFor();
    const text = (await item.locator('.MuiListItemText-secondary').textContent()) ?? '';
    await page.keyboard.press('Escape');
    return text;
  }

  it('writes a notice’s date the one way in the bell, its dialog and the notices list, in each language', async () => {
    const { page } = e;
    expect(await bellDate(page)).toMatch(WRITTEN.en!);
    await page.getByRole('button', { name: /^notifications: \d+ unread/i }).click();
    await page.getByRole('menuitem', { name: /fire drill/i }).click();
    const detail = page.getByRole('dialog', { name: 'Fire drill' });
    await expect.poll(() => detail.locator('p.MuiTypography-caption').textContent()).toMatch(WRITTEN.en!);
    await detail.getByRole('button', { name: /close/i }).click();

    await page.goto(`${e.url}/notification/notification-list`);
    const row = page.locator('tbody tr', { hasText: 'Fire drill' });
    await expect.poll(() => row.locator('td').first().textContent()).toMatch(WRITTEN.en!);
    expect(await seriousViolations(page)).toEqual([]);

    for (const language of ['es', 'bn', 'my']) {
      await page.evaluate((l) => localStorage.setItem('language', l), language);
      await page.reload();
      expect(await bellDate(page, language), language).toMatch(WRITTEN[language]!);
      await expect.poll(() => row.locator('td').first().textContent(), { message: language }).toMatch(WRITTEN[language]!);
    }
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  });

  it('writes the profile’s sign-ins and sessions with the full year, day first, as everywhere else', async () => {
    const { page } = e;
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto(`${e.url}/users/my-profile`);
    const now = new Date();
    // This sign-in's day (at worst the day before, signed in just before midnight).
    const days = [now, new Date(now.getTime() - 86_400_000)].map((d) => `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`);
    const history = page.getByRole('table', { name: /sign-in history|login history/i });
    const first = history.locator('tbody tr').first().locator('td').nth(1);
    await expect.poll(() => first.textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
    expect(days).toContain(((await first.textContent()) ?? '').slice(0, 10));
    const sessions = page.getByRole('list', { name: /sessions/i });
    await expect
      .poll(() => sessions.textContent())
      .toMatch(/Started \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} · last used \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
  });
});
