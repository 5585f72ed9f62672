import { TOKEN_KEY } from '../dataProvider/httpClient';
import { forgetStoredPages } from '../dataProvider/storedPages';

/**
 * The session in localStorage: the token (read by the httpClient on every call), the signed-in
 * user as the server answered it, their permission slugs and the remember-me choice.
 */
export const USER_KEY = 'user';
export const PERMISSIONS_KEY = 'permissions';
export const REMEMBER_KEY = 'remember';

export interface AuthUser {
  user_id: number;
  user_name: string;
  username: string;
  user_picture?: string;
  permissions?: string[];
  [key: string]: unknown;
}

export const session = {
  token: (): string | null => localStorage.getItem(TOKEN_KEY),
  user(): AuthUser | null {
    try {
      return JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') as AuthUser | null;
    } catch {
      return null;
    }
  },
  permissions(): string[] {
    try {
      const list: unknown = JSON.parse(localStorage.getItem(PERMISSIONS_KEY) ?? '[]');
      return Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string') : [];
    } catch {
      return [];
    }
  },
  /** Stores the user (and the token when the answer carries one); the token itself is not kept in `user`. */
  save(user: AuthUser & { token?: string }, remember?: boolean) {
    const { token, permissions, ...rest } = user;
    // A new session: nothing the browser kept for another one is shown to it.
    if (token) forgetStoredPages();
    if (token) localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(USER_KEY, JSON.stringify(rest));
    // Sorted and unique: sign-in and the session check list the same slugs in different orders,
    // and an order alone must not count as a change (it re-asked every canAccess and the menu).
    localStorage.setItem(PERMISSIONS_KEY, JSON.stringify([...new Set(permissions ?? [])].sort()));
    if (remember !== undefined) localStorage.setItem(REMEMBER_KEY, remember ? '1' : '0');
  },
  /** The session ended in this browser: with it goes what the lists kept of its data (storedPages.ts). */
  clear() {
    for (const key of [TOKEN_KEY, USER_KEY, PERMISSIONS_KEY, REMEMBER_KEY]) localStorage.removeItem(key);
    forgetStoredPages();
  },
};
