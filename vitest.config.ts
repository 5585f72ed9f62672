import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import LongestFirst from './tests/sequencer';

/**
 * Console tests that need jsdom, each in a fresh worker. DOMPurify sanitises nothing in happy-dom
 * (it hands `<script>` back), so the checks of sanitised HTML run here; so does a file that mocks a
 * module (vi.mock) the other files have already loaded.
 */
const UI_JSDOM = ['tests/ui/sanitisedHtml.test.tsx', 'tests/ui/audit/history.test.tsx', 'tests/ui/shell/menuPrefetch.test.tsx'];

/**
 * Two kinds of tests: browser code (unit, ui) runs in jsdom or happy-dom with msw and jest-dom; api
 * and e2e tests run in node against the real server. Every project picks up `tests/<kind>/**\/*.test.ts(x)`.
 */
export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
    // Vitest's default on 2 cores is one worker (cores - 1): every file would wait for the one before.
    // Files wait on PostgreSQL, Chromium or a server's answer at times, so three files at a time keep
    // both cores busy (four were no faster: the run is then CPU-bound).
    maxWorkers: 3,
    // Longest files first across every project (see tests/sequencer.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/jsdom-styles.ts', 'tests/setup.ts'],
          // Files share a worker and its loaded modules: starting jsdom and importing react-admin
          // for each small file cost about four times the tests themselves. They share no state
          // but what tests/setup.ts resets after every test (DOM, msw handlers, localStorage).
          isolate: false,
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          // happy-dom: the whole-console renders cost about half of jsdom's CPU here (jsdom matches
          // every emotion rule on each computed style), and the files share a worker and its loaded
          // modules (in jsdom a shared worker grew slower file by file). They share the window too:
          // tests/setup.ts puts back what a page load would (DOM, msw handlers, localStorage, the
          // translator's language) after every test.
          environment: 'happy-dom',
          include: ['tests/ui/**/*.test.{ts,tsx}'],
          exclude: UI_JSDOM,
          setupFiles: ['tests/happy-dom-styles.ts', 'tests/setup.ts'],
          isolate: false,
          // Whole-console renders with real forms (rich text, pictures) typed into by user-event: generous
          // on a shared 2-core machine; a hung test still fails.
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'ui-jsdom',
          environment: 'jsdom',
          include: UI_JSDOM,
          setupFiles: ['tests/jsdom-styles.ts', 'tests/setup.ts'],
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.{ts,tsx}'],
          // Files share a worker and its loaded modules: importing the whole server (Fastify, Kysely,
          // every descriptor, argon2, sharp) afresh for each file cost more than most files' tests.
          // Safe because the server keeps its state on the app: app.ctx and the closures of buildApp
          // and its plugins (caches, trail statements, timers cleared on close). What modules keep
          // is the same for every app (the feature modules' menu declarations, the API headers,
          // lazily loaded libraries), and each file closes the servers, databases and clients it opens.
          isolate: false,
          // Each kind of database migrated once per run; test servers start from copies.
          globalSetup: ['tests/api/global-setup.ts'],
          // Files run beside each other on a shared 2-core machine (three instances seeding one
          // PostgreSQL database took 36 s there); a hung test still fails.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'reliability',
          environment: 'node',
          include: ['tests/reliability/**/*.test.{ts,tsx}'],
          // The fuzzer (in parts), the XSS corpus in Chromium, a killed child server, and PostgreSQL or
          // Redis stopped under running instances (each outage file on a cluster or redis-server of its
          // own, so nothing else loses its database): they run beside the other files, sharing workers
          // and loaded modules as the api files do (each file starts and closes its own servers and
          // processes). The outages' time bounds (an answer within 10 s) hold on a busy machine.
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.{ts,tsx}'],
          // One Chromium and one seeded database for the run; each file connects and copies.
          globalSetup: ['tests/e2e/global-setup.ts'],
          // Files share a worker and its loaded modules, as the api project's do (the whole server
          // and playwright-core, loaded once per worker): each file starts its own server and
          // browser context and closes them, and the server keeps its state on the app.
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Files run beside each other and beside the other projects: each has its own server on a free
          // port, its own copy of the database and its own context in the shared Chromium.
          // A real browser on a shared machine, beside other files: give polled assertions time (they
          // end as soon as they are met, so this costs nothing when all is well).
          expect: { poll: { timeout: 20_000 } },
          // No second try: a story that fails fails the run, so a flaky one is found and fixed.
        },
      },
    ],
  },
});
