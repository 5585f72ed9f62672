import { render, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { App } from '../../src/App';
import { registry } from '../../resources';
import { server } from '../msw/server';
import { allSlugs, fail, listHandlers } from '../msw/contract';
import { signIn } from './render';

/*
 * A returning user's stored session answers react-admin's session check at once while the
 * server's check is on its way, so the layout and the list render without waiting for the server
 * (authProvider checkAuth). The server still decides: a session it no longer accepts must end on
 * the sign-in page, with nothing kept.
 * (A server refusing every request, the usual case, is tested in Chromium: tests/e2e/accounts.)
 */
const branch = registry.get('branch');
const rows = [{ branch_id: 11, branch_code: 'DHK-01', branch_name: 'Dhanmondi Main', branch_status: 1 }];

const refused = () => fail('Unauthorized', 401);

/** Shows the router's path, for currentPath(). */
function Where() {
  return (
    <output data-testid="where" hidden>
      {useLocation().pathname}
    </output>
  );
}

/**
 * The console at `at`, routed as main.tsx routes it: without transitions. (With them, the sign-out's
 * navigation is a transition that waits while react-admin's session check, re-run as its cache is
 * cleared, fails and signs out again: many rounds, seconds in a loaded jsdom.)
 */
function renderConsole(at: string) {
  render(
    <MemoryRouter initialEntries={[at]} useTransitions={false}>
      <App />
      <Where />
    </MemoryRouter>,
  );
}
const currentPath = () => screen.queryByTestId('where')?.textContent ?? '';

async function expectSignedOut() {
  await waitFor(() => expect(currentPath()).toBe('/login'));
  expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  expect(localStorage.getItem('token')).toBeNull();
  expect(localStorage.getItem('permissions')).toBeNull();
}

describe('a stored session the server no longer accepts', () => {
  it('ends on the sign-in page when only the session check is refused', async () => {
    signIn(allSlugs(branch));
    server.use(...listHandlers(branch, rows), http.get('*/api/users/get-auth-user', refused));
    renderConsole('/branch');
    await expectSignedOut();
  });

  it('is kept when the session check cannot reach the server (offline)', async () => {
    signIn(allSlugs(branch));
    server.use(
      ...listHandlers(branch, rows),
      http.get('*/api/users/get-auth-user', () => Response.error()),
    );
    renderConsole('/branch');
    expect(await screen.findByText('Dhanmondi Main')).toBeInTheDocument();
    expect(currentPath()).toBe('/branch');
    expect(localStorage.getItem('token')).toBe('test-token');
  });
});
