import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { DATABASES, startServer, type TestServer } from '../harness';
import { claimRecord } from '../../../server/crud/claim';
import { dynamic } from '../../../server/db/database';
import { notification } from '../../../resources';

/**
 * One body gate (issue 46, point 3): a body a route's schema refuses is answered by one
 * translator (server/http/validation.ts), whichever family the route belongs to: the generated
 * CRUD routes, the access module's permission saves, the accounts' and second factor's steps, and
 * the error handler for a route that does not attach its failure. The same envelope each time,
 * every refused field named in `errors` with a message that begins with it; the status and the
 * route's own message (`Enter the code`) are the route's.
 */
describe.each(DATABASES)('one refusal translator on %s', (kind) => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  /** The refusal envelope, its fields named, each message beginning with its field (or a path in it). */
  function refusal(res: LightMyRequestResponse, status: number, fields: string[]) {
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json<{ status: number; message: string; data: unknown; errors?: Record<string, string> }>();
    expect(Object.keys(body).sort()).toEqual(['data', 'errors', 'message', 'status']);
    expect(body).toMatchObject({ status: 0, data: null });
    expect(Object.keys(body.errors ?? {}).sort()).toEqual([...fields].sort());
    for (const [field, message] of Object.entries(body.errors ?? {}))
      expect(message.startsWith(`${field} `) || message.startsWith(`${field}/`), message).toBe(true);
    return body;
  }

  it('answers a CRUD route, a permission save and an account step in one shape', async () => {
    // A generated CRUD route: the descriptor rules name the field first.
    const crud = refusal(await s.call('POST', '/api/designation/designation-create', { body: { designation_code: { a: 1 } } }), 422, [
      'designation_code',
      'designation_name',
    ]);
    expect(crud.message).toBe(Object.values(crud.errors!).join('; '));

    // The access module's permission save: the schema's failure, named by the field's path.
    const access = refusal(
      await s.call('POST', '/api/permission/permission-create', { body: { permission_data: [{ menu_id: 0 }], group_id: 1 } }),
      422,
      ['permission_data'],
    );
    expect(access.errors).toEqual({ permission_data: 'permission_data/0/menu_id must be >= 1' });
    expect(access.message).toBe('permission_data/0/menu_id must be >= 1');
    const missing = refusal(await s.call('POST', '/api/permission/permission-create', { body: { permission_data: [] } }), 422, [
      'group_id',
    ]);
    expect(missing.errors).toEqual({ group_id: 'group_id is required' });

    // The second factor's sign-in step and the sign-in: the route's own message, every missing field named.
    const code = refusal(await s.call('POST', '/api/users/user-login-code', { token: null, body: { ticket: 'x' } }), 422, ['code']);
    expect(code).toMatchObject({ message: 'Enter the code', errors: { code: 'code is required' } });
    const login = refusal(await s.call('POST', '/api/users/user-login/', { token: null, body: { username: ' ' } }), 422, [
      'username',
      'password',
    ]);
    expect(login).toMatchObject({
      message: 'Username and password are required',
      errors: { username: 'username is required', password: 'password is required' },
    });
  });

  it('answers a malformed path as a 400 with the field first, whether the route attaches the failure or not', async () => {
    // A generated read (attachValidation) and a session route (the error handler): the same words.
    const tooLong = '1'.repeat(21);
    const read = await s.call('GET', `/api/designation/get-designation/${tooLong}`);
    expect(read.statusCode).toBe(400);
    expect(read.json()).toEqual({ status: 0, message: 'id must NOT have more than 20 characters', data: null });
    const session = await s.call('DELETE', '/api/users/user-session-delete/not-a-session');
    expect(session.statusCode).toBe(400);
    expect(session.json()).toEqual({ status: 0, message: 'id must match pattern "^[0-9a-f]{24}$"', data: null });
  });

  it('answers a notice body with the notices’ own messages whichever check meets it first', async () => {
    const create = (body: object) => s.call('POST', '/api/notification/notification-create', { body });
    const base = { notification_date: '2030-01-01 09:00:00', title: 'One gate' };
    // `type` (the spec's short name) passes the schema, `notification_type` is refused by its enum:
    // both are answered by the notices' reading of the body, as the write would answer them.
    for (const body of [
      { ...base, type: 'Everyone' },
      { ...base, notification_type: 'Everyone' },
    ]) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors, JSON.stringify(body)).toEqual({ type: 'Type must be one of: All, Group, User' });
    }
    for (const body of [
      { ...base, type: 'All', status: 7 },
      { ...base, type: 'All', notification_status: 7 },
    ]) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors, JSON.stringify(body)).toEqual({ status: 'Status must be 1 (active) or 0 (inactive)' });
    }
  });

  it("claims only a notice's declared bookkeeping, and each claim once", async () => {
    const made = await s.call('POST', '/api/notification/notification-create', {
      body: { notification_date: '2030-01-01 09:00:00', title: 'Claimed', type: 'All' },
    });
    const id = made.json().data.notification_id as number;
    const db = dynamic(s.app.ctx.conn.db);
    await expect(claimRecord(db, notification, id, { notification_title: 'Sneaked' }, [])).rejects.toThrow(/bookkeeping/);
    const unclaimed = ['notification_delivered_at', 'is', null] as const;
    const first = await claimRecord(db, notification, id, { notification_delivered_at: '2030-01-01T09:00:00.000Z' }, [unclaimed]);
    expect(first).toMatchObject({ notification_id: id, notification_delivered_at: '2030-01-01T09:00:00.000Z' });
    expect(await claimRecord(db, notification, id, { notification_delivered_at: '2030-01-01T09:00:01.000Z' }, [unclaimed])).toBeUndefined();
    // No change of the record: its version and its trail are as the create left them.
    expect(first?.updated_at).toBe(made.json().data.updated_at);
  });
});
