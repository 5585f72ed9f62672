import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descriptors, registry } from '../../resources';
import { signIn, type E2E } from './harness';
import { COLOUR_RULES, consoleRoutes, firstRecords, navigate, seriousViolations, settled, startWatched } from './a11y-routes';
import { createExamples } from '../fixtures/examples';
import { expectFitsPhone, PHONE } from './phone-fit';

/** Display variants the console must be usable in: preferences under the spec's names. */
export const variants = {
  light: { name: 'light', prefs: { theme: 'light', 'theme-dir': 'ltr' } },
  // The dark palette changes colours only (same language, direction and size as light, and the
  // themes differ in colour values alone: tests/unit/layout/themeColoursOnly.test.ts), so light
  // checks every rule and dark the colour rules, on every route and dialog as light does.
  dark: { name: 'dark', prefs: { theme: 'dark', 'theme-dir': 'ltr' }, rules: COLOUR_RULES },
  rtl: { name: 'right-to-left', prefs: { theme: 'light', 'theme-dir': 'rtl', language: 'bn' } },
  // A phone: the drawer, full-screen dialogs, lists as cards; each screen must also fit it (expectFitsPhone).
  phone: { name: 'phone', prefs: { theme: 'light', 'theme-dir': 'ltr' }, viewport: PHONE },
} as const;

type Variant = (typeof variants)[keyof typeof variants];

/**
 * Every route of the console checked by axe-core in one display variant, each variant in a test
 * file of its own (tests/e2e/a11y-*.test.ts) so that the four run side by side. One server and one
 * browser context per variant. Signed-out pages are loaded; signed-in routes are reached inside the
 * running console (as a click on a link would), so the bundle is not parsed again for every screen.
 */
export async function checkEveryRoute(variant: Variant) {
  const routes = await consoleRoutes();
  describe(`axe-core finds no serious or critical violation (${variant.name})${'viewport' in variant ? '; every screen fits the phone' : ''}`, () => {
    defineChecks(variant, routes);
  });
}

function defineChecks(variant: Variant, routes: Awaited<ReturnType<typeof consoleRoutes>>) {
  const { prefs } = variant;
  const rules = 'rules' in variant ? variant.rules : undefined;
  let e: E2E;
  /** What went wrong on the page since the route was opened: API answers of 400 and up, uncaught errors. */
  let failures: string[] = [];
  beforeAll(async () => {
    ({ e, failures } = await startWatched());
    await createExamples(e.app);
    if ('viewport' in variant) await e.page.setViewportSize(variant.viewport);
    await e.page.goto(`${e.url}/login`);
    await e.page.evaluate((p) => {
      for (const [k, v] of Object.entries(p)) localStorage.setItem(k, v);
      // react-admin's own theme key, until the theme preference drives it.
      localStorage.setItem('RaStore.theme', JSON.stringify(p.theme));
    }, prefs);
  });
  afterAll(() => e.close());

  it.each(routes.signedOut)('%s (signed out)', async (route) => {
    await e.page.goto(`${e.url}${route}`);
    await settled(e.page);
    // A violation that lasts fails; one seen only while a form finishes loading (axe caught
    // right-to-left create dialogs mid-render now and then) is looked at again once it settles.
    await expect.poll(() => seriousViolations(e.page, rules), { timeout: 15_000, interval: 1_500 }).toEqual([]);
  });

  it('signs in', async () => {
    await e.page.evaluate(() => localStorage.setItem('language', 'en'));
    await signIn(e);
    // The sign-in helper reads English labels; the chosen language applies from here on.
    if ('language' in prefs) {
      await e.page.evaluate((l) => localStorage.setItem('language', l), prefs.language);
      await e.page.reload();
    }
    await settled(e.page);
    // Signed in, on the home screen with the signed-in shell, in the variant's language and direction:
    // every route below is checked as this user sees it.
    expect(new URL(e.page.url()).pathname).toBe('/');
    expect(await e.page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await expect.poll(() => e.page.locator('header').count()).toBe(1);
    expect(await e.page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'language' in prefs ? prefs.language : 'en',
      prefs['theme-dir'],
    ]);
  });

  it.each(routes.signedIn)('%s', async (route) => {
    failures.length = 0;
    await navigate(e.page, route);
    await settled(e.page);
    // A violation that lasts fails; one seen only while a form finishes loading (axe caught
    // right-to-left create dialogs mid-render now and then) is looked at again once it settles.
    await expect.poll(() => seriousViolations(e.page, rules), { timeout: 15_000, interval: 1_500 }).toEqual([]);
    // The super administrator may do everything: no screen of theirs asks for what the server
    // refuses (a page under a resource's path once asked for the record "reset-password").
    expect(failures).toEqual([]);
    if ('viewport' in variant) await expectFitsPhone(e.page);
  });

  // Each resource's edit dialog, on the record made of it above (no demo records are seeded).
  it.each(descriptors.filter((d) => !d.singleton).map((d) => d.name))('/%s/{its first id}', async (name) => {
    const d = registry.get(name);
    const first = (await firstRecords(e.page, d, 1))[0]?.[d.idField];
    expect(first, `a record of ${d.name}`).toBeTypeOf('number');
    failures.length = 0;
    await navigate(e.page, `/${d.name}/${String(first)}`);
    await e.page.getByRole('dialog').waitFor();
    await settled(e.page);
    await expect.poll(() => seriousViolations(e.page, rules), { timeout: 15_000, interval: 1_500 }).toEqual([]);
    expect(failures).toEqual([]);
  });
}
