import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { server } from '../../msw/server';
import { fail, ok } from '../../msw/contract';
import { renderApp, signIn } from '../render';

/** The contract's refusal with per-field errors, as the server sends it. */
const refuse = (message: string, errors: Record<string, string>) => fail(message, 422, { errors });

// Whole-app renders with many typed characters: slow on a loaded machine, so a longer budget.
vi.setConfig({ testTimeout: 60_000 });

afterEach(() => {
  server.events.removeAllListeners();
});

describe('change password and forgot password screens', () => {
  it("finds 'Password Not Matched!' itself and sends nothing; the server's message highlights its field", async () => {
    signIn([]);
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/users/reset-password', async ({ request }) => {
        sent.push(await request.json());
        return refuse('Email Not Verified!', { verify_email: 'Email Not Verified!' });
      }),
    );
    // The page is under the users resource's path but is not a record: no user is asked for.
    const recordReads: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname.includes('/get-user/')) recordReads.push(request.url);
    });
    const u = userEvent.setup();
    renderApp('/users/reset-password');
    await u.type(await screen.findByLabelText(/Your e-mail address/), 'me@hospital.test');
    await u.type(screen.getByLabelText(/^Current password/), 'old-password');
    await u.type(screen.getByLabelText(/^New password/), 'calm-river-lantern');
    await u.type(screen.getByLabelText(/^Confirm new password/), 'calm-river-lanterns');
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findAllByText('Password Not Matched!')).toHaveLength(2);
    expect(sent).toEqual([]);
    await u.clear(screen.getByLabelText(/^Confirm new password/));
    await u.type(screen.getByLabelText(/^Confirm new password/), 'calm-river-lantern');
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(
      () => {
        expect(screen.getByLabelText(/Your e-mail address/)).toHaveAttribute('aria-invalid', 'true');
      },
      { timeout: 10_000 },
    );
    expect(screen.getByLabelText(/^Current password/)).toHaveAttribute('aria-invalid', 'false');
    expect(sent).toEqual([
      {
        verify_email: 'me@hospital.test',
        current_password: 'old-password',
        new_password: 'calm-river-lantern',
        c_password: 'calm-river-lantern',
      },
    ]);
    expect(recordReads).toEqual([]);
  });

  it('forgot password: e-mail, then the code dialog, then the reset page with the token', async () => {
    const calls: { path: string; body: unknown }[] = [];
    server.use(
      http.post('*/api/reset-password-verify/', async ({ request }) => {
        calls.push({ path: 'verify', body: await request.json() });
        return ok(null, { message: 'If the address belongs to an active account, a verification code has been sent to it' });
      }),
      http.post('*/api/reset-password-otp/', async ({ request }) => {
        calls.push({ path: 'otp', body: await request.json() });
        return ok({ token: 'reset-token' }, { message: 'Code Verified' });
      }),
      http.post('*/api/reset-password-new/', async ({ request }) => {
        calls.push({ path: 'new', body: await request.json() });
        return ok(null, { message: 'Password Reset Successfully' });
      }),
    );
    const u = userEvent.setup();
    renderApp('/forgot-password');
    await u.type(await screen.findByLabelText(/E-mail address/), 'nurse@hospital.test');
    await u.click(screen.getByRole('button', { name: 'Send code' }));
    const code = await screen.findByLabelText(/^Code/, undefined, { timeout: 10_000 });
    await u.type(code, '123456');
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    await u.type(await screen.findByLabelText(/^New password/, undefined, { timeout: 10_000 }), 'amber-forest-whistle');
    await u.type(screen.getByLabelText(/^Confirm new password/), 'amber-forest-whistl');
    await u.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findAllByText('Password Not Matched!')).toHaveLength(2);
    await u.type(screen.getByLabelText(/^Confirm new password/), 'e');
    await u.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('button', { name: 'Sign in' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(calls).toEqual([
      { path: 'verify', body: { email: 'nurse@hospital.test' } },
      { path: 'otp', body: { email: 'nurse@hospital.test', otp: '123456' } },
      { path: 'new', body: { token: 'reset-token', new_password: 'amber-forest-whistle', c_password: 'amber-forest-whistle' } },
    ]);
  });
});
