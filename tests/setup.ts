import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw/server';

// The whole console renders slowly on a shared 2-core machine: findBy*/waitFor wait up to 5 s.
configure({ asyncUtilTimeout: 5000 });

// Any request without a handler fails the test: the console must only call the contract.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());
