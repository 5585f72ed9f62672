import type { GetListResult } from 'react-admin';
import { TOKEN_KEY } from './httpClient';

/**
 * The lists' first pages kept in the browser, so that a returning user's list shows its last rows
 * at once and refreshes them as the server answers (react-query's stale-while-revalidate, with the
 * kept page as the list's initial data: src/screens/firstPage.ts), instead of waiting for the
 * network: on a slow phone network that answer came seconds after the screen (bench/PHONE.md).
 *
 * Staff data on a shared ward computer: the pages belong to one session (the entry is tagged with
 * it, and read only by that session), are dropped when the session ends in this browser (sign-out,
 * a session the server ended: authProvider/storage.ts `session.clear`), when another session is
 * saved (a new sign-in), and when the console locks (nothing is kept while it is locked). Only first
 * pages with no filter are kept, at most MAX_PAGES lists, newest first.
 */
export const STORED_PAGES_KEY = 'console-pages';
const MAX_PAGES = 8;

interface Stored {
  /** The session the pages belong to (the token's tail, as the lock does: lock-state.ts). */
  session: string;
  pages: Record<string, { page: GetListResult; savedAt: number }>;
}

const sessionTag = (): string | undefined => {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    return token ? token.slice(-12) : undefined;
  } catch {
    return undefined; // storage disabled: nothing is kept
  }
};

function read(): Stored | undefined {
  const session = sessionTag();
  if (!session) return undefined;
  try {
    const stored = JSON.parse(localStorage.getItem(STORED_PAGES_KEY) ?? 'null') as Stored | null;
    return stored?.session === session && typeof stored.pages === 'object' ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** Forgets every kept page (sign-out, a session ended or replaced, the console locked). */
export function forgetStoredPages(): void {
  try {
    localStorage.removeItem(STORED_PAGES_KEY);
  } catch {
    // storage disabled: nothing was kept
  }
}

/** The kept page for this call (see storedPageKey), with when it was kept; only the session's own. */
export function storedPage(key: string): { page: GetListResult; savedAt: number } | undefined {
  return read()?.pages[key];
}

/** Keeps `page` as the answer to this call, for this session. A full storage keeps nothing. */
export function keepPage(key: string, page: GetListResult): void {
  const session = sessionTag();
  if (!session) return;
  const pages = { ...read()?.pages, [key]: { page, savedAt: Date.now() } };
  const newest = Object.entries(pages)
    .sort(([, a], [, b]) => b.savedAt - a.savedAt)
    .slice(0, MAX_PAGES);
  try {
    localStorage.setItem(STORED_PAGES_KEY, JSON.stringify({ session, pages: Object.fromEntries(newest) } satisfies Stored));
  } catch {
    // Over the storage quota: the list simply waits for the server next time.
    forgetStoredPages();
  }
}
