import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { CoreAdminContext, useAuthState, type AuthProvider } from 'react-admin';
import { createQueryClient } from '../../src/queryClient';

/** Counts react-admin's session checks. */
function countingAuthProvider() {
  const calls = { checkAuth: 0 };
  const authProvider: AuthProvider = {
    login: () => Promise.resolve(),
    logout: () => Promise.resolve(),
    checkError: () => Promise.resolve(),
    checkAuth: () => {
      calls.checkAuth++;
      return Promise.resolve();
    },
    getPermissions: () => Promise.resolve([]),
  };
  return { authProvider, calls };
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
  const { isPending } = useAuthState();
  return <p>{isPending ? 'screen checking' : 'screen ready'}</p>;
}

async function checksFor(queryClient: QueryClient) {
  const { authProvider, calls } = countingAuthProvider();
  render(
    <CoreAdminContext authProvider={authProvider} queryClient={queryClient}>
      <LayoutThenScreen />
    </CoreAdminContext>,
  );
  (await screen.findByRole('button', { name: 'open the screen' })).click();
  await screen.findByText('screen ready');
  // Let a re-run, if one was started, reach the authProvider.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return calls.checkAuth;
}

describe("the console's query client", () => {
  it('does not re-run a session check answered moments ago when the screen mounts after the layout', async () => {
    expect(await checksFor(createQueryClient())).toBe(1);
  });

  it('(react-query on its own would re-run it)', async () => {
    expect(await checksFor(new QueryClient())).toBe(2);
  });
});
