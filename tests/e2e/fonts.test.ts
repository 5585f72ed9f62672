import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startE2E, type E2E } from './harness';

const OUTPUT = path.resolve(import.meta.dirname, 'output');

/**
 * Bengali and Burmese are drawn with the console's own fonts (Noto Sans, bundled by Vite), not
 * with whatever the computer has: each language's font file is fetched from the console when the
 * language is chosen, and not before. One server and one browser.
 */
describe('fonts for Bengali and Burmese, served by the console', () => {
  let e: E2E;
  const fontRequests: string[] = [];
  beforeAll(async () => {
    e = await startE2E();
    e.page.on('request', (r) => {
      if (r.resourceType() === 'font') fontRequests.push(new URL(r.url()).pathname);
    });
    await signIn(e);
  });
  afterAll(() => e?.close());

  it('fetches neither font in English', async () => {
    await e.page.getByRole('heading', { level: 1 }).waitFor();
    expect(fontRequests.filter((p) => /noto-sans-(bengali|myanmar)/.test(p))).toEqual([]);
  });

  it.each([
    { language: 'bn', family: 'Noto Sans Bengali', file: /noto-sans-bengali-bengali-400-normal.*\.woff2$/ },
    { language: 'my', family: 'Noto Sans Myanmar', file: /noto-sans-myanmar-myanmar-400-normal.*\.woff2$/ },
  ])('draws the $language home page with $family', async ({ language, family, file }) => {
    const { page } = e;
    await page.evaluate((l) => localStorage.setItem('language', l), language);
    await page.goto(`${e.url}/`);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The file came from the console itself, and the browser has the face loaded for the page's text.
    await expect.poll(() => fontRequests.some((p) => file.test(p))).toBe(true);
    expect(fontRequests.filter((p) => file.test(p)).every((p) => p.startsWith('/assets/'))).toBe(true);
    await expect
      .poll(() =>
        page.evaluate(
          (f) => [...document.fonts].some((face) => face.family.replace(/["']/g, '') === f && face.status === 'loaded'),
          family,
        ),
      )
      .toBe(true);
    // The heading is set in that font first.
    const headingFont = await page.getByRole('heading', { level: 1 }).evaluate((h) => getComputedStyle(h).fontFamily);
    expect(headingFont.replace(/["']/g, '').startsWith(family)).toBe(true);
    fs.mkdirSync(OUTPUT, { recursive: true });
    const shot = path.join(OUTPUT, `home-${language}.png`);
    await page.screenshot({ path: shot });
    expect(fs.statSync(shot).size).toBeGreaterThan(10_000);
    expect(e.foreignRequests).toEqual([]);
  });

  // What makes every `foreignRequests` check above and in the other files able to fail.
  it('the harness lists a request to another host, which the browser cannot reach', async () => {
    const page = await e.context.newPage();
    try {
      // A blank page: the console's CSP would refuse the request before the browser made it.
      const outcome = await page.evaluate(() =>
        fetch('http://fonts.example.org/noto.woff2', { mode: 'no-cors' }).then(
          () => 'reached',
          () => 'unreachable',
        ),
      );
      expect(outcome).toBe('unreachable');
      expect(e.foreignRequests).toEqual(['http://fonts.example.org/noto.woff2']);
    } finally {
      e.foreignRequests.length = 0;
      await page.close();
    }
  });
});
