import { useSyncExternalStore } from 'react';
import { TOKEN_KEY } from '../../../dataProvider/httpClient';
import { forgetStoredPages } from '../../../dataProvider/storedPages';

/**
 * Whether the console is locked: kept in localStorage, so a reload (or another tab) stays locked
 * until the password or a passkey unlocks it. The idle time before it locks by itself is 5 minutes
 * (under the session's 30 idle minutes), `VITE_LOCK_IDLE_MINUTES` at build time, or per browser the
 * `lock-idle-seconds` entry of localStorage (shared ward computers may want it shorter; tests use seconds).
 */
const LOCKED_KEY = 'console-locked';
const IDLE_KEY = 'lock-idle-seconds';
const DEFAULT_MINUTES = 5;

export function idleMs(): number {
  const own = Number(localStorage.getItem(IDLE_KEY));
  if (own > 0) return own * 1000;
  const built = Number(import.meta.env.VITE_LOCK_IDLE_MINUTES);
  return (built > 0 ? built : DEFAULT_MINUTES) * 60_000;
}

const listeners = new Set<() => void>();
const tell = () => {
  for (const l of listeners) l();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
};
/** The lock belongs to one session: a new sign-in (after a sign-out, or a session that ended) starts unlocked. */
const sessionTag = () => (localStorage.getItem(TOKEN_KEY) ?? '').slice(-12);
export const isLocked = () => {
  const tag = localStorage.getItem(LOCKED_KEY);
  return tag !== null && tag !== '' && tag === sessionTag();
};
export const useLocked = () => useSyncExternalStore(subscribe, isLocked);

/** Locks now (the trail records it; the session itself stays, so the open screen stays as it is). */
export function lockNow() {
  if (isLocked()) return;
  localStorage.setItem(LOCKED_KEY, sessionTag());
  // The lists' pages kept in the browser go (none is kept while locked: App's mayKeep): a shared
  // ward computer left locked keeps no staff data readable in its storage.
  forgetStoredPages();
  tell();
  // The trail's record of it; the calls' module is fetched now, not with the signed-in shell.
  import('./api').then(({ factorApi }) => factorApi.lock()).catch(() => undefined);
}

/** After the server accepted the password or passkey, or when the user signs out. */
export function unlocked() {
  localStorage.removeItem(LOCKED_KEY);
  tell();
}
