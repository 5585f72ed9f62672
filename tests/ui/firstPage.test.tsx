import { render, screen, waitFor } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { App, createConsole, prefetchSignedInScreens, type ConsoleParts } from '../../src/App';
import { http } from 'msw';
import { actionPath, registry } from '../../resources';
import { server } from '../msw/server';
import { allSlugs, listHandlers, ok } from '../msw/contract';
import { renderApp, signIn } from './render';

/*
 * A returning user opening a list screen gets its first page asked for at start-up, together with
 * the session check (src/screens/firstPage.ts): the list starts from that answer (or is handed it
 * by the dataProvider while it is on its way), shows those rows and does not ask again. A request sent before the layout is on the
 * page was sent at start-up: react-admin's list asks only once it has rendered inside the layout.
 */
const branch = registry.get('branch');
const rows = [
  { branch_id: 11, branch_code: 'DHK-01', branch_name: 'Dhanmondi Main', branch_status: 1 },
  { branch_id: 12, branch_code: 'SYL-01', branch_name: 'Sylhet Outlet', branch_status: 1 },
];

/** The branch list requests the console sends, as `?query` strings, in order; and those sent at start-up. */
function listRequests() {
  const seen: string[] = [];
  const atStartUp: string[] = [];
  const listPath = `/api${actionPath(branch, 'list')}/`;
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname !== listPath) return;
    seen.push(url.search);
    if (!document.querySelector('header')) atStartUp.push(url.search);
  });
  return { seen, atStartUp };
}

/** The user the held session check answers with. */
const user = { user_id: 1, user_name: 'Test User', username: 'test', user_picture: '' };

/** Holds the session check's answer until `release()`: what the list does before it, it did on its own. */
function heldSessionCheck() {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.get('*/api/users/get-auth-user', async () => {
      await released;
      return ok(user);
    }),
  );
  return { release };
}

/** The console at `path` as renderApp renders it, with its providers at hand (the query client). */
function renderConsole(path: string): ConsoleParts {
  const [pathname = path, search = ''] = path.split(/(?=\?)/);
  const started = createConsole({ registry, location: { pathname, search: search } });
  render(
    <MemoryRouter initialEntries={[path]}>
      <App started={started} />
    </MemoryRouter>,
  );
  return started;
}

/**
 * Everything the console asked has been answered: no query is fetching. A list asking again would
 * be fetching from the render that decided it, so a count of requests taken then is final.
 */
const settled = ({ queryClient }: ConsoleParts) => waitFor(() => expect(queryClient.isFetching()).toBe(0));

/** Resolves when msw has answered the session check. */
function sessionCheckAnswered(): Promise<void> {
  return new Promise((resolve) => {
    server.events.on('response:mocked', ({ request }) => {
      if (new URL(request.url).pathname.endsWith('/users/get-auth-user')) resolve();
    });
  });
}

afterEach(() => {
  server.events.removeAllListeners();
});

describe("a list's first page at start-up", () => {
  it('is asked for before the session check has answered, once, and shown', async () => {
    signIn(allSlugs(branch));
    server.use(...listHandlers(branch, rows));
    const check = heldSessionCheck();
    const requests = listRequests();
    const answered = sessionCheckAnswered();
    const started = renderConsole('/branch');
    await waitFor(() => expect(requests.seen).toHaveLength(1));
    expect(requests.atStartUp).toHaveLength(1);
    expect(requests.seen[0]).toContain('page=1');
    // The rows show before the server has answered the session check (the stored session answers it).
    expect(await screen.findByText('Dhanmondi Main')).toBeInTheDocument();
    check.release();
    // Once the session check has answered and the console has settled, the list must have taken the
    // early page, not asked again.
    await answered;
    await settled(started);
    expect(requests.seen).toHaveLength(1);
  });

  it("is in the console's first commit when the first render waited for it (main.tsx), the app bar's items and sort controls after it", async () => {
    signIn(allSlugs(branch));
    server.use(...listHandlers(branch, rows));
    const requests = listRequests();
    // As main.tsx does: the shell's code and the first page are in before the first render.
    const started = createConsole({ registry, location: { pathname: '/branch', search: '' } });
    await Promise.all([prefetchSignedInScreens(), started.firstPage]);
    // What the page held when the layout first appeared: a MutationObserver sees a whole commit.
    let first: { rows: boolean; barButtons: number; sortControls: number } | undefined;
    const barButtons = () => document.querySelectorAll('header button').length;
    const sortControls = () => document.querySelectorAll('.MuiTableSortLabel-root').length;
    const observer = new MutationObserver(() => {
      if (first === undefined && document.querySelector('header')) {
        first = {
          rows: document.body.textContent?.includes('Dhanmondi Main') ?? false,
          barButtons: barButtons(),
          sortControls: sortControls(),
        };
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    // Rendered as main.tsx does, outside act(): act would run the deferred render before the
    // observer saw the first commit.
    const env = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = env.IS_REACT_ACT_ENVIRONMENT;
    env.IS_REACT_ACT_ENVIRONMENT = false;
    const root = createRoot(document.body.appendChild(document.createElement('div')));
    try {
      root.render(
        <MemoryRouter initialEntries={['/branch']}>
          <App started={started} />
        </MemoryRouter>,
      );
      expect(await screen.findByText('Dhanmondi Main')).toBeInTheDocument();
      observer.disconnect();
      expect(first?.rows).toBe(true);
      // The app bar's items and profile menu, and the columns' sort controls, are not in that commit
      // (useDeferredPart: each could set state from a ref as it mounts, which React renders at once,
      // with react-admin's registration re-renders, before the browser paints); they follow, and so
      // do the menu's links. (The filter bar waits too on a wide screen: tests/e2e/firstRow.test.ts.)
      expect(first?.sortControls).toBe(0);
      await waitFor(() => expect(barButtons()).toBeGreaterThan(first?.barButtons ?? Infinity));
      expect(sortControls()).toBeGreaterThan(0);
      await waitFor(() => expect(document.querySelectorAll('.RaSidebar-fixed a[href="/branch"]')).toHaveLength(1));
      await settled(started);
      expect(requests.seen).toHaveLength(1);
    } finally {
      root.unmount();
      env.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });

  it('is left to the list when the address chooses a page (the list asks once)', async () => {
    signIn(allSlugs(branch));
    server.use(...listHandlers(branch, rows));
    const requests = listRequests();
    const started = renderConsole('/branch?page=1&perPage=10&sort=branch_name&order=ASC');
    expect(await screen.findByText('Sylhet Outlet')).toBeInTheDocument();
    await settled(started);
    expect(requests.atStartUp).toEqual([]);
    expect(requests.seen).toHaveLength(1);
    expect(requests.seen[0]).toContain('limit=10');
  });

  it('is left to the list when it keeps an order the user chose earlier', async () => {
    signIn(allSlugs(branch));
    localStorage.setItem(
      'RaStore.branch.listParams',
      JSON.stringify({ sort: 'branch_name', order: 'ASC', page: 1, perPage: 25, filter: {} }),
    );
    server.use(...listHandlers(branch, rows));
    const requests = listRequests();
    const started = renderConsole('/branch');
    expect(await screen.findByText('Sylhet Outlet')).toBeInTheDocument();
    await settled(started);
    expect(requests.atStartUp).toEqual([]);
    expect(requests.seen).toHaveLength(1);
    expect(requests.seen[0]).toContain('sort=branch_name');
  });

  it('is not asked for early by a user who may not list the resource', async () => {
    signIn(allSlugs(branch).filter((slug) => !slug.endsWith('-list')));
    server.use(...listHandlers(branch, rows));
    const requests = listRequests();
    renderApp('/branch');
    // (react-admin's list itself may ask once as it is refused; the server answers 403.)
    expect(await screen.findByText(/right permissions/i)).toBeInTheDocument();
    expect(requests.atStartUp).toEqual([]);
  });
});
