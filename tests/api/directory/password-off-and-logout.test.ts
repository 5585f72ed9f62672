import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DATABASES, startServer, type TestServer } from '../harness';
import { signIn, staff } from '../accounts/helpers';
import { startProvider, type TestProvider } from '../../fixtures/directory/oidc-provider';
import { AFTER_LOGOUT, REDIRECT, consoleSetUp, directorySettings, oidcSignIn } from './helpers';

describe.each(DATABASES)('password sign-in turned off, and signing out of the provider too, on %s', (kind) => {
  let provider: TestProvider;
  let s: TestServer;
  beforeAll(async () => {
    provider = await startProvider(REDIRECT, AFTER_LOGOUT);
    s = await startServer(kind, { config: { directory: directorySettings(provider, { passwordSignIn: false }) } });
    await consoleSetUp(s);
    await staff(s, { username: 'local-nurse', password: 'local-nurse-password' });
    provider.people.set('sub-lina', { preferred_username: 'lina', groups: ['ward-nurses'], branch: 'north' });
  });
  afterAll(async () => {
    await s.close();
    await provider.stop();
  });

  it('refuses the password of anyone but a Super Admin (break-glass), and says how to sign in', async () => {
    const refused = await signIn(s, 'local-nurse', 'local-nurse-password');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Password sign-in is turned off: sign in with Hospital ID');
    expect((await signIn(s, ADMIN.username, ADMIN.password)).statusCode).toBe(200);
    expect((await s.call('GET', '/api/directory/sign-in-options', { token: null })).json().data.password).toBe(false);
    // A wrong password is still only a wrong password (nothing said about the account).
    expect((await signIn(s, 'local-nurse', 'not-the-password')).json().message).toBe('Invalid username or password');
  });

  it("answers the provider's end-session URL at sign-out of an OpenID session, which the provider accepts", async () => {
    const token = (await oidcSignIn(s, provider, 'sub-lina')).json().data.token as string;
    const out = await s.call('GET', '/api/users/user-logout', { token });
    expect(out.statusCode).toBe(200);
    const url = new URL(out.json().data.end_session_url as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.issuer}/session/end`);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(AFTER_LOGOUT);
    expect(url.searchParams.get('id_token_hint')).toMatch(/^ey/);
    // The provider knows the hint and asks to confirm the sign-out (an unknown hint is an error page).
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<form/);
    expect((await s.call('GET', '/api/users/get-auth-user', { token })).statusCode).toBe(401);
  });

  it('answers no end-session URL for a password session', async () => {
    const token = (await signIn(s, ADMIN.username, ADMIN.password)).json().data.token as string;
    const out = await s.call('GET', '/api/users/user-logout', { token });
    expect(out.json().data).toEqual({ message: 'Logout Successfully' });
  });
});
