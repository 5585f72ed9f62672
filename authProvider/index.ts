import { HttpError, type AuthProvider, type UserIdentity } from 'react-admin';
import { permissionSlug, type Action, type Registry } from '../resources';
import { fetchJson, type HttpClient } from '../dataProvider/httpClient';
import { session, type AuthUser } from './storage';
import { SecondFactorNeeded, type CompletedSignIn, type SecondFactorStep } from './second-factor';

export { session } from './storage';

export interface AuthProviderOptions {
  apiUrl?: string;
  registry: Registry;
  httpClient?: HttpClient;
  /**
   * Called when a session check finds that the user's permission slugs changed (`permissions`), or
   * that the server ended the session (`ended`), so the app can drop the answers it took from the
   * stored session: App has react-admin ask canAccess again, or its session check, which then
   * signs the user out.
   */
  onSessionChange?: (change: SessionChange) => void;
}

export interface LoginParams {
  username: string;
  password: string;
  remember?: boolean;
}

/** How long a session check's answer serves the checks that follow it (see sharedCheck). */
export const SESSION_CHECK_FRESH_MS = 2000;

/** react-admin's action names -> the descriptor actions whose slugs the server checks. */
const RA_ACTIONS: Record<string, Action> = {
  list: 'list',
  show: 'get',
  create: 'create',
  edit: 'update',
  delete: 'delete',
  export: 'list',
  clone: 'create',
};

/** The slugs of the permission menu list (`/menu/menu-list-permission` answers menu rows). */
function slugsOf(data: unknown): string[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((m: unknown) => {
    const slug = typeof m === 'object' && m !== null ? (m as { menu_slug?: unknown }).menu_slug : undefined;
    return typeof slug === 'string' ? [slug] : [];
  });
}

/** react-admin's AuthProvider with the optional methods this console always implements. */
export type ConsoleAuthProvider = AuthProvider &
  Required<Pick<AuthProvider, 'getIdentity' | 'getPermissions' | 'canAccess'>> & {
    /** canAccess's answer without waiting: from the stored session, or undefined when signed out. */
    canAccessNow(params: { resource: string; action: string }): boolean | undefined;
    /**
     * What react-admin's `method` (checkAuth, getPermissions, getIdentity, canAccess) would answer
     * with `params`, when the stored session answers it without the server; else undefined (signed
     * out; or a refusal, which react-admin asks canAccess for, its own way to access-denied).
     */
    answerNow(method: string, params: unknown): { data: unknown } | undefined;
    /**
     * Reads the user and their permission slugs from the server now (the server said they changed,
     * or refused a read), whatever the last session check answered; reports a change as a check does.
     */
    refreshPermissions(): Promise<void>;
    /**
     * Calls `listener` on every change a session check finds (as `onSessionChange`), until the
     * returned function is called: the screens' session check signs the user out on `ended`.
     */
    subscribe(listener: (change: SessionChange) => void): () => void;
  };

/** What a session check found changed: the permission slugs, or the server ended the session. */
export type SessionChange = 'permissions' | 'ended';

export function createAuthProvider({
  apiUrl = '/api',
  registry,
  httpClient = fetchJson,
  onSessionChange: notifyApp,
}: AuthProviderOptions): ConsoleAuthProvider {
  const listeners = new Set<(change: SessionChange) => void>();
  function onSessionChange(change: SessionChange): void {
    notifyApp?.(change);
    for (const listener of [...listeners]) listener(change);
  }
  /** The latest refresh started: an older one answering after it must not store its older slugs. */
  let latest = 0;
  async function refreshSession(): Promise<void> {
    const mine = ++latest;
    try {
      // Refresh the stored user and slugs: an administrator may have changed them meanwhile.
      // The slugs follow the permission menu list (spec: permission_menus), so a change made by
      // an administrator shows at this check, without signing out.
      const [{ json }, menus] = await Promise.all([
        httpClient(`${apiUrl}/users/get-auth-user`),
        httpClient(`${apiUrl}/menu/menu-list-permission`),
      ]);
      if (mine !== latest) return;
      // Compared as sets: the same slugs stored in another order (by an older sign-in) are no change.
      const slugSet = () => [...session.permissions()].sort().join('\n');
      const before = slugSet();
      const slugs = slugsOf(menus.json.data);
      session.save({ ...(json.data as AuthUser), permissions: slugs });
      if (slugSet() !== before) onSessionChange('permissions');
    } catch (error) {
      // Only the server's answer ends the session. A transport failure (offline, or the fetch
      // aborted because the page is navigating away) must not sign the user out: clearing the
      // token there raced full page loads and lost the session.
      if (!(error instanceof HttpError)) return;
      session.clear();
      onSessionChange('ended');
      throw error;
    }
  }
  /*
   * react-admin checks the session on every screen, and the layout and the screen each ask as
   * they mount: a check in flight, or answered less than SESSION_CHECK_FRESH_MS ago for the same token, serves
   * them all instead of two more requests that the list's first row would wait for.
   * A failed check is never reused. An administrator's change still shows on the next screen.
   */
  let last: { token: string; answeredAt: number; check: Promise<void> } | undefined;
  function sharedCheck(fresh = false): Promise<void> {
    const token = session.token() ?? '';
    if (!fresh && last?.token === token && Date.now() - last.answeredAt < SESSION_CHECK_FRESH_MS) return last.check;
    const entry = { token, answeredAt: Infinity, check: refreshSession() };
    last = entry;
    entry.check.then(
      () => (entry.answeredAt = Date.now()),
      () => {
        if (last === entry) last = undefined;
      },
    );
    return entry.check;
  }

  /** What the stored session's slugs allow (the server checks the same slugs on every request). */
  function allowed(resource: string, action: string): boolean {
    const d = registry.find(resource);
    // A screen that is not a descriptor names its permission slug as the resource
    // (`<CanAccess resource="menu/menu-list">`); other pages carry no slug of their own.
    if (!d) return resource.includes('/') ? session.permissions().includes(resource) : true;
    const mapped = RA_ACTIONS[action];
    if (!mapped) return false;
    return session.permissions().includes(permissionSlug(d, mapped));
  }

  function identity(): UserIdentity {
    const user = session.user();
    if (!user) throw new Error('ra.auth.auth_check_error');
    return { id: user.user_id, fullName: user.user_name, avatar: user.user_picture ? `${apiUrl}/${user.user_picture}` : undefined };
  }

  // A returning user's first check starts now, when the console starts, rather than once the first
  // screen's code has arrived (it began ~400 ms after the page in a cold browser). react-admin's
  // first checkAuth is answered from the stored session (answerNow); a refusal by the server is
  // reported through onSessionChange('ended'), and any checkAuth asked meanwhile shares this one.
  if (session.token()) sharedCheck().catch(() => undefined);
  return {
    async login(params: LoginParams | CompletedSignIn) {
      if ('completed' in params) {
        session.save(params.completed, params.remember ?? false);
        return;
      }
      const { username, password, remember = false } = params;
      const { json } = await httpClient(`${apiUrl}/users/user-login/`, {
        method: 'POST',
        body: JSON.stringify({ username, password, remember }),
      });
      const data = json.data as AuthUser & { token?: string; second_factor?: SecondFactorStep };
      // The password was right, and a second factor (or its enrolment) must follow: the sign-in page asks for it.
      if (data.second_factor) throw new SecondFactorNeeded(data.second_factor, remember);
      session.save(data, remember);
    },

    async logout() {
      let endSessionUrl: unknown;
      if (session.token()) {
        try {
          const { json } = await httpClient(`${apiUrl}/users/user-logout/`);
          // A directory (OpenID) session: the provider's own session ends too (RP-initiated logout).
          endSessionUrl = (json.data as { end_session_url?: unknown } | null)?.end_session_url;
        } catch {
          // The session ends on this side whatever the server says (spec: /logout always ends at /login).
        }
      }
      session.clear();
      return typeof endSessionUrl === 'string' && endSessionUrl.startsWith('http') ? endSessionUrl : '/login';
    },

    async checkAuth() {
      // Nobody signed in (a first visit): straight to the sign-in page, without the red "Please
      // login to continue" that react-admin shows for a session that ended.
      // eslint-disable-next-line @typescript-eslint/only-throw-error
      if (!session.token()) throw { message: false };
      return sharedCheck();
    },

    async checkError(error: { status?: number }) {
      if (error.status === 401) {
        session.clear();
        // react-admin's contract: checkError rejects with the error it was given.
        // eslint-disable-next-line @typescript-eslint/only-throw-error
        throw error;
      }
      // 403 means "not allowed to do this", not "signed out": keep the session. The stored
      // permissions may be behind the server's: read them again, so that a screen no longer
      // allowed goes to the access-denied page (its canAccess is asked again on a change).
      if (error.status === 403 && session.token()) await sharedCheck(true).catch(() => undefined);
    },

    async getIdentity() {
      return identity();
    },

    async getPermissions() {
      return session.permissions();
    },

    async canAccess({ resource, action }) {
      return allowed(resource, action);
    },

    canAccessNow({ resource, action }) {
      return session.token() ? allowed(resource, action) : undefined;
    },

    async refreshPermissions() {
      if (session.token()) await sharedCheck(true);
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    answerNow(method, params) {
      if (!session.token()) return undefined;
      switch (method) {
        case 'checkAuth':
          return { data: true };
        case 'getPermissions':
          return { data: session.permissions() };
        case 'getIdentity':
          return session.user() ? { data: identity() } : undefined;
        case 'canAccess': {
          const { resource, action } = (params ?? {}) as { resource?: unknown; action?: unknown };
          return typeof resource === 'string' && typeof action === 'string' && allowed(resource, action) ? { data: true } : undefined;
        }
        default:
          return undefined;
      }
    },
  };
}
