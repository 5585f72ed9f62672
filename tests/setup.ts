import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { server } from './msw/server';

// The whole console renders slowly on a shared 2-core machine: findBy*/waitFor wait up to 5 s.
configure({ asyncUtilTimeout: 5000 });

// The console loads its screens on demand (src/lazy.tsx). In a browser each is one small fetch; here
// the first import of each also transforms its sources, which can outlast findBy*'s wait. Whole-console
// (ui) tests import them once up front, so a test waits for the screen, not for the transform.
beforeAll(async () => {
  if (!expect.getState().testPath?.includes('/tests/ui/')) return;
  await Promise.all([
    import('../src/layout/AppLayout'),
    import('../src/screens/ResourceList'),
    import('../src/screens/FormDialog'),
    import('../src/pages/HomePage'),
    import('ra-input-rich-text'),
  ]);
}, 120_000);

// Any request without a handler fails the test: the console must only call the contract.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());
