import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegistry, descriptors, notification } from '../../../resources';
import type { AuthUser } from '../../../server/context';
import { ApiError } from '../../../server/http/envelope';
import { DATABASES, multipart, startServer, type TestServer } from '../harness';
import { createBranch, createGroup, createPerson, localIn, type Person } from './people';

/**
 * The notices' rules live on the generic write and read path (the descriptor's branch scope and
 * the module's policy), so no way around them: not another route, not another spelling of a
 * value, not a call of the generic service itself.
 */

const SLUGS = [
  'notification/notification-list',
  'notification/get-notification',
  'notification/notification-create',
  'notification/notification-update',
  'notification/notification-delete',
];

interface Entry {
  audit_action: string;
  audit_branch: number | null;
  audit_changes: string;
}

it('declares a descriptor the registry accepts (aliases, branch scope, migration table)', () => {
  expect(() => createRegistry([...descriptors, notification])).not.toThrow();
  expect(notification.branchScope).toBe('notification_branch');
  // Not a generated console screen: the console has its own notification admin.
  expect(descriptors.some((d) => d.name === notification.name)).toBe(false);
});

describe.each(DATABASES)('notification policy on %s', (kind) => {
  let s: TestServer;
  let north: Person, south: Person;
  let northBranch: number;

  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
    const group = await createGroup(s, 'SENDERS');
    northBranch = await createBranch(s, 'NORTH');
    const southBranch = await createBranch(s, 'SOUTH');
    north = await createPerson(s, 'north-sender', group, northBranch, SLUGS);
    south = await createPerson(s, 'south-sender', group, southBranch, SLUGS);
  });
  afterAll(() => s.close());

  const create = (body: Record<string, unknown>, token?: string) =>
    s.call('POST', '/api/notification/notification-create', { body, token });
  const stored = (id: number) =>
    s.app.ctx.conn.db.selectFrom('notification').selectAll().where('notification_id', '=', id).executeTakeFirstOrThrow();
  const trail = async (id: number) =>
    (
      await sql<Entry>`SELECT audit_action, audit_branch, audit_changes FROM audit_log
        WHERE audit_resource = 'notification' AND audit_record = ${id} ORDER BY audit_id`.execute(s.app.ctx.conn.db)
    ).rows;
  const actorOf = (p: Person): AuthUser => ({ user_id: p.id, user_group: p.group, user_branch: p.branch, token: p.token });

  it("keeps a branch's notice from another branch's sender on every path (404, nothing changed)", async () => {
    const made = await create({ notification_date: localIn(3600), title: 'North rota', type: 'All', status: 0 }, north.token);
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.notification_id as number;
    const row = await stored(id);
    expect([row.notification_branch, row.notification_sender]).toEqual([northBranch, north.id]);
    const version = made.json().data.updated_at as string;

    const asSouth = { token: south.token };
    expect((await s.call('GET', `/api/notification/get-notification/${id}`, asSouth)).statusCode).toBe(404);
    for (const headers of [{}, { 'if-match': `"${version}"` }] as Record<string, string>[]) {
      const put = await s.call('PUT', `/api/notification/notification-update/${id}`, { ...asSouth, headers, body: { title: 'Taken' } });
      expect(put.statusCode).toBe(404);
      const del = await s.call('DELETE', `/api/notification/notification-delete/${id}`, { ...asSouth, headers });
      expect(del.statusCode).toBe(404);
    }
    const southList = (await s.call('GET', '/api/notification/notification-list/?limit=1000&search=North', asSouth)).json().data;
    expect(southList.total).toBe(0);
    // Not addressed to them either: the inbox's read mark does not find it.
    expect((await s.call('PUT', `/api/notification/notification-read/${id}`, asSouth)).statusCode).toBe(404);

    // The generic service itself, as any later caller (a bulk action, an import) would use it.
    const crud = s.app.ctx.crud;
    const notFound = { statusCode: 404 };
    await expect(crud.get(notification, id, actorOf(south))).rejects.toMatchObject(notFound);
    await expect(
      crud.update(notification, id, { fields: { notification_title: 'Taken' }, files: [] }, { actor: actorOf(south) }),
    ).rejects.toMatchObject(notFound);
    await expect(crud.remove(notification, id, { actor: actorOf(south) })).rejects.toMatchObject(notFound);

    expect((await stored(id)).notification_title).toBe('North rota');
    expect((await trail(id)).map((e) => e.audit_action)).toEqual(['create']);
    // Its own sender still administers it.
    expect((await s.call('GET', `/api/notification/get-notification/${id}`, { token: north.token })).statusCode).toBe(200);
  });

  it('stamps the branch and sender from the actor, never from the body', async () => {
    const made = await create(
      { notification_date: localIn(3600), title: 'Claims another branch', type: 'All', notification_branch: 0, notification_sender: 1 },
      north.token,
    );
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.notification_id as number;
    const row = await stored(id);
    expect([row.notification_branch, row.notification_sender]).toEqual([northBranch, north.id]);
    const moved = await s.call('PUT', `/api/notification/notification-update/${id}`, {
      token: north.token,
      body: { notification_branch: 0, title: 'Still north' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await stored(id)).notification_branch).toBe(northBranch);
    const [entry] = await trail(id);
    expect(entry?.audit_branch).toBe(northBranch);
  });

  it('reads every spelling of a value once: status false, "false" and 0 are one deactivation', async () => {
    const made = await create({ date: localIn(3600), title: 'Spellings', type: 'All', status: 'true' });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.notification_id as number;
    expect(made.json().data).toMatchObject({ notification_type: 'All', notification_status: 1 });

    const put = (body: Record<string, unknown>) => s.call('PUT', `/api/notification/notification-update/${id}`, { body });
    for (const off of [false, 'false', 0, '0']) {
      const res = await put({ status: off });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.notification_status).toBe(0);
    }
    // Four spellings of one value: the first changed the record, the other three nothing.
    const updates = (await trail(id)).filter((e) => e.audit_action === 'update');
    const statusChanges = updates.filter((e) => 'notification_status' in (JSON.parse(e.audit_changes) as object));
    expect(statusChanges).toHaveLength(1);
    expect(JSON.parse(statusChanges[0]!.audit_changes)).toMatchObject({ notification_status: { before: 1, after: 0 } });

    // The spec's short name and the full name are one field; the full name wins when both are sent.
    const both = await put({ title: 'Short', notification_title: 'Full' });
    expect(both.json().data.notification_title).toBe('Full');
    expect((await put({ status: 'maybe' })).json()).toMatchObject({ errors: { status: 'Status must be 1 (active) or 0 (inactive)' } });
  });

  it('applies the same rules to a call of the generic service as to the route', async () => {
    const crud = s.app.ctx.crud;
    const wrote = crud.create(
      notification,
      { fields: { notification_date: localIn(3600), notification_title: 'Direct', notification_type: 'Group' }, files: [] },
      {
        actor: actorOf(north),
      },
    );
    await expect(wrote).rejects.toBeInstanceOf(ApiError);
    await expect(wrote).rejects.toMatchObject({ statusCode: 422, errors: { group: 'Group is required for a Group notification' } });
    const before = (await s.call('GET', '/api/notification/notification-list/?limit=1000')).json().data.total as number;
    const ok = await crud.create(
      notification,
      { fields: { notification_date: localIn(3600), notification_title: 'Direct', notification_type: 'All' }, files: [] },
      {
        actor: actorOf(south),
      },
    );
    expect(ok.notification_branch).toBe(south.branch);
    expect((await s.call('GET', '/api/notification/notification-list/?limit=1000')).json().data.total).toBe(before + 1);
  });

  it('reads a multipart body like JSON (one body gate), and refuses a file part, writing nothing', async () => {
    const total = async () => (await s.call('GET', '/api/notification/notification-list/?limit=1000')).json().data.total as number;
    const before = await total();
    const form = await multipart({ notification_date: localIn(3600), title: 'As a form', type: 'All', status: 'false' });
    const res = await s.call('POST', '/api/notification/notification-create', form);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ notification_title: 'As a form', notification_type: 'All', notification_status: 0 });
    expect(await total()).toBe(before + 1);
    const withFile = await multipart({
      notification_date: localIn(3600),
      type: 'All',
      title: { file: Buffer.from('x'), name: 'x.png', type: 'image/png' },
    });
    const refused = await s.call('POST', '/api/notification/notification-create', withFile);
    expect(refused.statusCode).toBe(422);
    expect(await total()).toBe(before + 1);
  });
});
