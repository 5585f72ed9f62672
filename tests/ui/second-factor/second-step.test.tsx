import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { server } from '../../msw/server';
import { fail, ok } from '../../msw/contract';
import { renderApp } from '../render';

const user = { user_id: 7, user_name: 'Ward Nurse', username: 'nurse', user_picture: '', permissions: [] };

describe("sign-in's second step", () => {
  it('asks for the code after a right password, says when it is wrong, and signs in with the right one', async () => {
    const codes: unknown[] = [];
    server.use(
      http.post('*/api/users/user-login/', () => ok({ second_factor: { ticket: 'TICKET', methods: ['totp', 'recovery'] } })),
      http.post('*/api/users/user-login-code', async ({ request }) => {
        const body = (await request.json()) as { ticket: string; code: string };
        codes.push(body);
        return body.code === '123456' ? ok({ ...user, token: 'T2' }) : fail('Invalid code', 401);
      }),
      http.get('*/api/users/get-auth-user', () => ok(user)),
    );
    const u = userEvent.setup();
    renderApp('/login');
    await u.type(await screen.findByLabelText(/Username/), 'nurse');
    await u.type(screen.getByLabelText(/^Password/), 'right-password');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Second step' })).toBeInTheDocument();
    // No token yet: the password alone did not sign in.
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
    await u.type(screen.getByLabelText(/^Code/), '000000');
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code');
    await u.clear(screen.getByLabelText(/^Code/));
    await u.type(screen.getByLabelText(/^Code/), '123456');
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(localStorage.getItem('token')).toBe('T2'));
    expect(codes).toEqual([
      { ticket: 'TICKET', code: '000000' },
      { ticket: 'TICKET', code: '123456' },
    ]);
  });

  it('goes back to the password form', async () => {
    server.use(http.post('*/api/users/user-login/', () => ok({ second_factor: { ticket: 'T', methods: ['passkey'] } })));
    const u = userEvent.setup();
    renderApp('/login');
    await u.type(await screen.findByLabelText(/Username/), 'nurse');
    await u.type(screen.getByLabelText(/^Password/), 'right-password');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: 'Use a passkey' })).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });
});
