import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DATABASES, startServer, type TestServer } from '../harness';
import { signIn, staff, tokenOf } from '../accounts/helpers';
import { insertUser } from '../../fixtures/users';
import { dynamic } from '../../../server/db/database';
import { codeFor, enrolTotp, ticketOf, withCode } from './helpers';

const PW = 'sturdy-horse-battery';

describe.each(DATABASES)("a group's requirement and an administrator's reset on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
  });
  afterAll(() => s.close());

  const db = () => dynamic(s.app.ctx.conn.db);
  const me = (token: string) => s.call('GET', '/api/users/get-auth-user', { token });
  const requiringGroup = async (code: string, graceDays?: number) => {
    const body = {
      group_code: code,
      group_name: code,
      group_second_factor: 1,
      ...(graceDays !== undefined && { group_second_factor_grace_days: graceDays }),
    };
    const res = await s.call('POST', '/api/group/group-create', { body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.group_id as number;
  };
  const member = async (username: string, group: number) => {
    await insertUser(s.app.ctx, { username, password: PW, group, slugs: [] });
    return (await db().selectFrom('users').select('user_id').where('username', '=', username).executeTakeFirstOrThrow()).user_id as number;
  };

  it("keeps the spec's group payloads whole: a group without the new fields requires nothing", async () => {
    const res = await s.call('POST', '/api/group/group-create', { body: { group_code: 'PLAIN', group_name: 'Plain' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ group_code: 'PLAIN', group_second_factor: 0, group_second_factor_grace_days: 7 });
    await member('plain', res.json().data.group_id as number);
    const answer = (await signIn(s, 'plain', PW)).json().data as Record<string, unknown>;
    expect(typeof answer.token).toBe('string');
    expect(answer).not.toHaveProperty('second_factor');
    expect(answer).not.toHaveProperty('second_factor_due');
  });

  it('lets a member without a second factor sign in during the grace period, then sends them to enrolment', async () => {
    const group = await requiringGroup('WARD', 3);
    const id = await member('ward-nurse', group);
    const before = Date.now();
    const inGrace = (await signIn(s, 'ward-nurse', PW)).json().data as { token?: string; second_factor_due?: string };
    expect(typeof inGrace.token).toBe('string');
    const due = Date.parse(inGrace.second_factor_due ?? '');
    expect(due).toBeGreaterThanOrEqual(before + 3 * 86_400_000);
    expect(due).toBeLessThan(Date.now() + 3 * 86_400_000 + 1000);
    // The grace period counts from the first sign-in that found them without one: it does not move on.
    expect((await signIn(s, 'ward-nurse', PW)).json().data.second_factor_due).toBe(inGrace.second_factor_due);
    // The period lapses (moved into the past here): the password alone no longer signs in.
    await db()
      .updateTable('second_factor_due')
      .set({ due_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', id)
      .execute();
    const held = await signIn(s, 'ward-nurse', PW);
    expect(held.statusCode).toBe(200);
    expect(held.json().data.token).toBeUndefined();
    const ticket = held.json().data.second_factor.ticket as string;
    expect(held.json().data.second_factor.enrol).toBe(true);
    // The enrolment ticket does not sign in by itself, nor take codes for the second step.
    expect((await withCode(s, ticket, '123456')).statusCode).toBe(401);
    const started = await s.call('POST', '/api/users/user-login-enrol', { token: null, body: { ticket } });
    expect(started.statusCode, started.body).toBe(200);
    const secret = started.json().data.secret as string;
    const wrong = await s.call('POST', '/api/users/user-login-enrol-confirm', { token: null, body: { ticket, code: codeFor(secret, 5) } });
    expect(wrong.statusCode).toBe(401);
    const done = await s.call('POST', '/api/users/user-login-enrol-confirm', { token: null, body: { ticket, code: codeFor(secret) } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.recovery_codes).toHaveLength(10);
    expect((await me(done.json().data.token as string)).statusCode).toBe(200);
    // From now on the sign-in asks for the code.
    expect((await signIn(s, 'ward-nurse', PW)).json().data.second_factor.methods).toEqual(['totp', 'recovery']);
  });

  it('sends a member of a group with no grace period straight to enrolment, and Super Admin can require it', async () => {
    const group = await requiringGroup('NOW', 0);
    await member('now-clerk', group);
    expect((await signIn(s, 'now-clerk', PW)).json().data.second_factor).toMatchObject({ enrol: true });
    const supers = await db().selectFrom('users').select('user_group').where('username', '=', ADMIN.username).executeTakeFirstOrThrow();
    const get = await s.call('GET', `/api/group/get-group/${String(supers.user_group)}`);
    expect(get.statusCode, get.body).toBe(200);
    const upd = await s.call('PUT', `/api/group/group-update/${String(supers.user_group)}`, {
      body: { ...get.json().data, group_second_factor: 1, group_second_factor_grace_days: 2 },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    const admin = (await signIn(s, ADMIN.username, ADMIN.password)).json().data as { token?: string; second_factor_due?: string };
    expect(typeof admin.token).toBe('string');
    expect(admin.second_factor_due).toBeDefined();
    await s.call('PUT', `/api/group/group-update/${String(supers.user_group)}`, { body: { ...get.json().data, group_second_factor: 0 } });
  });

  it('refuses to remove the last factor while the group requires one', async () => {
    const group = await requiringGroup('KEEP', 5);
    await member('keeper', group);
    const token = await tokenOf(s, 'keeper', PW);
    await enrolTotp(s, token);
    const refused = await s.call('POST', '/api/second-factor/totp-remove', { token, body: { password: PW } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Your group requires a second factor: add another one before removing this one');
    expect((await s.call('GET', '/api/second-factor/status', { token })).json().data).toMatchObject({ totp: true, required: true });
  });

  it("resets a user's second factor by an administrator: their sessions end, and the password alone signs in again", async () => {
    const id = await staff(s, { username: 'lost-phone', password: PW });
    const token = await tokenOf(s, 'lost-phone', PW);
    const { secret } = await enrolTotp(s, token);
    const other = (await withCode(s, await ticketOf(s, 'lost-phone', PW), codeFor(secret, 1))).json().data.token as string;
    expect((await me(other)).statusCode).toBe(200);
    // Without users/user-update: refused, nothing changes.
    await staff(s, { username: 'no-rights', password: PW });
    const noRights = await tokenOf(s, 'no-rights', PW);
    expect((await s.call('POST', `/api/second-factor/reset/${id}`, { token: noRights })).statusCode).toBe(403);
    expect((await me(token)).statusCode).toBe(200);
    expect((await s.call('POST', '/api/second-factor/reset/999999')).statusCode).toBe(404);
    const reset = await s.call('POST', `/api/second-factor/reset/${id}`);
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    const plain = (await signIn(s, 'lost-phone', PW)).json().data as { token?: string };
    expect(typeof plain.token).toBe('string');
    const entry = (
      await sql<{ audit_action: string; audit_actor: number | null; audit_changes: string }>`
        SELECT audit_action, audit_actor, audit_changes FROM audit_log WHERE audit_action = 'second-factor-reset' AND audit_record = ${id}`.execute(
        db(),
      )
    ).rows;
    expect(entry).toHaveLength(1);
    const adminId = (await db().selectFrom('users').select('user_id').where('username', '=', ADMIN.username).executeTakeFirstOrThrow())
      .user_id;
    expect(entry[0]!.audit_actor).toBe(adminId);
    expect(JSON.parse(entry[0]!.audit_changes)).toEqual({ second_factor: { before: 'totp' } });
  });
});
