import { expect } from 'vitest';
import type { TestServer } from '../harness';
import { staff, tokenOf } from '../accounts/helpers';
import { insertUser } from '../../fixtures/users';
import { ORIGIN, codeFor, enrolTotp, ticketOf, withCode } from './helpers';
import { SoftPasskey } from './soft-authenticator';

/**
 * The audit coverage test's cases for the second factor's write routes: each runs the route once,
 * successfully, and answers the entries it must add (after `skipBefore`: its set-up is not its own).
 */
interface Expected {
  resource: string;
  record: number;
  action: string;
  changes?: Record<string, unknown>;
}
interface Outcome {
  skipBefore: number;
  entries: Expected[];
}

const PW = 'sturdy-horse-battery';

export function secondFactorTrailCases(s: TestServer, newest: () => Promise<number>): Record<string, { run(): Promise<Outcome> }> {
  let serial = 0;
  const person = async () => {
    const username = `sf-trail-${++serial}`;
    const id = await staff(s, { username, password: PW });
    return { id, username, token: await tokenOf(s, username, PW) };
  };
  const call = async (method: string, url: string, token: string | null, body?: object) => {
    const res = await s.call(method, url, { token, headers: { origin: ORIGIN }, ...(body && { body }) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json<{ data: Record<string, unknown> & { ticket: string; options: { challenge: string } } }>().data;
  };
  const withKey = async (token: string) => {
    const key = new SoftPasskey(ORIGIN);
    const opts = await call('POST', '/api/second-factor/passkey-options', token);
    const added = await call('POST', '/api/second-factor/passkey-add', token, {
      ticket: opts.ticket,
      name: 'Desk',
      credential: key.register(opts.options),
    });
    return { key, passkeyId: added.passkey_id as number };
  };
  const users = (record: number, action: string, changes?: Record<string, unknown>): Expected => ({
    resource: 'users',
    record,
    action,
    changes,
  });
  const done = async (work: () => Promise<unknown>, entries: Expected[]): Promise<Outcome> => {
    const skipBefore = await newest();
    await work();
    return { skipBefore, entries };
  };

  return {
    'POST /api/users/user-login-code': {
      async run() {
        const { id, username, token } = await person();
        const { secret } = await enrolTotp(s, token);
        const ticket = await ticketOf(s, username, PW);
        return done(
          async () => expect((await withCode(s, ticket, codeFor(secret, 1))).statusCode).toBe(200),
          [users(id, 'sign-in', { second_factor: { after: 'totp' } })],
        );
      },
    },
    'POST /api/users/user-login-enrol-confirm': {
      async run() {
        const group = (
          await call('POST', '/api/group/group-create', s.token, {
            group_code: `SF-NOW-${++serial}`,
            group_name: 'Requires now',
            group_second_factor: 1,
            group_second_factor_grace_days: 0,
          })
        ).group_id as number;
        const username = `sf-trail-${++serial}`;
        await insertUser(s.app.ctx, { username, password: PW, group, slugs: [] });
        const ticket = await ticketOf(s, username, PW);
        const { secret } = await call('POST', '/api/users/user-login-enrol', null, { ticket });
        const id = (
          await s.app.ctx.conn.db.selectFrom('users').select('user_id').where('username', '=', username).executeTakeFirstOrThrow()
        ).user_id;
        return done(
          () => call('POST', '/api/users/user-login-enrol-confirm', null, { ticket, code: codeFor(secret as string) }),
          [
            users(id, 'second-factor-enrolled', { second_factor: { after: 'totp' } }),
            users(id, 'sign-in', { second_factor: { after: 'totp' } }),
          ],
        );
      },
    },
    'POST /api/users/user-login-passkey': {
      async run() {
        const { id, username, token } = await person();
        const { key } = await withKey(token);
        const challenge = await call('POST', '/api/users/user-login-passkey-options', null, { ticket: await ticketOf(s, username, PW) });
        return done(
          () =>
            call('POST', '/api/users/user-login-passkey', null, {
              ticket: challenge.ticket,
              credential: key.authenticate(challenge.options),
            }),
          [users(id, 'sign-in', { second_factor: { after: 'passkey' } })],
        );
      },
    },
    'POST /api/second-factor/totp-confirm': {
      async run() {
        const { id, token } = await person();
        const { secret } = await call('POST', '/api/second-factor/totp-start', token);
        return done(
          () => call('POST', '/api/second-factor/totp-confirm', token, { code: codeFor(secret as string) }),
          [users(id, 'second-factor-enrolled', { second_factor: { after: 'totp' } })],
        );
      },
    },
    'POST /api/second-factor/totp-remove': {
      async run() {
        const { id, token } = await person();
        await enrolTotp(s, token);
        return done(
          () => call('POST', '/api/second-factor/totp-remove', token, { password: PW }),
          [users(id, 'second-factor-removed', { second_factor: { before: 'totp' } })],
        );
      },
    },
    'POST /api/second-factor/recovery-renew': {
      async run() {
        const { id, token } = await person();
        await enrolTotp(s, token);
        return done(
          () => call('POST', '/api/second-factor/recovery-renew', token, { password: PW }),
          [users(id, 'recovery-codes-renewed', { recovery_codes: { changed: true } })],
        );
      },
    },
    'POST /api/second-factor/passkey-add': {
      async run() {
        const { id, token } = await person();
        const skipBefore = await newest();
        await withKey(token);
        return { skipBefore, entries: [users(id, 'passkey-added', { passkey_name: { after: 'Desk' } })] };
      },
    },
    'DELETE /api/second-factor/passkey-delete/{id}': {
      async run() {
        const { id, token } = await person();
        const { passkeyId } = await withKey(token);
        return done(
          () => call('DELETE', `/api/second-factor/passkey-delete/${passkeyId}`, token),
          [users(id, 'passkey-removed', { passkey_name: { before: 'Desk' } })],
        );
      },
    },
    'POST /api/second-factor/lock': {
      async run() {
        const { id, token } = await person();
        return done(() => call('POST', '/api/second-factor/lock', token), [users(id, 'lock', {})]);
      },
    },
    'POST /api/second-factor/unlock': {
      async run() {
        const { id, token } = await person();
        return done(
          () => call('POST', '/api/second-factor/unlock', token, { password: PW }),
          [users(id, 'unlock', { method: { after: 'password' } })],
        );
      },
    },
    'POST /api/second-factor/unlock-passkey': {
      async run() {
        const { id, token } = await person();
        const { key } = await withKey(token);
        const challenge = await call('POST', '/api/second-factor/unlock-passkey-options', token);
        return done(
          () =>
            call('POST', '/api/second-factor/unlock-passkey', token, {
              ticket: challenge.ticket,
              credential: key.authenticate(challenge.options),
            }),
          [users(id, 'unlock', { method: { after: 'passkey' } })],
        );
      },
    },
    'POST /api/second-factor/reset/{id}': {
      async run() {
        const { id, token } = await person();
        await enrolTotp(s, token);
        return done(
          () => call('POST', `/api/second-factor/reset/${id}`, s.token),
          [users(id, 'second-factor-reset', { second_factor: { before: 'totp' } })],
        );
      },
    },
  };
}
