import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../harness';
import { signIn, staff, tokenOf } from '../accounts/helpers';
import { ORIGIN, ticketOf } from './helpers';
import { SoftPasskey } from './soft-authenticator';

const PW = 'sturdy-horse-battery';

describe.each(DATABASES)('passkeys on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
  });
  afterAll(() => s.close());

  const call = (method: string, url: string, token: string | null, body?: object) =>
    s.call(method, url, { token, headers: { origin: ORIGIN }, ...(body && { body }) });
  const me = (token: string) => s.call('GET', '/api/users/get-auth-user', { token });

  async function register(token: string, key: SoftPasskey, name: string) {
    const opts = (await call('POST', '/api/second-factor/passkey-options', token)).json().data;
    expect(opts.options.rp.id).toBe('localhost');
    return call('POST', '/api/second-factor/passkey-add', token, { ticket: opts.ticket, name, credential: key.register(opts.options) });
  }

  it('registers named passkeys, lists them, and signs in with one as the second factor or alone', async () => {
    const id = await staff(s, { username: 'keyholder', password: PW });
    const token = await tokenOf(s, 'keyholder', PW);
    const key = new SoftPasskey(ORIGIN);
    const added = await register(token, key, 'Ward laptop');
    expect(added.statusCode, added.body).toBe(200);
    // The same challenge cannot be answered twice, and a bad answer adds nothing.
    const opts = (await call('POST', '/api/second-factor/passkey-options', token)).json().data;
    const forged = key.register({ challenge: 'not-the-challenge' });
    expect(
      (await call('POST', '/api/second-factor/passkey-add', token, { ticket: opts.ticket, name: 'Bad', credential: forged })).statusCode,
    ).toBe(422);
    const second = new SoftPasskey(ORIGIN);
    expect((await register(token, second, 'Reception key')).statusCode).toBe(200);
    const listed = (await s.call('GET', '/api/second-factor/status', { token })).json().data.passkeys as {
      passkey_name: string;
      passkey_id: number;
    }[];
    expect(listed.map((p) => p.passkey_name)).toEqual(['Ward laptop', 'Reception key']);

    // The second step.
    const ticket = await ticketOf(s, 'keyholder', PW);
    const challenge = (await call('POST', '/api/users/user-login-passkey-options', null, { ticket })).json().data;
    expect(challenge.options.allowCredentials.map((c: { id: string }) => c.id).sort()).toEqual([key.id, second.id].sort());
    const done = await call('POST', '/api/users/user-login-passkey', null, {
      ticket: challenge.ticket,
      credential: key.authenticate(challenge.options),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ user_id: id });
    expect((await me(done.json().data.token as string)).statusCode).toBe(200);
    // Without the password: the browser offers any passkey of this host.
    const alone = (await call('POST', '/api/users/user-login-passkey-options', null, { alone: true })).json().data;
    expect(alone.options.allowCredentials).toEqual([]);
    const unverified = await call('POST', '/api/users/user-login-passkey', null, {
      ticket: alone.ticket,
      credential: second.authenticate(alone.options, false),
    });
    expect(unverified.statusCode).toBe(401);
    const alone2 = (await call('POST', '/api/users/user-login-passkey-options', null, { alone: true })).json().data;
    const signedIn = await call('POST', '/api/users/user-login-passkey', null, {
      ticket: alone2.ticket,
      credential: second.authenticate(alone2.options),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data).toMatchObject({ user_id: id, username: 'keyholder' });
    // Another user's ticket does not take this user's passkey.
    await staff(s, { username: 'stranger', password: PW });
    const strangerKey = new SoftPasskey(ORIGIN);
    const strangerToken = await tokenOf(s, 'stranger', PW);
    expect((await register(strangerToken, strangerKey, 'Mine')).statusCode).toBe(200);
    const theirs = (await call('POST', '/api/users/user-login-passkey-options', null, { ticket: await ticketOf(s, 'stranger', PW) })).json()
      .data;
    const mixed = await call('POST', '/api/users/user-login-passkey', null, {
      ticket: theirs.ticket,
      credential: key.authenticate(theirs.options),
    });
    expect(mixed.statusCode).toBe(401);

    // Unlock with a passkey, then remove one.
    const unlock = (await call('POST', '/api/second-factor/unlock-passkey-options', token)).json().data;
    expect(
      (
        await call('POST', '/api/second-factor/unlock-passkey', token, {
          ticket: unlock.ticket,
          credential: key.authenticate(unlock.options),
        })
      ).statusCode,
    ).toBe(200);
    const removed = await call('DELETE', `/api/second-factor/passkey-delete/${listed[1]!.passkey_id}`, token);
    expect(removed.statusCode).toBe(200);
    expect((await call('DELETE', `/api/second-factor/passkey-delete/${listed[1]!.passkey_id}`, token)).statusCode).toBe(404);
    // Another user's passkey is not theirs to remove.
    expect((await call('DELETE', `/api/second-factor/passkey-delete/${listed[0]!.passkey_id}`, strangerToken)).statusCode).toBe(404);
    expect((await signIn(s, 'keyholder', PW)).json().data.second_factor.methods).toEqual(['passkey']);
  });
});
