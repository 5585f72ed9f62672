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

/**
 * Creates each `canAccess` query with its answer already in it when the stored session grants it.
 * react-admin asks canAccess through react-query, so even an answer known at once arrived a task
 * later, with a render of its own: the list asked for its rows only after its canAccess had
 * answered, and every menu entry and button rendered twice (issue 14, bench/FIRST-VISIT.md).
 * Only grants are given at once: a refusal sends the screen to access-denied, which must wait for
 * the session check (an expired session goes to the sign-in page instead).
 */
class AnsweringQueryCache extends QueryCache {
  constructor(private readonly accessNow: AccessNow) {
    super();
  }

  override build<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
    client: QueryClient,
    options: QueryOptions<TQueryFnData, TError, TData, TQueryKey> & { queryKey: TQueryKey },
    state?: QueryState<TData, TError>,
  ): Query<TQueryFnData, TError, TData, TQueryKey> {
    const question = state ? undefined : accessQuestion(options.queryKey);
    if (question && !this.get(options.queryHash ?? hashKey(options.queryKey)) && this.accessNow(question) === true) {
      const now = Date.now();
      const granted: QueryState<boolean, TError> = {
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
      // A canAccess query's data is the boolean answer; the generic signature cannot say so.
      return super.build(client, options, granted as unknown as QueryState<TData, TError>);
    }
    return super.build(client, options, state);
  }
}

/** The console's query client (react-admin's and the modules' queries). */
export function createQueryClient(accessNow: AccessNow = () => undefined): QueryClient {
  const client = new QueryClient({ queryCache: new AnsweringQueryCache(accessNow) });
  // react-admin runs `checkAuth` again for every component that needs the session as it mounts:
  // the layout, then the screen. Its answer counts as fresh for as long as the authProvider reuses
  // a check's answer anyway: otherwise the screen's re-run, answered from that reuse, still
  // re-rendered every react-admin route (the whole layout, ~90 ms) before a list could ask for its
  // rows (issue 14, bench/FIRST-VISIT.md). A permission change still invalidates it at once.
  client.setQueryDefaults(['auth', 'checkAuth'], { staleTime: SESSION_CHECK_FRESH_MS });
  // A grant given at creation (above) stays fresh as long, so mounting does not ask it again.
  client.setQueryDefaults(['auth', 'canAccess'], { staleTime: SESSION_CHECK_FRESH_MS });
  prefetchMenu(client);
  return client;
}
