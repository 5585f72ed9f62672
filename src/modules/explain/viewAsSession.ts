import { TOKEN_KEY } from '../../../dataProvider/httpClient';
import { PERMISSIONS_KEY, REMEMBER_KEY, USER_KEY } from '../../../authProvider/storage';

/**
 * The console's side of view as: the viewer's own session is set aside while the read-only
 * session of the viewed user takes its place, and put back when the view ends (on demand, at its
 * time, or when the server has ended it). The page reloads each way, so every screen, menu and
 * permission is read again as the session's user.
 */
export const RETURN_KEY = 'view_as_return';
export const VIEW_KEY = 'view_as';
export const KEYS = [TOKEN_KEY, USER_KEY, PERMISSIONS_KEY, REMEMBER_KEY];

export interface ViewAs {
  name: string;
  ends_at: string;
}

export function currentView(): ViewAs | undefined {
  try {
    const v = JSON.parse(localStorage.getItem(VIEW_KEY) ?? 'null') as ViewAs | null;
    return v && localStorage.getItem(RETURN_KEY) ? v : undefined;
  } catch {
    return undefined;
  }
}

/** Puts the viewer's own session back (nothing when no view is set aside). */
export function leaveView(reload = true): void {
  const raw = localStorage.getItem(RETURN_KEY);
  localStorage.removeItem(VIEW_KEY);
  localStorage.removeItem(RETURN_KEY);
  if (!raw) return;
  try {
    const saved = JSON.parse(raw) as Record<string, string | null>;
    for (const k of KEYS) {
      const v = saved[k];
      if (v === null || v === undefined) localStorage.removeItem(k);
      else localStorage.setItem(k, v);
    }
  } catch {
    // A damaged copy: the viewer signs in again.
  }
  if (reload) window.location.assign('/');
}

/** At start: a view whose time is up, or whose session the server already ended, gives way to the viewer's own. */
export function settleEndedView(): void {
  // Module code is also imported where there is no browser storage (the end-to-end tests' route list).
  if (typeof localStorage === 'undefined') return;
  const view = currentView();
  if (!localStorage.getItem(RETURN_KEY)) return;
  if (!view || !localStorage.getItem(TOKEN_KEY) || Date.parse(view.ends_at) <= Date.now()) leaveView(false);
}
