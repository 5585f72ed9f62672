import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { registry } from '../../resources';
import { server } from '../msw/server';
import { allSlugs, fail, listHandlers } from '../msw/contract';
import { currentPath, renderApp, signIn } from './render';

/*
 * A returning user's stored session answers the console's questions at once, so the layout and
 * the list render without waiting for the server (src/storedAnswers.ts). The server
 * still decides: a session it no longer accepts must end on the sign-in page, with nothing kept.
 * (A server refusing every request, the usual case, is tested in Chromium: tests/e2e/accounts.)
 */
const branch = registry.get('branch');
const rows = [{ branch_id: 11, branch_code: 'DHK-01', branch_name: 'Dhanmondi Main', branch_status: 1 }];

const refused = () => fail('Unauthorized', 401);

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
    renderApp('/branch');
    await expectSignedOut();
  });

  it('is kept when the session check cannot reach the server (offline)', async () => {
    signIn(allSlugs(branch));
    server.use(
      ...listHandlers(branch, rows),
      http.get('*/api/users/get-auth-user', () => Response.error()),
    );
    renderApp('/branch');
    expect(await screen.findByText('Dhanmondi Main')).toBeInTheDocument();
    expect(currentPath()).toBe('/branch');
    expect(localStorage.getItem('token')).toBe('test-token');
  });
});
