import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASES, multipart, png, startServer, type TestServer } from '../harness';
import { PASSWORD, world, type World } from '../users/helpers';
import { notificationsPolicy } from '../../../server/modules/notifications/policy';
import type { Change, CrudGuards } from '../../../server/crud/service';

/**
 * One write path and one contract (docs/architecture.md "The write path"): users and notices are
 * served by the same generated routes as every entity (ETag on read and update, 412 for a stale
 * version, 422 with the rules' message), account actions are updates through the service (a new
 * version and a trail entry), and an undelete runs the resource's prepare hook like a create.
 */
const localIn = (seconds: number) => {
  const d = new Date(Date.now() + seconds * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
};

describe.each(DATABASES)('one write path on %s', (kind) => {
  let s: TestServer;
  let w: World;
  const prepared: Change[] = [];

  beforeAll(async () => {
    // The notices' declared policy, watched: what its prepare hook is handed, on every path.
    const build = notificationsPolicy.build.bind(notificationsPolicy);
    vi.spyOn(notificationsPolicy, 'build').mockImplementation((ctx): CrudGuards => {
      const guards = build(ctx);
      const prepare = guards.prepare?.bind(guards);
      return {
        ...guards,
        prepare(change) {
          prepared.push(change);
          return prepare ? prepare(change) : change.body;
        },
      };
    });
    s = await startServer(kind, { config: { timeZone: 'UTC' } });
    w = await world(s, 'ONE');
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await s?.close();
  });

  const auditOf = async (resource: string, record: number) =>
    (await s.call('GET', `/api/audit/audit-list?resource=${resource}&record=${record}`)).json();

  it('answers a users read and update with an ETag, and refuses a stale If-Match with 412', async () => {
    const group = await w.group('ONE-G', []);
    const id = await w.user('one-path-user', w.branchA, group);
    const read = await s.call('GET', `/api/users/get-user/${id}`);
    const etag = read.headers.etag!;
    expect(etag).toBeTruthy();
    const saved = await s.call('PUT', `/api/users/user-update/${id}`, { body: { user_name: 'Renamed' }, headers: { 'if-match': etag } });
    expect(saved.statusCode).toBe(200);
    expect(saved.headers.etag).toBeTruthy();
    expect(saved.headers.etag).not.toBe(etag);
    const stale = await s.call('PUT', `/api/users/user-update/${id}`, { body: { user_name: 'Lost' }, headers: { 'if-match': etag } });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().data.record.user_name).toBe('Renamed');
    // The users body is checked like every body: a value the schema refuses is 422 with the field named.
    const bad = await s.call('PUT', `/api/users/user-update/${id}`, { body: { user_email: 'not-an-address' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors as object)).toEqual(['user_email']);
  });

  it('answers a notice read and update with an ETag, refuses a stale If-Match with 412, and a bad type with 422', async () => {
    const made = await s.call('POST', '/api/notification/notification-create', {
      body: { notification_date: localIn(3600), title: 'Versioned', type: 'All' },
    });
    expect(made.statusCode).toBe(201);
    const id = made.json().data.notification_id as number;
    const etag = (await s.call('GET', `/api/notification/get-notification/${id}`)).headers.etag!;
    expect(etag).toBeTruthy();
    const saved = await s.call('PUT', `/api/notification/notification-update/${id}`, {
      body: { title: 'Versioned again' },
      headers: { 'if-match': etag },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.headers.etag).not.toBe(etag);
    expect(Object.keys(saved.json().data as object).sort()).toEqual(
      [
        'notification_date',
        'notification_description',
        'notification_expire_at',
        'notification_group',
        'notification_id',
        'notification_status',
        'notification_title',
        'notification_type',
        'notification_user',
        'updated_at',
      ].sort(),
    );
    const stale = await s.call('PUT', `/api/notification/notification-update/${id}`, {
      body: { title: 'Lost' },
      headers: { 'if-match': etag },
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().data.record).toMatchObject({ notification_id: id, notification_title: 'Versioned again' });
    expect(stale.json().data.record).not.toHaveProperty('notification_sender');
    const badType = await s.call('PUT', `/api/notification/notification-update/${id}`, { body: { type: 'Everyone' } });
    expect(badType.statusCode).toBe(422);
    expect(badType.json().errors).toEqual({ type: 'Type must be one of: All, Group, User' });
  });

  it('changes a password and a picture as updates of the record: a new version and a trail entry each', async () => {
    const group = await w.group('ONE-P', []);
    const id = await w.user('one-path-self', w.branchA, group, { user_email: 'self@example.org' });
    const token = await w.login('one-path-self');
    const version = async () => (await s.call('GET', `/api/users/get-user/${id}`)).headers.etag!;
    const v0 = await version();
    const changed = await s.call('POST', '/api/users/reset-password', {
      token,
      body: {
        verify_email: 'self@example.org',
        current_password: PASSWORD,
        new_password: 'a-Brand-new-passphrase-9',
        c_password: 'a-Brand-new-passphrase-9',
      },
    });
    expect(changed.statusCode).toBe(200);
    const v1 = await version();
    expect(v1).not.toBe(v0);
    const token2 = await w.login('one-path-self', 'a-Brand-new-passphrase-9');
    const form = await multipart({ user_picture: { file: await png('me', 80, 80), name: 'me.png', type: 'image/png' } });
    const pictured = await s.call('POST', '/api/users/change-profile-picture', { token: token2, ...form });
    expect(pictured.statusCode).toBe(200);
    const v2 = await version();
    expect(v2).not.toBe(v1);
    const entries = (await auditOf('users', id)).data as {
      audit_action: string;
      audit_actor: number | null;
      audit_changes: Record<string, unknown>;
    }[];
    const actions = entries.map((e) => e.audit_action);
    expect(actions).toEqual(expect.arrayContaining(['create', 'password-change', 'update']));
    const password = entries.find((e) => e.audit_action === 'password-change')!;
    expect(password.audit_actor).toBe(id);
    expect(password.audit_changes).toHaveProperty('password_hash');
    const picture = entries.find((e) => e.audit_action === 'update' && 'user_picture' in e.audit_changes)!;
    expect(picture.audit_actor).toBe(id);
  });

  it("undeletes through the write path: the resource's prepare hook runs, and the notice keeps its sender and branch", async () => {
    const made = await s.call('POST', '/api/notification/notification-create', {
      body: { notification_date: localIn(7200), title: 'Comes back', type: 'All' },
    });
    const id = made.json().data.notification_id as number;
    const stored = await s.app.ctx.conn.db
      .selectFrom('notification')
      .selectAll()
      .where('notification_id', '=', id)
      .executeTakeFirstOrThrow();
    expect((await s.call('DELETE', `/api/notification/notification-delete/${id}`)).statusCode).toBe(200);
    const deleted = ((await auditOf('notification', id)).data as { audit_id: number; audit_action: string }[]).find(
      (e) => e.audit_action === 'delete',
    )!;
    prepared.length = 0;
    const back = await s.call('POST', `/api/audit/undelete/${deleted.audit_id}`, { body: {} });
    expect(back.statusCode, back.body).toBe(201);
    expect(prepared).toHaveLength(1);
    expect(prepared[0]).toMatchObject({ action: 'create', undeleting: true });
    const again = await s.app.ctx.conn.db
      .selectFrom('notification')
      .selectAll()
      .where('notification_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(again).toMatchObject({
      notification_title: 'Comes back',
      notification_branch: stored.notification_branch,
      notification_sender: stored.notification_sender,
      created_at: stored.created_at,
    });
  });

  it("serves menus by the generated routes: ETag on read and update, 412 for a stale If-Match, 422 with the rules' message", async () => {
    const group = await w.group('ONE-MENU', []);
    const made = await s.call('POST', '/api/menu/menu-create', {
      body: { menu_name: 'One path', menu_slug: 'one-path/menu', permission_group: [group] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.menu_id as number;
    expect(made.json().data).toMatchObject({ permission_group: [group], menus: [] });
    const read = await s.call('GET', `/api/menu/get-menu/${id}`);
    const etag = read.headers.etag!;
    expect(etag).toBe(`"${read.json().data.version as string}"`);
    const saved = await s.call('PUT', `/api/menu/menu-update/${id}`, { body: { menu_name: 'Renamed' }, headers: { 'if-match': etag } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers.etag).not.toBe(etag);
    const stale = await s.call('PUT', `/api/menu/menu-update/${id}`, { body: { menu_name: 'Lost' }, headers: { 'if-match': etag } });
    expect(stale.statusCode).toBe(412);
    // The refusal carries the menu as the routes answer it, its groups included.
    expect(stale.json().data.record).toMatchObject({ menu_name: 'Renamed', permission_group: [group] });
    const bad = await s.call('PUT', `/api/menu/menu-update/${id}`, { body: { menu_api_method: 'fetch', permission_group: [999999] } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ menu_api_method: expect.any(String), permission_group: 'Unknown group id(s): 999999' });
    expect((await s.call('GET', `/api/menu/get-menu/${id}`)).json().data.menu_name).toBe('Renamed');
  });

  it("writes a menu's groups and a group's permissions through the service: one version step and one trail entry each", async () => {
    const group = await w.group('ONE-PERM', []);
    const menu = (await s.call('POST', '/api/menu/menu-create', { body: { menu_name: 'Granted', menu_slug: 'one-path/granted' } })).json()
      .data.menu_id as number;
    const tree = await s.call('GET', `/api/permission/permission-list?group=${group}`);
    const groupTag = tree.headers.etag!;
    const menuTag = (await s.call('GET', `/api/menu/get-menu/${menu}`)).headers.etag!;
    const before = ((await auditOf('group', group)).data as unknown[]).length;
    const saved = await s.call('POST', '/api/permission/permission-create', {
      body: { group_id: group, permission_data: [{ menu_id: menu, permission_status: 1 }] },
      headers: { 'if-match': groupTag },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers.etag).not.toBe(groupTag);
    const entries = (await auditOf('group', group)).data as { audit_action: string; audit_changes: unknown }[];
    expect(entries).toHaveLength(before + 1);
    expect(entries[0]).toMatchObject({
      audit_action: 'permission-change',
      audit_changes: { granted: ['one-path/granted'], withdrawn: [] },
    });
    // The menu's version stepped with its groups: a save of the menu as read before is stale.
    const menuNow = await s.call('GET', `/api/menu/get-menu/${menu}`);
    expect(menuNow.json().data.permission_group).toEqual([group]);
    expect(menuNow.headers.etag).not.toBe(menuTag);
    const stale = await s.call('PUT', `/api/menu/menu-update/${menu}`, {
      body: { permission_group: [] },
      headers: { 'if-match': menuTag },
    });
    expect(stale.statusCode).toBe(412);
    // A save against the group's old version is refused too, with the tree as it is now.
    const again = await s.call('POST', '/api/permission/permission-create', {
      body: { group_id: group, permission_data: [{ menu_id: menu, permission_status: 0 }] },
      headers: { 'if-match': groupTag },
    });
    expect(again.statusCode).toBe(412);
    expect(JSON.stringify(again.json().data.record)).toContain('one-path/granted');
  });

  it("removes a deleted group's grants in the delete's own transaction and says so in its trail entry", async () => {
    const group = await w.group('ONE-GONE', ['branch/branch-list']);
    expect((await s.call('DELETE', `/api/group/group-delete/${group}`)).statusCode).toBe(200);
    const rows = await s.app.ctx.conn.db.selectFrom('permission').select('menu_id').where('permission_group', '=', group).execute();
    expect(rows).toEqual([]);
    const deleted = ((await auditOf('group', group)).data as { audit_action: string; audit_changes: Record<string, unknown> }[]).find(
      (e) => e.audit_action === 'delete',
    )!;
    expect(deleted.audit_changes.permission_menus).toMatchObject({ before: [expect.any(Number)] });
  });
});
