import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, multipart, png, startServer, type TestServer } from '../harness';
import { signIn, staff, tokenOf } from './helpers';

const PW = 'sturdy-horse-battery';

describe.each(DATABASES)('my profile: picture and password on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
    await staff(s, { username: 'doctor', password: PW, email: 'Doctor@Hospital.test' });
    await staff(s, { username: 'pharmacist', password: PW });
  });
  afterAll(() => s.close());

  const picture = async (token: string, file: { file: Buffer; name: string; type?: string }) => {
    const body = await multipart({ user_picture: file });
    return s.call('POST', '/api/users/change-profile-picture', { token, payload: body.payload, headers: body.headers });
  };
  const stored = async (username: string) =>
    (await s.app.ctx.conn.db.selectFrom('users').select('user_picture').where('username', '=', username).executeTakeFirstOrThrow())
      .user_picture;
  const onDisk = (relative: string) => fs.existsSync(path.join(s.dataDir, relative));

  it('stores a re-encoded picture, answers the user, and removes the old file', async () => {
    const token = await tokenOf(s, 'doctor', PW);
    const first = await picture(token, { file: await png('first'), name: 'me.png', type: 'image/png' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      status: 1,
      data: { username: 'doctor', user_picture: expect.stringMatching(/^uploads\/users\/.+\.png$/) },
    });
    const firstPath = await stored('doctor');
    expect(onDisk(firstPath)).toBe(true);
    const served = await s.call('GET', `/api/${firstPath}`, { token: null });
    expect(served.statusCode).toBe(200);
    const second = await picture(token, { file: await png('second'), name: 'me2.png', type: 'image/png' });
    const secondPath = second.json().data.user_picture as string;
    expect(secondPath).not.toBe(firstPath);
    expect(onDisk(secondPath)).toBe(true);
    expect(onDisk(firstPath)).toBe(false);
    // The identity check answers the new picture (the console's app bar reads it).
    expect((await s.call('GET', '/api/users/get-auth-user', { token })).json().data.user_picture).toBe(secondPath);
  });

  it('refuses a non-image with a clear message and keeps the old picture', async () => {
    const token = await tokenOf(s, 'doctor', PW);
    const before = await stored('doctor');
    const fake = await picture(token, { file: Buffer.from('<script>alert(1)</script>'), name: 'evil.png', type: 'image/png' });
    expect(fake.statusCode).toBe(422);
    expect(fake.json()).toMatchObject({ status: 0, message: 'This file is not a picture: choose a JPEG, PNG, WebP or GIF image' });
    expect(fake.json().errors).toHaveProperty('user_picture');
    expect(await stored('doctor')).toBe(before);
    expect(onDisk(before)).toBe(true);
    const none = await s.call('POST', '/api/users/change-profile-picture', { token, body: {} });
    expect(none.statusCode).toBe(422);
    expect((await s.call('POST', '/api/users/change-profile-picture', { token: null, body: {} })).statusCode).toBe(401);
  });

  const change = (token: string, body: Record<string, string>) => s.call('POST', '/api/users/reset-password', { token, body });

  it("answers the contract's messages and the policy, changing nothing", async () => {
    const token = await tokenOf(s, 'pharmacist', PW);
    const good = {
      verify_email: 'pharmacist@hospital.test',
      current_password: PW,
      new_password: 'calm-river-lantern',
      c_password: 'calm-river-lantern',
    };
    const wrongCurrent = await change(token, { ...good, current_password: 'not-my-password' });
    expect(wrongCurrent.statusCode).toBe(422);
    expect(wrongCurrent.json()).toMatchObject({
      status: 0,
      message: 'Current Password Invalid!',
      errors: { current_password: 'Current Password Invalid!' },
    });
    const wrongEmail = await change(token, { ...good, verify_email: 'someone@else.test' });
    expect(wrongEmail.json()).toMatchObject({ status: 0, message: 'Email Not Verified!', errors: { verify_email: 'Email Not Verified!' } });
    const mismatch = await change(token, { ...good, c_password: 'calm-river-lanterns' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().message).toBe('Password Not Matched!');
    expect(Object.keys(mismatch.json().errors).sort()).toEqual(['c_password', 'new_password']);
    const weak = await change(token, { ...good, new_password: 'password1', c_password: 'password1' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.new_password).toMatch(/common/);
    const short = await change(token, { ...good, new_password: 'short', c_password: 'short' });
    expect(short.json().errors.new_password).toMatch(/at least 8/);
    const missing = await change(token, { verify_email: good.verify_email });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['c_password', 'current_password', 'new_password']);
    // Still signed in, old password still valid.
    expect((await s.call('GET', '/api/users/get-auth-user', { token })).statusCode).toBe(200);
    expect((await signIn(s, 'pharmacist', PW)).statusCode).toBe(200);
  });

  it('changes the password: every session ends, the old password fails, the new one works', async () => {
    const a = await tokenOf(s, 'doctor', PW);
    const b = await tokenOf(s, 'doctor', PW);
    const res = await change(a, {
      verify_email: ' doctor@hospital.TEST ',
      current_password: PW,
      new_password: 'quiet-meadow-compass',
      c_password: 'quiet-meadow-compass',
    });
    expect(res.json()).toMatchObject({ status: 1, message: 'Password Changed Successfully' });
    for (const t of [a, b]) expect((await s.call('GET', '/api/users/get-auth-user', { token: t })).statusCode).toBe(401);
    expect((await signIn(s, 'doctor', PW)).statusCode).toBe(401);
    expect((await signIn(s, 'doctor', 'quiet-meadow-compass')).statusCode).toBe(200);
  });

  it('counts wrong current passwords against the sign-in lock', async () => {
    await staff(s, { username: 'guessed', password: PW });
    const token = await tokenOf(s, 'guessed', PW);
    const body = {
      verify_email: 'guessed@hospital.test',
      current_password: 'guess',
      new_password: 'calm-river-lantern',
      c_password: 'calm-river-lantern',
    };
    for (let i = 0; i < 5; i++) expect((await change(token, body)).statusCode).toBe(422);
    expect((await change(token, { ...body, current_password: PW })).statusCode).toBe(429);
    expect((await signIn(s, 'guessed', PW)).statusCode).toBe(429);
  });
});
