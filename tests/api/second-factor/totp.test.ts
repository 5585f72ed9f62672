import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../harness';
import { signIn, staff, tokenOf } from '../accounts/helpers';
import { dynamic } from '../../../server/db/database';
import { codeFor, enrolTotp, ticketOf, withCode } from './helpers';

const PW = 'sturdy-horse-battery';

describe.each(DATABASES)('authenticator-app codes and recovery codes on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
  });
  afterAll(() => s.close());

  const db = () => dynamic(s.app.ctx.conn.db);
  const me = (token: string) => s.call('GET', '/api/users/get-auth-user', { token });
  const status = async (token: string) => (await s.call('GET', '/api/second-factor/status', { token })).json().data;
  const trail = async (userId: number) =>
    (
      await sql<{ audit_action: string; audit_actor: number | null; audit_changes: string }>`
        SELECT audit_action, audit_actor, audit_changes FROM audit_log WHERE audit_resource = 'users' AND audit_record = ${userId} ORDER BY audit_id`.execute(
        db(),
      )
    ).rows;

  it('enrols from My profile: a secret and its QR address, confirmed by a first code, with ten recovery codes shown once', async () => {
    const id = await staff(s, { username: 'enroller', password: PW });
    const token = await tokenOf(s, 'enroller', PW);
    expect(await status(token)).toMatchObject({ totp: false, totp_pending: false, recovery_left: 0, passkeys: [], required: false });
    const started = await s.call('POST', '/api/second-factor/totp-start', { token });
    expect(started.statusCode).toBe(200);
    const { secret, uri } = started.json().data as { secret: string; uri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/.*enroller\?.*secret=/);
    expect(await status(token)).toMatchObject({ totp: false, totp_pending: true });
    // A wrong first code is a form error that changes nothing.
    const wrong = await s.call('POST', '/api/second-factor/totp-confirm', {
      token,
      body: { code: '000000' === codeFor(secret) ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ status: 0, message: 'Invalid code', errors: { code: 'Invalid code' } });
    expect(await status(token)).toMatchObject({ totp: false, totp_pending: true });
    const ok = await s.call('POST', '/api/second-factor/totp-confirm', { token, body: { code: codeFor(secret) } });
    expect(ok.statusCode, ok.body).toBe(200);
    const codes = ok.json().data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await status(token)).toMatchObject({ totp: true, totp_pending: false, recovery_left: 10 });
    // Stored hashed: no code appears in the table.
    const stored = await db().selectFrom('user_recovery_code').select('code_hash').where('user_id', '=', id).execute();
    expect(stored).toHaveLength(10);
    for (const r of stored) expect(codes.some((c) => String(r.code_hash).includes(c.replace('-', '')))).toBe(false);
    expect((await trail(id)).map((e) => e.audit_action)).toContain('second-factor-enrolled');
    // A second enrolment must remove the first one before.
    expect((await s.call('POST', '/api/second-factor/totp-start', { token })).statusCode).toBe(409);
  });

  it('asks for the code after the password, signs in with it, and refuses the same code a second time', async () => {
    const id = await staff(s, { username: 'coder', password: PW });
    const { secret } = await enrolTotp(s, await tokenOf(s, 'coder', PW));
    const first = await signIn(s, 'coder', PW);
    expect(first.statusCode).toBe(200);
    const data = first.json().data as Record<string, unknown> & { second_factor: { ticket: string; methods: string[] } };
    expect(data.token).toBeUndefined();
    expect(data.second_factor.methods).toEqual(['totp', 'recovery']);
    // The enrolment took this step's code: the next step's is the one that signs in.
    const code = codeFor(secret, 1);
    const done = await withCode(s, data.second_factor.ticket, code);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 1, message: 'Login Successfully', data: { user_id: id, username: 'coder' } });
    const token = done.json().data.token as string;
    expect((await me(token)).statusCode).toBe(200);
    // The ticket is spent, and the same code again (a new sign-in) is refused.
    expect((await withCode(s, data.second_factor.ticket, code)).statusCode).toBe(401);
    const again = await withCode(s, await ticketOf(s, 'coder', PW), code);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ status: 0, message: 'This code was already used: wait for the next one', data: null });
    const signIns = (await trail(id)).filter((e) => e.audit_action === 'sign-in');
    expect(JSON.parse(signIns.at(-1)!.audit_changes)).toEqual({ second_factor: { after: 'totp' } });
    // A wrong code, and a ticket that never was, are refused alike.
    expect((await withCode(s, await ticketOf(s, 'coder', PW), '12345')).statusCode).toBe(401);
    expect((await withCode(s, 'not-a-ticket', codeFor(secret, 1))).json()).toMatchObject({
      message: 'This sign-in has expired: sign in again',
    });
  });

  it('takes each recovery code once', async () => {
    await staff(s, { username: 'recoverer', password: PW });
    const { recovery } = await enrolTotp(s, await tokenOf(s, 'recoverer', PW));
    const used = await withCode(s, await ticketOf(s, 'recoverer', PW), recovery[3]!.toUpperCase().replace('-', ' '));
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json().data).toMatchObject({ recovery_left: 9 });
    expect(typeof used.json().data.token).toBe('string');
    const twice = await withCode(s, await ticketOf(s, 'recoverer', PW), recovery[3]!);
    expect(twice.statusCode).toBe(401);
    expect(twice.json().message).toBe('Invalid code');
    expect((await withCode(s, await ticketOf(s, 'recoverer', PW), recovery[4]!)).statusCode).toBe(200);
  });

  it('counts wrong codes in the per-account lock-out: five lock the username, even for the right code', async () => {
    await staff(s, { username: 'guesser', password: PW });
    const { secret } = await enrolTotp(s, await tokenOf(s, 'guesser', PW));
    const ticket = await ticketOf(s, 'guesser', PW);
    const right = codeFor(secret, 1);
    const wrongs = ['000000', '111111', '222222', '333333', '444444', '555555'].filter((c) => c !== right && c !== codeFor(secret));
    for (const c of wrongs.slice(0, 5)) expect((await withCode(s, ticket, c)).statusCode).toBe(401);
    const locked = await withCode(s, ticket, right);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Too many failed sign-ins for this username; try again in 15 minutes$/);
    // The password step is locked too, and the lapse of the lock lets the right code through.
    expect((await signIn(s, 'guesser', PW)).statusCode).toBe(429);
    await db()
      .updateTable('login_throttle')
      .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
      .where('username_key', '=', 'guesser')
      .execute();
    expect((await withCode(s, ticket, right)).statusCode).toBe(200);
    expect(await db().selectFrom('login_throttle').selectAll().where('username_key', '=', 'guesser').executeTakeFirst()).toBeUndefined();
  });

  it('removes the app with the password again, and renews recovery codes', async () => {
    const id = await staff(s, { username: 'remover', password: PW });
    const token = await tokenOf(s, 'remover', PW);
    const { recovery } = await enrolTotp(s, token);
    expect((await s.call('POST', '/api/second-factor/recovery-renew', { token, body: { password: 'wrong' } })).statusCode).toBe(422);
    const renewed = await s.call('POST', '/api/second-factor/recovery-renew', { token, body: { password: PW } });
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json().data.recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    expect((await withCode(s, await ticketOf(s, 'remover', PW), recovery[0]!)).statusCode).toBe(401);
    expect((await s.call('POST', '/api/second-factor/totp-remove', { token, body: { password: 'wrong' } })).statusCode).toBe(422);
    expect(await status(token)).toMatchObject({ totp: true });
    expect((await s.call('POST', '/api/second-factor/totp-remove', { token, body: { password: PW } })).statusCode).toBe(200);
    expect(await status(token)).toMatchObject({ totp: false, recovery_left: 0 });
    const plain = await signIn(s, 'remover', PW);
    expect(typeof plain.json().data.token).toBe('string');
    expect((await trail(id)).map((e) => e.audit_action)).toEqual(
      expect.arrayContaining(['second-factor-enrolled', 'recovery-codes-renewed', 'second-factor-removed']),
    );
  });

  it('locks and unlocks with the password, recorded in the trail', async () => {
    const id = await staff(s, { username: 'locker', password: PW });
    const token = await tokenOf(s, 'locker', PW);
    expect((await s.call('POST', '/api/second-factor/lock', { token })).statusCode).toBe(200);
    const wrong = await s.call('POST', '/api/second-factor/unlock', { token, body: { password: 'wrong' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe('Current Password Invalid!');
    expect((await s.call('POST', '/api/second-factor/unlock', { token, body: {} })).statusCode).toBe(422);
    expect((await s.call('POST', '/api/second-factor/unlock', { token, body: { password: PW } })).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(200);
    const actions = (await trail(id)).map((e) => e.audit_action);
    expect(actions.slice(-2)).toEqual(['lock', 'unlock']);
  });
});
