import { render } from '@testing-library/react';
import { http } from 'msw';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { App } from '../../src/App';
import { server } from '../msw/server';
import { ok } from '../msw/contract';
import { menuHandler } from '../msw/menu';
import type { I18nProvider } from 'react-admin';
import type { Registry } from '../../resources';

/** Signs a user in with these permission slugs (stored session + get-auth-user answering it). */
export function signIn(permissions: string[]) {
  const user = { user_id: 1, user_name: 'Test User', username: 'test', user_picture: '', permissions };
  localStorage.setItem('token', 'test-token');
  localStorage.setItem('user', JSON.stringify(user));
  localStorage.setItem('permissions', JSON.stringify(permissions));
  server.use(
    http.get('*/api/users/get-auth-user', () => ok(user)),
    http.get('*/api/users/user-logout/', () => ok({ message: 'bye' })),
    // The navigation of a user with these slugs (tests may answer their own menu instead).
    menuHandler(permissions),
  );
}

/** The router's current path and query, for tests that check where a redirect lands (`currentPath()`). */
function CurrentPath() {
  const { pathname, search } = useLocation();
  return (
    <output data-testid="current-path" hidden>
      {pathname + search}
    </output>
  );
}

/** The whole console, with its real providers (or another catalogue), at a given path. */
export function renderApp(path: string, registry?: Registry, i18nProvider?: I18nProvider) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App registry={registry} i18nProvider={i18nProvider} />
      <CurrentPath />
    </MemoryRouter>,
  );
}

/** Where the console's router is now (path and query). */
export const currentPath = () => document.querySelector('[data-testid="current-path"]')?.textContent ?? '';
