import { QueryCache, QueryClient, hashKey, type Query, type QueryKey, type QueryOptions, type QueryState } from '@tanstack/react-query';
import { SESSION_CHECK_FRESH_MS } from '../authProvider';
import { prefetchMenu } from './layout/menuData';

/**
 * What the stored session answers at once for react-admin's auth query `['auth', method, params]`
 * (authProvider.answerNow), or undefined when it must be asked.
 */
export type StoredAnswer = (method: string, params: unknown) => { data: unknown } | undefined;

/**
 * Creates the auth queries the stored session answers with that answer already in them: the
 * session check, the permissions and the identity of a stored session, and a `canAccess` question
 * its permissions grant.
 *
 * react-admin asks these through react-query, so even an answer known at once arrived a task later,
 * with a render of its own. The session check and the permissions are watched by react-admin's
 * routes (`useAuthState` and `usePermissions` spread the whole query result), so each of their
 * state changes re-rendered the whole layout, and the list showed its rows only after the server
 * had answered the session check (issue 14, bench/FIRST-VISIT.md).
 * The server still checks the session: the authProvider's start-up check runs as before, and if
 * the server ends the session, App invalidates these answers and react-admin signs the user out
 * (and every API call of an ended session is refused with 401, which signs out too).
 * Refusals are left to canAccess itself, react-admin's own path to the access-denied page.
 */
class AnsweringQueryCache extends QueryCache {
  constructor(private readonly stored: StoredAnswer) {
    super();
  }

  private knownAnswer(key: QueryKey): { data: unknown } | undefined {
    return key[0] === 'auth' && typeof key[1] === 'string' ? this.stored(key[1], key[2]) : undefined;
  }

  override build<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
    client: QueryClient,
    options: QueryOptions<TQueryFnData, TError, TData, TQueryKey> & { queryKey: TQueryKey },
    state?: QueryState<TData, TError>,
  ): Query<TQueryFnData, TError, TData, TQueryKey> {
    const known = state || this.get(options.queryHash ?? hashKey(options.queryKey)) ? undefined : this.knownAnswer(options.queryKey);
    if (known) {
      const now = Date.now();
      const answered: QueryState<TData, TError> = {
        // The answer is the authProvider method's result, which is what this query's data is.
        data: known.data as TData,
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
      return super.build(client, options, answered);
    }
    return super.build(client, options, state);
  }
}

/** The console's query client (react-admin's and the modules' queries). */
export function createQueryClient(stored: StoredAnswer = () => undefined): QueryClient {
  const client = new QueryClient({ queryCache: new AnsweringQueryCache(stored) });
  // react-admin runs `checkAuth` again for every component that needs the session as it mounts:
  // the layout, then the screen. Its answer counts as fresh for as long as the authProvider reuses
  // a check's answer anyway: otherwise the screen's re-run, answered from that reuse, still
  // re-rendered every react-admin route (the whole layout, ~90 ms) before a list could ask for its
  // rows (issue 14, bench/FIRST-VISIT.md). A permission change still invalidates it at once.
  client.setQueryDefaults(['auth', 'checkAuth'], { staleTime: SESSION_CHECK_FRESH_MS });
  // An answer given at creation (above) stays fresh as long, so mounting does not ask it again.
  // (react-admin's permissions and identity hooks keep theirs fresh for five minutes themselves.)
  client.setQueryDefaults(['auth', 'canAccess'], { staleTime: SESSION_CHECK_FRESH_MS });
  prefetchMenu(client);
  return client;
}
