import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { http } from 'msw';
import { CoreAdminContext, useAuthState, useCanAccess } from 'react-admin';
import { registry } from '../../resources';
import { createAuthProvider } from '../../authProvider';
import { createQueryClient } from '../../src/queryClient';
import { server } from '../msw/server';
import { ok } from '../msw/contract';

/*
 * The console's query client is react-query's own: react-admin's auth questions are answered by the
 * authProvider, through react-admin's hooks as any app's are, never written into the cache ahead of
 * them. What keeps a returning user's first screen quick is the authProvider: its session check
 * starts when it is created, and while it is on its way (or has just answered) checkAuth, the
 * permissions and canAccess answer from the stored session without asking the server again.
 */

const user = { user_id: 1, user_name: 'Test User', username: 'test', user_picture: '' };
const slugs = ['branch/branch-list', 'branch/get-branch'];

/** A returning user's stored session, and a count of the session checks the server is sent. */
function storedSession() {
  localStorage.setItem('token', 'T');
  localStorage.setItem('user', JSON.stringify({ ...user, permissions: slugs }));
  localStorage.setItem('permissions', JSON.stringify(slugs));
  const seen = { checks: 0 };
  server.use(
    http.get('*/api/users/get-auth-user', () => (seen.checks++, ok(user))),
    http.get('*/api/menu/menu-list-permission', () => ok(slugs.map((menu_slug, i) => ({ menu_id: i + 1, menu_slug })))),
    http.get('*/api/menu/menu-list-user', () => ok([])),
  );
  return seen;
}

/** Like the layout and then the screen: one user of the session, then a second mounted after it. */
function LayoutThenScreen() {
  const { authenticated, isPending } = useAuthState();
  const [screen, setScreen] = useState(false);
  if (isPending) return <p>checking</p>;
  return (
    <>
      <p>layout: {String(authenticated)}</p>
      {screen ? <Screen /> : <button onClick={() => setScreen(true)}>open the screen</button>}
    </>
  );
}
function Screen() {
  const { canAccess, isPending } = useCanAccess({ resource: 'branch', action: 'list' });
  return <p>{isPending ? 'screen checking' : `screen may list: ${String(canAccess)}`}</p>;
}

/** No query is fetching: whatever the components started has answered. */
const settled = (queryClient: QueryClient) => waitFor(() => expect(queryClient.isFetching()).toBe(0));

describe("the console's query client", () => {
  it("holds none of react-admin's answers before react-admin asks: only the returning user's menu is asked for", async () => {
    storedSession();
    const queryClient = createQueryClient();
    const keys = queryClient
      .getQueryCache()
      .getAll()
      .map((q) => q.queryKey[0]);
    expect(keys).toEqual(['menu']);
    await settled(queryClient);
  });

  it('serves the layout and then the screen with the one session check the authProvider started, through react-admin’s hooks', async () => {
    const seen = storedSession();
    const authProvider = createAuthProvider({ apiUrl: '/api', registry });
    const queryClient = createQueryClient();
    render(
      <CoreAdminContext authProvider={authProvider} queryClient={queryClient}>
        <LayoutThenScreen />
      </CoreAdminContext>,
    );
    expect(await screen.findByText('layout: true')).toBeInTheDocument();
    (await screen.findByRole('button', { name: 'open the screen' })).click();
    expect(await screen.findByText('screen may list: true')).toBeInTheDocument();
    await settled(queryClient);
    expect(seen.checks).toBe(1);
  });

  it('refuses what the stored permissions do not grant', async () => {
    storedSession();
    localStorage.setItem('permissions', JSON.stringify(['branch/get-branch']));
    const authProvider = createAuthProvider({ apiUrl: '/api', registry });
    const queryClient = createQueryClient();
    const { findByText } = render(
      <CoreAdminContext authProvider={authProvider} queryClient={queryClient}>
        <Screen />
      </CoreAdminContext>,
    );
    expect(await findByText('screen may list: false')).toBeInTheDocument();
    await settled(queryClient);
  });

  it('signs out once the query client is told to ask again after the server ended the session', async () => {
    storedSession();
    const authProvider = createAuthProvider({ apiUrl: '/api', registry });
    const queryClient = createQueryClient();
    const states: string[] = [];
    function SessionState() {
      const { authenticated, isPending } = useAuthState();
      states.push(isPending ? 'pending' : String(authenticated));
      return null;
    }
    render(
      <CoreAdminContext authProvider={authProvider} queryClient={queryClient}>
        <SessionState />
      </CoreAdminContext>,
    );
    await waitFor(() => expect(states.at(-1)).toBe('true'));
    // What App does when the authProvider reports that the server ended the session (it has cleared it).
    localStorage.removeItem('token');
    await queryClient.invalidateQueries();
    await waitFor(() => expect(states.at(-1)).toBe('false'));
  });
});
