import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { CoreAdminContext, useAuthState, useCanAccess, type AuthProvider } from 'react-admin';
import { createQueryClient, type StoredAnswer } from '../../src/queryClient';

/** A stored session's answers to canAccess, as authProvider.answerNow gives them (grants only). */
const storedGrants =
  (canAccessNow: (q: { resource: string; action: string }) => boolean | undefined): StoredAnswer =>
  (method, params) =>
    method === 'canAccess' && canAccessNow(params as { resource: string; action: string }) === true ? { data: true } : undefined;

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

/** No query is fetching: whatever the components started has answered. */
const settled = (queryClient: QueryClient) => waitFor(() => expect(queryClient.isFetching()).toBe(0));

async function checksFor(queryClient: QueryClient) {
  const { authProvider, calls } = countingAuthProvider();
  render(
    <CoreAdminContext authProvider={authProvider} queryClient={queryClient}>
      <LayoutThenScreen />
    </CoreAdminContext>,
  );
  (await screen.findByRole('button', { name: 'open the screen' })).click();
  await screen.findByText('screen ready');
  // A re-run starts as the screen mounts; once no query is fetching, any re-run has reached the authProvider.
  await settled(queryClient);
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

/** What useCanAccess gave at each render of its component. */
function AccessRenders({ renders, resource }: { renders: string[]; resource: string }) {
  const { canAccess, isPending } = useCanAccess({ resource, action: 'list' });
  renders.push(isPending ? 'pending' : String(canAccess));
  return null;
}

async function accessRenders(queryClient: QueryClient, allowed: boolean, resource = 'branch') {
  const asked: string[] = [];
  const authProvider: AuthProvider = {
    ...countingAuthProvider().authProvider,
    canAccess: ({ resource: r }) => {
      asked.push(r);
      return Promise.resolve(allowed);
    },
  };
  const renders: string[] = [];
  render(
    <CoreAdminContext authProvider={authProvider} queryClient={queryClient}>
      <AccessRenders renders={renders} resource={resource} />
    </CoreAdminContext>,
  );
  // Settled: an answer is shown (not 'pending') and no question is still being asked.
  await waitFor(() => expect(renders.at(-1) ?? 'pending').not.toBe('pending'));
  await settled(queryClient);
  return { renders, asked };
}

describe("the console's query client and canAccess", () => {
  it('gives a grant the stored session already holds at the first render, without asking', async () => {
    const { renders, asked } = await accessRenders(createQueryClient(storedGrants(() => true)), true);
    expect(renders[0]).toBe('true');
    expect(renders).not.toContain('pending');
    expect(asked).toEqual([]);
  });

  it('leaves a refusal to canAccess (access-denied waits for the session check)', async () => {
    const { renders, asked } = await accessRenders(createQueryClient(storedGrants(() => false)), false);
    expect(renders[0]).toBe('pending');
    expect(renders.at(-1)).toBe('false');
    expect(asked).toEqual(['branch']);
  });

  it('asks canAccess when the answer is not known (signed out)', async () => {
    const { renders, asked } = await accessRenders(createQueryClient(storedGrants(() => undefined)), true);
    expect(renders[0]).toBe('pending');
    expect(renders.at(-1)).toBe('true');
    expect(asked).toEqual(['branch']);
  });

  it('asks the question it was given (resource and action)', async () => {
    const questions: { resource: string; action: string }[] = [];
    await accessRenders(
      createQueryClient(
        storedGrants((q) => {
          questions.push(q);
          return true;
        }),
      ),
      true,
      'medicine',
    );
    expect(questions).toContainEqual({ resource: 'medicine', action: 'list' });
  });
});

/** What useAuthState gave at each render: the session check as react-admin's routes and lists see it. */
function SessionRenders({ renders }: { renders: string[] }) {
  const { authenticated, isPending } = useAuthState();
  renders.push(isPending ? 'pending' : String(authenticated));
  return null;
}

describe("the console's query client and the session check", () => {
  it('answers "signed in" at the first render when a session is stored, without asking', async () => {
    const { authProvider, calls } = countingAuthProvider();
    const renders: string[] = [];
    const queryClient = createQueryClient((method) => (method === 'checkAuth' ? { data: true } : undefined));
    render(
      <CoreAdminContext authProvider={authProvider} queryClient={queryClient}>
        <SessionRenders renders={renders} />
      </CoreAdminContext>,
    );
    await waitFor(() => expect(renders.length).toBeGreaterThan(0));
    await settled(queryClient);
    expect(renders).toEqual(['true']);
    expect(calls.checkAuth).toBe(0);
  });

  it('asks checkAuth when no session is stored', async () => {
    const { authProvider, calls } = countingAuthProvider();
    const renders: string[] = [];
    render(
      <CoreAdminContext authProvider={authProvider} queryClient={createQueryClient()}>
        <SessionRenders renders={renders} />
      </CoreAdminContext>,
    );
    await waitFor(() => expect(renders.at(-1)).toBe('true'));
    expect(renders[0]).toBe('pending');
    expect(calls.checkAuth).toBe(1);
  });

  it('asks checkAuth again once the answers are dropped, and a refusal then signs out', async () => {
    let valid = true;
    const authProvider: AuthProvider = {
      ...countingAuthProvider().authProvider,
      checkAuth: () => (valid ? Promise.resolve() : Promise.reject(new Error('expired'))),
    };
    const client = createQueryClient((method) => (method === 'checkAuth' && valid ? { data: true } : undefined));
    const renders: string[] = [];
    render(
      <CoreAdminContext authProvider={authProvider} queryClient={client}>
        <SessionRenders renders={renders} />
      </CoreAdminContext>,
    );
    expect(renders).toEqual(['true']);
    // What App does when the authProvider reports that the server ended the session.
    valid = false;
    await client.invalidateQueries({ queryKey: ['auth'] });
    await waitFor(() => expect(renders.at(-1)).toBe('false'));
  });
});
