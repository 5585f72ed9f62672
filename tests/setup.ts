import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { server } from './msw/server';
import { i18nProvider } from '../i18n';

// The whole console renders slowly on a shared 2-core machine (CI runs three files at a time):
// findBy*/waitFor wait up to 10 s. They end as soon as what they wait for is there.
configure({ asyncUtilTimeout: 10_000 });

// The console loads its screens on demand (src/lazy.tsx). In a browser each is one small fetch; here
// the first import of each also transforms its sources, which can outlast findBy*'s wait. Whole-console
// (ui) tests import them once up front, so a test waits for the screen, not for the transform.
beforeAll(async () => {
  if (!expect.getState().testPath?.includes('/tests/ui/')) return;
  // One after another: a CommonJS module that require()s an ES module another import() is still
  // loading fails in Node ("Cannot require() ES Module ... not yet fully loaded"), as react-router-dom
  // did when a file had not imported the console itself before this ran.
  const loaders: (() => Promise<unknown>)[] = [
    () => import('../src/layout/AppLayout'),
    () => import('../src/screens/ResourceList'),
    () => import('../src/screens/FormDialog'),
    () => import('../src/pages/HomePage'),
    () => import('ra-input-rich-text'),
    // Transformed only: a tool's words still join the catalogue when its screen asks (loadToolMessages).
    ...Object.values(import.meta.glob('../i18n/modules/*.en.ts')),
  ];
  for (const load of loaders) await load();
}, 120_000);

// Any request without a handler fails the test: the console must only call the contract.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  // The console's one translator keeps the language a test switched to; files share a worker, and
  // a page load would start from the (now cleared) preference: English.
  if (i18nProvider.getLocale() !== 'en') await i18nProvider.changeLocale('en');
});
afterAll(() => server.close());
