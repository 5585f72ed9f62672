import { TOKEN_KEY } from '../../../dataProvider/httpClient';
import { PERMISSIONS_KEY, USER_KEY } from '../../../authProvider/storage';
import { KEYS, RETURN_KEY, VIEW_KEY, type ViewAs } from './viewAsSession';

/** Starting a view: in the row button's chunk, not with the sign-in page (viewAsSession.ts has what every start needs). */
export function enterView(token: string, view: ViewAs): void {
  const saved = Object.fromEntries(KEYS.map((k) => [k, localStorage.getItem(k)]));
  localStorage.setItem(RETURN_KEY, JSON.stringify(saved));
  localStorage.setItem(VIEW_KEY, JSON.stringify(view));
  // The viewed user's name and permissions are read from the server on the next load.
  for (const k of [USER_KEY, PERMISSIONS_KEY]) localStorage.removeItem(k);
  localStorage.setItem(TOKEN_KEY, token);
  window.location.assign('/');
}
