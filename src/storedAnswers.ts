import { useAuthProvider, type UserIdentity } from 'react-admin';
import { SESSION_CHECK_FRESH_MS, type ConsoleAuthProvider } from '../authProvider';

/*
 * react-admin asks the authProvider through react-query, so even an answer the stored session
 * knows at once (authProvider.answerNow / canAccessNow) would arrive a render later: the screen
 * first drew itself without its buttons and columns, then again with them. Where the console calls
 * react-admin's auth hooks, these options hand the hook that answer as react-query's `initialData`
 * (a documented option of every one of them), so its first render already has it. react-admin
 * still owns its queries: a session change makes them ask the authProvider again (App).
 */

/** Only the console's authProvider answers from the stored session; a test's may not. */
function consoleAuthProvider(authProvider: unknown): ConsoleAuthProvider | undefined {
  const candidate = authProvider as Partial<ConsoleAuthProvider> | undefined;
  return typeof candidate?.canAccessNow === 'function' && typeof candidate.answerNow === 'function'
    ? (candidate as ConsoleAuthProvider)
    : undefined;
}

interface AccessParams {
  resource: string;
  action: string;
  enabled?: boolean;
}

/**
 * useCanAccess / useRequireAccess parameters starting from the stored session's grant. A refusal is
 * still asked (react-admin's own way to the access-denied page), and nothing is asked while nobody
 * is signed in (the session check signs the visitor out first: see SessionCheck).
 */
export function useStoredAccess<P extends AccessParams>(params: P): P & { initialData?: boolean; staleTime?: number } {
  const authProvider = consoleAuthProvider(useAuthProvider());
  if (!authProvider) return params;
  const known = authProvider.canAccessNow(params);
  if (known === undefined) return { ...params, enabled: false };
  // Counted fresh as long as the authProvider reuses a session check's answer anyway.
  return known ? { ...params, initialData: true, staleTime: SESSION_CHECK_FRESH_MS } : params;
}

/** useCanAccessResources parameters starting from the stored session's answers for every resource. */
export function useStoredAccessResources(params: { action: string; resources: string[] }): {
  action: string;
  resources: string[];
  initialData?: Record<string, boolean>;
  staleTime?: number;
} {
  const authProvider = consoleAuthProvider(useAuthProvider());
  if (!authProvider) return params;
  const answers: Record<string, boolean> = {};
  for (const resource of params.resources) {
    const known = authProvider.canAccessNow({ resource, action: params.action });
    if (known === undefined) return params;
    answers[resource] = known;
  }
  return { ...params, initialData: answers, staleTime: SESSION_CHECK_FRESH_MS };
}

/** react-admin's own freshness for the permissions and the identity. */
const FIVE_MINUTES = 5 * 60_000;

/** usePermissions options starting from the stored session's permission slugs. */
export function useStoredPermissions(): { initialData?: string[]; staleTime: number } {
  const known = consoleAuthProvider(useAuthProvider())?.answerNow('getPermissions', undefined);
  // answerNow's answer is what getPermissions resolves with: the stored slugs.
  return known ? { initialData: known.data as string[], staleTime: FIVE_MINUTES } : { staleTime: FIVE_MINUTES };
}

/** useGetIdentity options starting from the stored session's user. */
export function useStoredIdentity(): { initialData?: UserIdentity; staleTime: number } {
  const known = consoleAuthProvider(useAuthProvider())?.answerNow('getIdentity', undefined);
  // answerNow's answer is what getIdentity resolves with.
  return known ? { initialData: known.data as UserIdentity, staleTime: FIVE_MINUTES } : { staleTime: FIVE_MINUTES };
}
