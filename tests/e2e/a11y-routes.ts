import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { descriptors } from '../../resources';

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
 * axe-core's serious and critical violations on the page as it is now. axe comes from
 * node_modules, evaluated in the page (the console's CSP rightly refuses inline script tags, and
 * nothing may come from another host).
 */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
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
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  });
}

/** Until the screen has drawn: the page's heading or dialog is there and nothing is loading. */
export async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () => !document.querySelector('[role="progressbar"]') && !!document.querySelector('h1, h2, [role="dialog"], form'),
    null,
    {
      timeout: 20_000,
    },
  );
}
