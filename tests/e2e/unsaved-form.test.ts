import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './a11y-routes';
import { signIn, startE2E, type E2E } from './harness';

/**
 * Issue 52, item 4: Escape or a click outside threw a half-filled form away without asking, and
 * reopening it showed it empty. A form holding changes now asks first; an untouched one closes.
 */
describe('a half-filled form asks before it is thrown away, end to end in Chromium', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
    await signIn(e);
  });
  afterAll(() => e?.close());

  it('Escape, a click outside and Cancel ask; "Keep editing" keeps what was typed; "Discard" closes', async () => {
    const { page } = e;
    await page.goto(`${e.url}/group/create`);
    const form = page.getByRole('dialog', { name: /^new user group$/i });
    const code = form.locator('input[name=group_code]');
    await code.fill('HALF');
    const asking = page.getByRole('dialog', { name: 'Discard the changes?' });

    await page.keyboard.press('Escape');
    await expect.poll(() => asking.count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await asking.getByRole('button', { name: 'Keep editing' }).click();
    await expect.poll(() => asking.count()).toBe(0);
    expect(await code.inputValue()).toBe('HALF');
    expect(page.url()).toBe(`${e.url}/group/create`);

    // A click outside the dialog, on its backdrop.
    await page.mouse.click(5, 450);
    await expect.poll(() => asking.count()).toBe(1);
    await asking.getByRole('button', { name: 'Keep editing' }).click();
    await form.getByRole('button', { name: /^cancel$/i }).click();
    await expect.poll(() => asking.count()).toBe(1);
    await asking.getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await page.waitForURL(`${e.url}/group`);
  });

  it('an untouched form closes on Escape without asking; the question is in the language of the console', async () => {
    const { page } = e;
    await page.goto(`${e.url}/group/create`);
    await page.getByRole('dialog', { name: /^new user group$/i }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await page.evaluate(() => localStorage.setItem('language', 'es'));
    await page.goto(`${e.url}/group/create`);
    const form = page.getByRole('dialog');
    await form.locator('input[name=group_name]').fill('A medias');
    await page.keyboard.press('Escape');
    const asking = page.getByRole('dialog', { name: '¿Descartar los cambios?' });
    await expect.poll(() => asking.count()).toBe(1);
    await asking.getByRole('button', { name: 'Seguir editando' }).click();
    expect(await form.locator('input[name=group_name]').inputValue()).toBe('A medias');
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  });

  it('the notice form asks too', async () => {
    const { page } = e;
    await page.goto(`${e.url}/notification/notification-list`);
    await page.getByRole('button', { name: /^new$/i }).click();
    const form = page.getByRole('dialog', { name: /^new notification$/i });
    await form.getByLabel(/^title/i).fill('Half a notice');
    await page.keyboard.press('Escape');
    const asking = page.getByRole('dialog', { name: 'Discard the changes?' });
    await expect.poll(() => asking.count()).toBe(1);
    await asking.getByRole('button', { name: 'Keep editing' }).click();
    expect(await form.getByLabel(/^title/i).inputValue()).toBe('Half a notice');
    await form.getByRole('button', { name: /^cancel$/i }).click();
    await asking.getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });
});
