import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http } from 'msw';
import { server } from '../msw/server';
import { fail, ok } from '../msw/contract';
import { renderApp } from './render';

describe('sign-in page', () => {
  it('requires both fields, sends remember, shows Processing... while busy', async () => {
    let body: unknown;
    const user = { user_id: 1, user_name: 'Admin', username: 'admin', user_picture: '', permissions: [] };
    server.use(
      http.post('*/api/users/user-login/', async ({ request }) => {
        body = await request.json();
        await delay(200);
        return ok({ ...user, token: 'T' });
      }),
      http.get('*/api/users/get-auth-user', () => ok(user)),
    );
    const u = userEvent.setup();
    renderApp('/login');
    await u.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    await u.type(screen.getByLabelText(/Username/), 'admin');
    await u.type(screen.getByLabelText(/^Password/), 'secret');
    await u.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    await waitFor(() => expect(localStorage.getItem('token')).toBe('T'));
    expect(body).toEqual({ username: 'admin', password: 'secret', remember: true });
  });

  it('shows the server message when sign-in fails', async () => {
    server.use(http.post('*/api/users/user-login/', () => fail('Invalid username or password', 401)));
    const u = userEvent.setup();
    renderApp('/login');
    await u.type(await screen.findByLabelText(/Username/), 'admin');
    await u.type(screen.getByLabelText(/^Password/), 'bad');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid username or password')).toBeInTheDocument();
  });
});
