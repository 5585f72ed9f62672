import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * Waits for a toast saying `text` that `action` brings. A toast shows for one second only (spec
 * 000): polling the page for it, one round trip at a time, can miss it on a busy machine. So the
 * page itself notes every toast's text from before the action (a MutationObserver sees each change
 * of the DOM), and the test polls what it noted. Fails when no such toast came within the poll's time.
 */
export async function expectToast(page: Page, text: string, action: () => Promise<unknown>) {
  await page.evaluate(() => {
    const w = window as unknown as { toastsSeen?: string[]; toastObserver?: MutationObserver };
    w.toastsSeen = [];
    w.toastObserver?.disconnect();
    const note = () => {
      for (const el of document.querySelectorAll('.MuiSnackbar-root')) if (el.textContent) w.toastsSeen!.push(el.textContent);
    };
    w.toastObserver = new MutationObserver(note);
    w.toastObserver.observe(document.body, { childList: true, subtree: true, characterData: true });
    note();
  });
  await action();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { toastsSeen?: string[] }).toastsSeen ?? []))
    .toEqual(expect.arrayContaining([expect.stringContaining(text)]));
}
