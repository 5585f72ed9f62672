import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../harness';
import { startSmtp, type TestSmtp } from '../../fixtures/smtp';
import { FORGOT_MESSAGE } from '../../../server/modules/accounts/forgot-routes';
import { signIn, staff, tokenOf } from './helpers';

const PW = 'sturdy-horse-battery';
const NEW = 'amber-forest-whistle';

describe.each(DATABASES)('forgot password by e-mailed code on %s', (kind) => {
  let s: TestServer;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    s = await startServer(kind, { seed: false, config: { smtpUrl: smtp.url, mailFrom: 'Console <console@hospital.test>' } });
    for (const name of ['midwife', 'surgeon', 'cashier', 'porter', 'guard', 'cook']) await staff(s, { username: name, password: PW });
  });
  afterAll(async () => {
    await s.close();
    await smtp.close();
  });

  const db = () => s.app.ctx.conn.db;
  const ask = (email: string, ip = '127.0.0.1') =>
    s.app.inject({ method: 'POST', url: '/api/reset-password-verify/', payload: { email }, remoteAddress: ip });
  const otp = (email: string, code: string) => s.call('POST', '/api/reset-password-otp/', { token: null, body: { email, otp: code } });
  const setNew = (token: string, password = NEW, confirm = password) =>
    s.call('POST', '/api/reset-password-new/', { token: null, body: { token, new_password: password, c_password: confirm } });
  /** Requests a code and reads it from the message the SMTP server received. */
  const mailedCode = async (email: string) => {
    const before = smtp.received.length;
    expect((await ask(email)).json()).toMatchObject({ status: 1, message: FORGOT_MESSAGE });
    return smtp.codeFor(email, before);
  };

  it('mails a 6-digit code; the code buys a token; the token sets the password and ends every session', async () => {
    const session = await tokenOf(s, 'midwife', PW);
    const code = await mailedCode('midwife@hospital.test');
    expect(code).toMatch(/^\d{6}$/);
    const mail = smtp.received.at(-1)!;
    expect(mail.raw).toMatch(/From: Console <console@hospital.test>/);
    // Stored only as a hash.
    const row = await db()
      .selectFrom('password_reset_code')
      .selectAll()
      .where('email_key', '=', 'midwife@hospital.test')
      .executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain(code);
    const verified = await otp('MIDWIFE@hospital.test', code);
    expect(verified.statusCode).toBe(200);
    const token = verified.json().data.token as string;
    expect(token.length).toBeGreaterThan(30);
    expect(JSON.stringify(await db().selectFrom('password_reset_token').selectAll().execute())).not.toContain(token);
    const mismatch = await setNew(token, NEW, `${NEW}x`);
    expect(mismatch.json()).toMatchObject({ status: 0, message: 'Password Not Matched!' });
    const weak = await setNew(token, 'midwife');
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors).toHaveProperty('new_password');
    const done = await setNew(token);
    expect(done.json()).toMatchObject({ status: 1, message: 'Password Reset Successfully' });
    expect((await s.call('GET', '/api/users/get-auth-user', { token: session })).statusCode).toBe(401);
    expect((await signIn(s, 'midwife', PW)).statusCode).toBe(401);
    expect((await signIn(s, 'midwife', NEW)).statusCode).toBe(200);
    // The token is spent.
    const again = await setNew(token, 'other-forest-whistle');
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toHaveProperty('token');
  });

  it('answers the same for an address nobody has, and mails nothing', async () => {
    const before = smtp.received.length;
    const unknown = await ask('nobody@hospital.test');
    const known = await ask('cook@hospital.test');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    await smtp.codeFor('cook@hospital.test', before);
    expect(smtp.received.slice(before).some((m) => m.to.includes('nobody@hospital.test'))).toBe(false);
    // Guessing a code for it never succeeds either.
    expect((await otp('nobody@hospital.test', '123456')).statusCode).toBe(422);
    const invalid = await ask('not-an-address');
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toHaveProperty('email');
  });

  it('refuses an expired code', async () => {
    const code = await mailedCode('surgeon@hospital.test');
    await db()
      .updateTable('password_reset_code')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email_key', '=', 'surgeon@hospital.test')
      .execute();
    const res = await otp('surgeon@hospital.test', code);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: 0, message: 'The code is wrong or has expired' });
  });

  it('refuses the right code on the sixth try', async () => {
    const code = await mailedCode('cashier@hospital.test');
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) expect((await otp('cashier@hospital.test', wrong)).statusCode).toBe(422);
    const sixth = await otp('cashier@hospital.test', code);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/request a new code/);
  });

  it('accepts a code once only', async () => {
    const code = await mailedCode('porter@hospital.test');
    expect((await otp('porter@hospital.test', code)).statusCode).toBe(200);
    expect((await otp('porter@hospital.test', code)).statusCode).toBe(422);
  });

  it('replaces the old code with a new request', async () => {
    const first = await mailedCode('guard@hospital.test');
    let second = await mailedCode('guard@hospital.test');
    // Two draws of a million may match; ask again until they differ so the test means something.
    while (second === first) second = await mailedCode('guard@hospital.test');
    expect((await otp('guard@hospital.test', first)).statusCode).toBe(422);
    expect((await otp('guard@hospital.test', second)).statusCode).toBe(200);
  });

  it('limits requests per address and per client address', async () => {
    const limited = 'limited@hospital.test';
    for (let i = 0; i < 5; i++) expect((await ask(limited, '10.5.0.1')).statusCode).toBe(200);
    const sixth = await ask(limited, '10.5.0.2');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().status).toBe(0);
    let last = 200;
    for (let i = 0; i < 21 && last === 200; i++) last = (await ask(`ip${i}@hospital.test`, '10.6.0.1')).statusCode;
    expect(last).toBe(429);
    // Another client is unaffected.
    expect((await ask('fresh@hospital.test', '10.6.0.2')).statusCode).toBe(200);
  });

  it('mails no more codes to one address than the limit, even to a burst of simultaneous requests', async () => {
    await staff(s, { username: 'baker', password: PW });
    const address = 'baker@hospital.test';
    const before = smtp.received.length;
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => ask(address, `10.8.0.${i + 1}`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array<number>(5).fill(200), ...Array<number>(7).fill(429)]);
    const toBaker = () => smtp.received.slice(before).filter((m) => m.to.includes(address)).length;
    await expect.poll(toBaker, { timeout: 5_000 }).toBe(5);
    // A message asked for after the burst: every send the burst started began before its answer,
    // so before this one. Once this one is in, the burst's sends have had their turn.
    await staff(s, { username: 'sentinel', password: PW });
    const after = smtp.received.length;
    expect((await ask('sentinel@hospital.test', '10.9.0.1')).statusCode).toBe(200);
    await smtp.codeFor('sentinel@hospital.test', after);
    expect(toBaker()).toBe(5);
  });

  it('refuses missing fields and forged tokens', async () => {
    expect((await s.call('POST', '/api/reset-password-otp/', { token: null, body: { email: 'a@b.c' } })).json().errors).toHaveProperty(
      'otp',
    );
    const forged = await setNew('forged-token-forged-token-forged-token');
    expect(forged.statusCode).toBe(422);
    const empty = await s.call('POST', '/api/reset-password-new/', { token: null, body: {} });
    expect(Object.keys(empty.json().errors).sort()).toEqual(['c_password', 'new_password', 'token']);
  });
});

describe('forgot password without SMTP: the outbox', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer('sqlite', { seed: false });
    await staff(s, { username: 'offline', password: PW });
  });
  afterAll(() => s.close());

  it('writes the message as an .eml file to DATA_DIR/outbox', async () => {
    expect(
      (await s.call('POST', '/api/reset-password-verify/', { token: null, body: { email: 'offline@hospital.test' } })).json().status,
    ).toBe(1);
    const outbox = path.join(s.dataDir, 'outbox');
    let files: string[] = [];
    await expect.poll(() => (files = fs.existsSync(outbox) ? fs.readdirSync(outbox) : []).length, { timeout: 10_000 }).toBe(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = fs.readFileSync(path.join(outbox, files[0]!), 'utf8');
    expect(raw).toMatch(/To: offline@hospital.test/);
    const code = /verification code is (\d{6})/.exec(raw)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const res = await s.call('POST', '/api/reset-password-otp/', { token: null, body: { email: 'offline@hospital.test', otp: code } });
    expect(res.json().status).toBe(1);
  });
});
