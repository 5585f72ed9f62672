import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { server } from '../../msw/server';
import { fail, ok } from '../../msw/contract';
import { renderApp } from '../render';

describe("the sign-in page's directory part", () => {
  it('offers nothing when no directory is configured', async () => {
    let asked = false;
    server.use(
      http.get('*/api/directory/sign-in-options', () => {
        asked = true;
        return ok({ oidc: null, ldap: false, password: true });
      }),
    );
    renderApp('/login');
    await screen.findByRole('button', { name: 'Sign in' });
    // The answer has come and been drawn (a microtask after it): still no directory part.
    await waitFor(() => expect(asked).toBe(true));
    await act(() => Promise.resolve());
    expect(screen.queryByRole('button', { name: /Sign in with/ })).toBeNull();
    expect(screen.queryByRole('switch', { name: /directory account/ })).toBeNull();
  });

  it('starts an OpenID sign-in with the remember choice, and shows the refusal of a provider that is down', async () => {
    let asked: unknown;
    server.use(
      http.get('*/api/directory/sign-in-options', () => ok({ oidc: { name: 'Hospital ID' }, ldap: false, password: true })),
      // The provider's URL is refused here so the page stays (a real start sends the browser away).
      http.post('*/api/directory/oidc/start', async ({ request }) => {
        asked = await request.json();
        return fail('Hospital ID is not answering: sign-in through it is not possible now; try again in a few minutes', 503);
      }),
    );
    const u = userEvent.setup();
    renderApp('/login');
    await u.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await u.click(await screen.findByRole('button', { name: 'Sign in with Hospital ID' }));
    expect(await screen.findByText(/Hospital ID is not answering/)).toBeInTheDocument();
    expect(asked).toEqual({ remember: true });
  });

  it('sends the username and password to the directory when the LDAP switch is on', async () => {
    let body: unknown;
    const user = { user_id: 4, user_name: 'Sumi', username: 'sumi', user_picture: '', permissions: [] };
    server.use(
      http.get('*/api/directory/sign-in-options', () => ok({ oidc: null, ldap: true, password: true })),
      http.post('*/api/directory/ldap/sign-in', async ({ request }) => {
        body = await request.json();
        return ok({ ...user, token: 'LDAP-T' });
      }),
      http.get('*/api/users/get-auth-user', () => ok(user)),
    );
    const u = userEvent.setup();
    renderApp('/login');
    await u.click(await screen.findByRole('switch', { name: "Use my directory account's password" }));
    await u.type(screen.getByLabelText(/Username/), 'sumi');
    await u.type(screen.getByLabelText(/^Password/), 'sumi-ldap-pass');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(localStorage.getItem('token')).toBe('LDAP-T'));
    expect(body).toEqual({ username: 'sumi', password: 'sumi-ldap-pass', remember: false });
  });
});
