import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { actionPath, descriptors, type ResourceDescriptor } from '../../resources';
import { startE2E, type E2E } from './harness';
import type { ServerConfig } from '../../server/config';

/**
 * Every screen of both route tables, as the console declares them: each resource's list (or
 * singleton editor) and its "new" dialog, the feature modules' routes, and the pages outside the
 * layout. Module routes are read from src/modules so a new feature's screens are checked too.
 */
export async function consoleRoutes(): Promise<{ signedIn: string[]; signedOut: string[] }> {
  const { consoleModules } = await import('../../src/modules');
  const paths = (elements: readonly { props: unknown }[] | undefined) =>
    (elements ?? [])
      .map((e) => (e.props as { path?: string }).path)
      .filter((p): p is string => !!p && !p.includes(':') && !p.includes('*'));
  return {
    signedIn: [
      '/',
      ...descriptors.flatMap((d) => (d.singleton ? [`/${d.name}`] : [`/${d.name}`, `/${d.name}/create`])),
      ...consoleModules.flatMap((m) => paths(m.routes)),
      '/no/such/page',
    ],
    signedOut: ['/login', '/forgot-password', ...consoleModules.flatMap((m) => paths(m.noLayoutRoutes))],
  };
}

const AXE = fs.readFileSync(path.resolve(import.meta.dirname, '../../node_modules/axe-core/axe.min.js'), 'utf8');

export interface Violation {
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

/**
 * axe's rules whose outcome depends on the palette alone: text contrast, and links told from the
 * text around them by colour. A variant that changes nothing but colours (dark beside light) runs
 * only these; the rules about structure, names, roles and sizes give the same answer as light's.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

/**
 * axe-core's serious and critical violations on the page as it is now. axe comes from
 * node_modules, evaluated in the page (the console's CSP rightly refuses inline script tags, and
 * nothing may come from another host). `only`: run just these rules (each must exist in this axe).
 */
export async function seriousViolations(page: Page, only?: readonly string[]): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(AXE);
  return page.evaluate(async (only) => {
    // axe is the global the script above defined.
    const axe = (
      globalThis as unknown as {
        axe: {
          run: (
            c: Document,
            o: object,
          ) => Promise<{ violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[] }>;
        };
      }
    ).axe;
    // Touch targets of at least 24 px (WCAG 2.2, 2.5.8): axe leaves its wcag22aa rule off unless asked.
    // axe throws on a rule name it does not know, so a misspelt or removed rule fails the check.
    const options = only
      ? { resultTypes: ['violations'], runOnly: { type: 'rule', values: only } }
      : { resultTypes: ['violations'], rules: { 'target-size': { enabled: true } } };
    const result = await axe.run(document, options);
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  }, only);
}

/**
 * Counts the page's fetch requests in flight (the data provider's), for `settled`; socket.io's
 * long polling is not counted. Install once per
 * browser context, before the first page load.
 */
export function trackRequests(page: Page) {
  return page.addInitScript(() => {
    const w = window as unknown as { __inflight: number };
    w.__inflight = 0;
    const fetch = window.fetch.bind(window);
    window.fetch = async (...args: Parameters<typeof window.fetch>) => {
      w.__inflight++;
      try {
        return await fetch(...args);
      } finally {
        w.__inflight--;
      }
    };
  });
}

/** Goes to a route inside the running console (react-router follows popstate): no reload of the bundle. */
export async function navigate(page: Page, route: string) {
  await page.evaluate((r) => {
    window.history.pushState(null, '', r);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
}

/**
 * Until the screen is ready: its heading, dialog or form is there, nothing is loading (no
 * progress bar, no request in flight where `trackRequests` counts them) and no transition is
 * running and every dialog is opaque (a dialog fading in would be measured half transparent), on
 * two frames in a row.
 */
export async function settled(page: Page) {
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __inflight?: number; __calm?: number };
      const ready =
        document.readyState === 'complete' &&
        !((w.__inflight ?? 0) > 0) &&
        !document.querySelector('[role="progressbar"], .MuiSkeleton-root') &&
        // A list's sort controls and tooltips come just after its first rows (ResourceList): a
        // button is then replaced by its tooltip-wrapped self (the focus moves with it, but an
        // attribute a test set on it does not).
        !document.querySelector('.sort-pending') &&
        !!document.querySelector('h1, h2, [role="dialog"], form') &&
        document.getAnimations().every((a) => a.playState !== 'running') &&
        // A dialog's fade-in may not have started yet on the first frames: wait until it is opaque.
        [...document.querySelectorAll('.MuiDialog-container')].every((el) => getComputedStyle(el).opacity === '1');
      w.__calm = ready ? (w.__calm ?? 0) + 1 : 0;
      return w.__calm >= 2;
    },
    null,
    { timeout: 20_000, polling: 'raf' },
  );
}

/**
 * What goes wrong on the page from now on, for a test to empty before a screen and check after it:
 * API answers of 400 and up, and uncaught errors.
 */
export function watchFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.pathname.startsWith('/api/') && res.status() >= 400)
      failures.push(`${res.status()} ${res.request().method()} ${url.pathname}${url.search}`);
  });
  page.on('pageerror', (err) => failures.push(`uncaught: ${err.message}`));
  return failures;
}

/** A GET of the API with the page's signed-in session: the JSON it answers. */
export function apiRead(page: Page, url: string): Promise<{ data?: unknown }> {
  return page.evaluate(async (u) => {
    const res = await fetch(u, { headers: { 'access-token': localStorage.getItem('token') ?? '' } });
    return (await res.json()) as { data?: unknown };
  }, url);
}

/** The real server and a browser whose fetches `settled` counts and whose failures are watched; `config` as startE2E's. */
export async function startWatched(config: Partial<ServerConfig> = {}): Promise<{ e: E2E; failures: string[] }> {
  const e = await startE2E(config);
  await trackRequests(e.page);
  return { e, failures: watchFailures(e.page) };
}

/** A resource's first records as its list answers them (every status; the users list asks for every branch). */
export async function firstRecords(page: Page, d: ResourceDescriptor, limit: number): Promise<Record<string, unknown>[]> {
  const query = new URLSearchParams({ status: 'all', page: '1', limit: String(limit) });
  if (d.listNeedsFilter) query.set(d.listNeedsFilter, 'all');
  const { data } = await apiRead(page, `/api${actionPath(d, 'list')}/?${query}`);
  return Array.isArray(data) ? (data as Record<string, unknown>[]) : [];
}
