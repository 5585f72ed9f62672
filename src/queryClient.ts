import { QueryCache, QueryClient, hashKey, type Query, type QueryKey, type QueryOptions, type QueryState } from '@tanstack/react-query';
import { SESSION_CHECK_FRESH_MS } from '../authProvider';
import { prefetchMenu } from './layout/menuData';

/**
 * Whether the signed-in user may do `action` on `resource`, when the answer is known without
 * waiting (from the stored session), else undefined. authProvider.canAccessNow.
 */
export type AccessNow = (params: { resource: string; action: string }) => boolean | undefined;

/** react-admin's `useCanAccess` key: ['auth', 'canAccess', { action, resource, recordId, ... }]. */
function accessQuestion(key: QueryKey): { resource: string; action: string } | undefined {
  if (key[0] !== 'auth' || key[1] !== 'canAccess') return undefined;
  const params = key[2] as { resource?: unknown; action?: unknown } | undefined;
  return typeof params?.resource === 'string' && typeof params.action === 'string'
    ? { resource: params.resource, action: params.action }
    : undefined;
}

/** react-admin's session check key (`useAuthState`, `useAuthenticated`): ['auth', 'checkAuth', params]. */
function isSessionCheck(key: QueryKey): boolean {
  return key[0] === 'auth' && key[1] === 'checkAuth';
}

/** What the stored session answers without waiting for the server (from the authProvider). */
export interface StoredAnswers {
  /** authProvider.canAccessNow: a grant, a refusal, or undefined when signed out. */
  canAccessNow: AccessNow;
  /** Whether a session is stored. The authProvider's start-up check of it is already on its way. */
  signedIn: () => boolean;
}

const NOTHING_STORED: StoredAnswers = { canAccessNow: () => undefined, signedIn: () => false };

/**
 * Creates the auth queries the stored session answers with that answer already in them:
 * - a `canAccess` question the stored permissions grant;
 * - the session check, when a session is stored.
 *
 * react-admin asks both through react-query, so even an answer known at once arrived a task later,
 * with a render of its own. The session check is watched by react-admin's routes (`useAuthState`
 * spreads the whole query result), so each of its state changes re-rendered the whole layout, and
 * the list showed its rows only after the server had answered it (issue 14, bench/FIRST-VISIT.md).
 * The server still checks the session: the authProvider's start-up check runs as before, and if
 * the server ends the session, App invalidates these answers and react-admin signs the user out.
 * Refusals are not given at once: a refusal sends the screen to access-denied, which must wait for
 * the session check (an expired session goes to the sign-in page instead).
 */
class AnsweringQueryCache extends QueryCache {
  constructor(private readonly stored: StoredAnswers) {
    super();
  }

  private knownAnswer(key: QueryKey): boolean {
    if (isSessionCheck(key)) return this.stored.signedIn();
    const question = accessQuestion(key);
    return question !== undefined && this.stored.canAccessNow(question) === true;
  }

  override build<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
    client: QueryClient,
    options: QueryOptions<TQueryFnData, TError, TData, TQueryKey> & { queryKey: TQueryKey },
    state?: QueryState<TData, TError>,
  ): Query<TQueryFnData, TError, TData, TQueryKey> {
    if (!state && !this.get(options.queryHash ?? hashKey(options.queryKey)) && this.knownAnswer(options.queryKey)) {
      const now = Date.now();
      const answered: QueryState<boolean, TError> = {
        data: true,
        dataUpdateCount: 1,
        dataUpdatedAt: now,
        error: null,
        errorUpdateCount: 0,
        errorUpdatedAt: 0,
        fetchFailureCount: 0,
        fetchFailureReason: null,
        fetchMeta: null,
        isInvalidated: false,
        status: 'success',
        fetchStatus: 'idle',
      };
      // Both queries' data is a boolean (checkAuth's "signed in", canAccess's answer); the generic
      // signature cannot say so.
      return super.build(client, options, answered as unknown as QueryState<TData, TError>);
    }
    return super.build(client, options, state);
  }
}

/** The console's query client (react-admin's and the modules' queries). */
export function createQueryClient(stored: StoredAnswers = NOTHING_STORED): QueryClient {
  const client = new QueryClient({ queryCache: new AnsweringQueryCache(stored) });
  // react-admin runs `checkAuth` again for every component that needs the session as it mounts:
  // the layout, then the screen. Its answer counts as fresh for as long as the authProvider reuses
  // a check's answer anyway: otherwise the screen's re-run, answered from that reuse, still
  // re-rendered every react-admin route (the whole layout, ~90 ms) before a list could ask for its
  // rows (issue 14, bench/FIRST-VISIT.md). A permission change still invalidates it at once.
  client.setQueryDefaults(['auth', 'checkAuth'], { staleTime: SESSION_CHECK_FRESH_MS });
  // An answer given at creation (above) stays fresh as long, so mounting does not ask it again.
  client.setQueryDefaults(['auth', 'canAccess'], { staleTime: SESSION_CHECK_FRESH_MS });
  prefetchMenu(client);
  return client;
}
