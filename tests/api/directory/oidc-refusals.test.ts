import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, DATABASES, startServer, type TestServer } from '../harness';
import { startProvider, type TestProvider } from '../../fixtures/directory/oidc-provider';
import { signIn } from '../accounts/helpers';
import { AFTER_LOGOUT, REDIRECT, consoleSetUp, directorySettings, oidcCallbackUrl, oidcSignIn, userCount, userNamed } from './helpers';

/**
 * Every bad answer the issue names is refused with a clear message, creates nothing and is logged:
 * the provider here is real, and the forged ID tokens replace its own on their way to the console.
 */
describe.each(DATABASES)('OpenID Connect refusals on %s', (kind) => {
  let provider: TestProvider;
  let s: TestServer;
  beforeAll(async () => {
    provider = await startProvider(REDIRECT, AFTER_LOGOUT);
    s = await startServer(kind, { config: { directory: directorySettings(provider) } });
    await consoleSetUp(s);
    provider.people.set('sub-rafi', { preferred_username: 'rafi', groups: ['ward-nurses'], branch: 'north' });
  });
  afterAll(async () => {
    await s.close();
    await provider.stop();
  });
  beforeEach(() => {
    provider.tamper = undefined;
  });

  const callback = (search: string) => s.call('POST', '/api/directory/oidc/callback', { token: null, body: { callback: search } });

  /** The refusal, and nothing made: no account, no session. */
  async function refusedWith(status: number, message: RegExp, run: () => Promise<{ statusCode: number; body: string; json(): unknown }>) {
    const users = await userCount(s);
    const sessions = (await s.app.ctx.conn.db.selectFrom('sessions').select('token_hash').execute()).length;
    const res = await run();
    expect(res.statusCode, res.body).toBe(status);
    expect((res.json() as { message: string }).message).toMatch(message);
    expect(await userCount(s)).toBe(users);
    expect((await s.app.ctx.conn.db.selectFrom('sessions').select('token_hash').execute()).length).toBe(sessions);
  }

  it('refuses a wrong state, and the same answer twice', async () => {
    const back = await oidcCallbackUrl(s, provider, 'sub-rafi');
    const forged = new URLSearchParams(back.search);
    forged.set('state', 'not-the-state-we-sent');
    await refusedWith(400, /unknown, already used or expired/, () => callback(`?${forged.toString()}`));
    // The right state still works once (a wrong guess does not burn the real attempt)...
    expect((await callback(back.search)).statusCode).toBe(200);
    // ...and never twice.
    await refusedWith(400, /unknown, already used or expired/, () => callback(back.search));
    await refusedWith(422, /answer is missing/, () => s.call('POST', '/api/directory/oidc/callback', { token: null, body: {} }));
  });

  it("refuses a replayed code under a fresh attempt's state", async () => {
    const used = await oidcCallbackUrl(s, provider, 'sub-rafi');
    expect((await callback(used.search)).statusCode).toBe(200);
    const fresh = await oidcCallbackUrl(s, provider, 'sub-rafi');
    const replay = new URLSearchParams(fresh.search);
    replay.set('code', new URLSearchParams(used.search).get('code') ?? '');
    await refusedWith(401, /could not be verified/, () => callback(`?${replay.toString()}`));
  });

  const forgeries: [string, (t: string) => Promise<string>][] = [
    ['a wrong nonce', (t) => provider.resign(t, { nonce: 'someone-elses-nonce' })],
    ['a wrong issuer', (t) => provider.resign(t, { iss: 'https://evil.example' })],
    ['a wrong audience', (t) => provider.resign(t, { aud: 'another-client' })],
    [
      'an expired ID token',
      (t) => provider.resign(t, { iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 }),
    ],
    [
      'an ID token issued in the future',
      (t) => provider.resign(t, { iat: Math.floor(Date.now() / 1000) + 3600, exp: Math.floor(Date.now() / 1000) + 7200 }),
    ],
    ['an ID token not valid before later (nbf)', (t) => provider.resign(t, { nbf: Math.floor(Date.now() / 1000) + 3600 })],
    ['alg: none', (t) => Promise.resolve(provider.unsigned(t))],
    ['an unknown signing key', (t) => provider.signWithUnknownKey(t)],
  ];
  it.each(forgeries)('refuses %s', async (_what, forge) => {
    provider.tamper = forge;
    await refusedWith(401, /could not be verified, so the sign-in was refused/, () => oidcSignIn(s, provider, 'sub-rafi'));
  });

  it('answers 503 while the provider is down, and password sign-in still works', async () => {
    // An attempt started before the outage, finished during it.
    const before = await oidcCallbackUrl(s, provider, 'sub-rafi');
    await provider.stop();
    try {
      await refusedWith(503, /Hospital ID is not answering/, () => callback(before.search));
      // A fresh server (the discovery not yet read) cannot even start.
      const cold = await startServer(kind, { config: { directory: directorySettings(provider) } });
      try {
        const start = await cold.call('POST', '/api/directory/oidc/start', { token: null, body: {} });
        expect(start.statusCode).toBe(503);
        expect(start.json().message).toMatch(/Hospital ID is not answering/);
        expect((await signIn(cold, ADMIN.username, ADMIN.password)).statusCode).toBe(200);
      } finally {
        await cold.close();
      }
    } finally {
      await provider.restart();
    }
    expect((await oidcSignIn(s, provider, 'sub-rafi')).statusCode).toBe(200);
    expect(await userNamed(s, 'rafi')).toBeDefined();
  });
});
