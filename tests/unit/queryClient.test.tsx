import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { CoreAdminContext, useCanAccess } from 'react-admin';
import type { ConsoleAuthProvider, SessionChange } from '../../authProvider';
import { createQueryClient } from '../../src/queryClient';
import { useStoredAccess } from '../../src/storedAnswers';
import { SessionCheck } from '../../src/layout/SessionCheck';

/*
 * The console's query client is react-query's own; what the stored session already knows reaches
 * react-admin's auth hooks through their documented options where the console calls them
 * (src/storedAnswers.ts), and the screens' session check signs the user out when the server ended
 * the session (src/layout/SessionCheck.tsx).
 */

/** A console authProvider whose stored session grants `granted` (undefined: nobody signed in). */
function fakeAuthProvider(granted: readonly string[] | undefined) {
  const asked = { canAccess: [] as string[], checkAuth: 0, logout: 0 };
  const listeners = new Set<(change: SessionChange) => void>();
  let ended = false;
  const authProvider: ConsoleAuthProvider = {
    login: () => Promise.resolve(),
    logout: () => {
      asked.logout++;
      return Promise.resolve();
    },
    checkError: () => Promise.resolve(),
    checkAuth: () => {
      asked.checkAuth++;
      return ended ? Promise.reject(new Error('ended')) : Promise.resolve();
    },
    getPermissions: () => Promise.resolve(granted ?? []),
    getIdentity: () => Promise.resolve({ id: 1 }),
    canAccess: ({ resource }) => {
      asked.canAccess.push(resource);
      return Promise.resolve(granted?.includes(resource) ?? false);
    },
    canAccessNow: ({ resource }) => (granted ? granted.includes(resource) : undefined),
    answerNow: () => undefined,
    refreshPermissions: () => Promise.resolve(),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const endSession = () => {
    ended = true;
    for (const listener of listeners) listener('ended');
  };
  return { authProvider, asked, endSession };
}

/** What canAccess gave at each render of its component, starting from the stored session. */
function AccessRenders({ renders, resource }: { renders: string[]; resource: string }) {
  const { canAccess, isPending } = useCanAccess(useStoredAccess({ resource, action: 'list' }));
  renders.push(isPending ? 'pending' : String(canAccess));
  return <p>{resource}</p>;
}

/** No query is fetching: whatever the components started has answered. */
const settled = (queryClient: QueryClient) => waitFor(() => expect(queryClient.isFetching()).toBe(0));

function renderWith(authProvider: ConsoleAuthProvider, queryClient: QueryClient, ui: React.ReactNode) {
  return render(
    <CoreAdminContext authProvider={authProvider} queryClient={queryClient}>
      {ui}
    </CoreAdminContext>,
  );
}

describe("the console's query client", () => {
  it("holds none of react-admin's answers before react-admin asks: only a returning user's menu is asked for", () => {
    localStorage.setItem('token', 'T');
    const queryClient = createQueryClient();
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((q) => q.queryKey[0]),
    ).toEqual(['menu']);
    queryClient.clear();
  });
});

describe("react-admin's canAccess, started from the stored session", () => {
  it('gives a grant the stored session holds at the first render, without asking the authProvider', async () => {
    const { authProvider, asked } = fakeAuthProvider(['branch']);
    const queryClient = createQueryClient();
    const renders: string[] = [];
    renderWith(authProvider, queryClient, <AccessRenders renders={renders} resource="branch" />);
    await screen.findByText('branch');
    await settled(queryClient);
    expect(renders.every((r) => r === 'true')).toBe(true);
    expect(asked.canAccess).toEqual([]);
  });

  it('leaves a refusal to the authProvider (react-admin then goes to the access-denied page)', async () => {
    const { authProvider, asked } = fakeAuthProvider(['branch']);
    const queryClient = createQueryClient();
    const renders: string[] = [];
    renderWith(authProvider, queryClient, <AccessRenders renders={renders} resource="medicine" />);
    await waitFor(() => expect(renders.at(-1)).toBe('false'));
    expect(renders[0]).toBe('pending');
    expect(asked.canAccess).toEqual(['medicine']);
  });

  it('asks nothing while nobody is signed in (the session check signs the visitor out first)', async () => {
    const { authProvider, asked } = fakeAuthProvider(undefined);
    const queryClient = createQueryClient();
    const renders: string[] = [];
    renderWith(authProvider, queryClient, <AccessRenders renders={renders} resource="branch" />);
    await screen.findByText('branch');
    await settled(queryClient);
    expect(asked.canAccess).toEqual([]);
    expect(renders.every((r) => r === 'pending')).toBe(true);
  });

  it("asks nothing when a screen asking the layout's question opens, so the layout has nothing to draw again", async () => {
    const { authProvider, asked } = fakeAuthProvider(['branch']);
    const queryClient = createQueryClient();
    const layout: string[] = [];
    const opened: string[] = [];
    function Layout() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <AccessRenders renders={layout} resource="branch" />
          {open ? <AccessRenders renders={opened} resource="branch" /> : <button onClick={() => setOpen(true)}>open</button>}
        </>
      );
    }
    const fetching: number[] = [];
    const unsubscribe = queryClient.getQueryCache().subscribe(() => fetching.push(queryClient.isFetching()));
    renderWith(authProvider, queryClient, <Layout />);
    (await screen.findByRole('button', { name: 'open' })).click();
    await waitFor(() => expect(opened).toContain('true'));
    unsubscribe();
    // A question being asked (react-query fetching) is what drew every part asking it again.
    expect(fetching.every((n) => n === 0)).toBe(true);
    expect(asked.canAccess).toEqual([]);
    expect([...layout, ...opened].every((r) => r === 'true')).toBe(true);
  });
});

describe("the screens' session check", () => {
  it('asks checkAuth as it mounts, and signs the user out when the authProvider reports that the server ended the session', async () => {
    const { authProvider, asked, endSession } = fakeAuthProvider(['branch']);
    const queryClient = createQueryClient();
    renderWith(authProvider, queryClient, <SessionCheck />);
    await waitFor(() => expect(asked.checkAuth).toBe(1));
    await settled(queryClient);
    expect(asked.logout).toBe(0);
    endSession();
    await waitFor(() => expect(asked.logout).toBeGreaterThan(0));
  });
});
