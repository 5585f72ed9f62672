import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../harness';
import { world, type World } from '../users/helpers';
import type { RecordChange } from '../../../server/events';
import { dynamic } from '../../../server/db/database';

/**
 * The bulk route of every list: each row through the single-row write path with the actor, its
 * refusal reported per row with the status and message its own request would have had.
 */
describe.each(DATABASES)('bulk actions on %s', (kind) => {
  let s: TestServer;
  let w: World;
  let superAdmin: number;
  const changes: RecordChange[] = [];
  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
    w = await world(s, kind);
    superAdmin = (await s.call('GET', '/api/users/get-auth-user')).json().data.user_group.group_id;
    s.app.ctx.events.on('record-changed', (c) => changes.push(c));
  }, 60_000);
  afterAll(() => s?.close());

  const groupStatus = (id: number) =>
    dynamic(s.app.ctx.conn.db).selectFrom('user_group').select('group_status').where('group_id', '=', id).executeTakeFirst();

  it('deactivates 3 groups where one is refused: 2 done, 1 refused with the reason; the refused row is unchanged', async () => {
    const a = await w.group('BULK-A', []);
    const b = await w.group('BULK-B', []);
    changes.length = 0;
    const res = await s.call('POST', '/api/group/group-bulk', { body: { action: 'deactivate', ids: [a, superAdmin, b] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: 1,
      message: '2 done, 1 refused',
      data: {
        done: 2,
        refused: 1,
        results: [
          { id: a, ok: true },
          {
            id: superAdmin,
            ok: false,
            status: 409,
            message: 'The Super Admin group cannot be deactivated: it administers menus and permissions',
          },
          { id: b, ok: true },
        ],
      },
    });
    expect((await groupStatus(a))?.group_status).toBe(0);
    expect((await groupStatus(b))?.group_status).toBe(0);
    expect((await groupStatus(superAdmin))?.group_status).toBe(1);
    // The same change events as the single-row routes: one per row written, none for the refused one.
    expect(changes.filter((c) => c.resource === 'group').flatMap((c) => c.ids.map((id) => `${c.action} ${id}`))).toEqual([
      `update ${a}`,
      `update ${b}`,
    ]);

    const back = await s.call('POST', '/api/group/group-bulk', { body: { action: 'activate', ids: [a, b] } });
    expect(back.json().data).toMatchObject({ done: 2, refused: 0 });
    expect((await groupStatus(a))?.group_status).toBe(1);
  });

  it('deletes 3 groups where one is in use: 2 done, 1 refused naming its users; an unknown id is refused 404', async () => {
    const free1 = await w.group('FREE-1', []);
    const used = await w.group('IN-USE', []);
    const free2 = await w.group('FREE-2', []);
    await w.user('member-of-in-use', w.branchA, used);
    const res = await s.call('POST', '/api/group/group-bulk', { body: { action: 'delete', ids: [free1, used, free2, 999999] } });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ done: 2, refused: 2 });
    expect(data.results).toEqual([
      { id: free1, ok: true },
      {
        id: used,
        ok: false,
        status: 409,
        message: '"IN-USE" is the group of 1 user(s) and cannot be deleted; move them to another group or set it Inactive instead',
      },
      { id: free2, ok: true },
      { id: 999999, ok: false, status: 404, message: 'group 999999 not found' },
    ]);
    expect(await groupStatus(free1)).toBeUndefined();
    expect((await groupStatus(used))?.group_status).toBe(1);
  });

  it('holds a branch user to their branch row by row: other-branch users refused 404, own-branch ones deleted', async () => {
    const managers = await w.group('BRANCH-MANAGERS', ['users/user-list', 'users/user-update', 'users/user-delete']);
    const staff = await w.group('BRANCH-STAFF', []);
    await w.user('manager-a', w.branchA, managers);
    const token = await w.login('manager-a');
    const a1 = await w.user('staff-a1', w.branchA, staff);
    const b1 = await w.user('staff-b1', w.branchB, staff);
    const a2 = await w.user('staff-a2', w.branchA, staff);
    const res = await s.call('POST', '/api/users/user-bulk', { token, body: { action: 'delete', ids: [a1, b1, a2] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      done: 2,
      refused: 1,
      results: [
        { id: a1, ok: true },
        { id: b1, ok: false, status: 404, message: `users ${b1} not found` },
        { id: a2, ok: true },
      ],
    });
    const left = await s.app.ctx.conn.db.selectFrom('users').select('user_id').where('user_id', 'in', [a1, b1, a2]).execute();
    expect(left.map((u) => u.user_id)).toEqual([b1]);
  });

  it('runs the users policy on every row: a manager cannot deactivate themself in a bulk either', async () => {
    const managers = await w.group('SELF-MANAGERS', ['users/user-update']);
    const staff = await w.group('SELF-STAFF', []);
    const me = await w.user('self-manager', w.branchA, managers);
    const token = await w.login('self-manager');
    const other = await w.user('self-staff', w.branchA, staff);
    const res = await s.call('POST', '/api/users/user-bulk', { token, body: { action: 'deactivate', ids: [me, other] } });
    const [mine, theirs] = res.json().data.results;
    expect(mine).toMatchObject({ id: me, ok: false, status: expect.any(Number), message: expect.stringMatching(/yourself|own/i) });
    expect(theirs).toEqual({ id: other, ok: true });
    const rows = await s.app.ctx.conn.db
      .selectFrom('users')
      .select(['user_id', 'user_status'])
      .where('user_id', 'in', [me, other])
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.user_id, r.user_status]))).toEqual({ [me]: 1, [other]: 0 });
  });

  it('needs the single-row action’s permission: update for (de)activate, delete for delete (403, nothing changed)', async () => {
    const editors = await w.group('GROUP-EDITORS', ['group/group-update']);
    await w.user('group-editor', w.branchA, editors);
    const token = await w.login('group-editor');
    const target = await w.group('TARGET', []);
    const del = await s.call('POST', '/api/group/group-bulk', { token, body: { action: 'delete', ids: [target] } });
    expect(del.statusCode).toBe(403);
    expect(del.json()).toEqual({ status: 0, message: 'You do not have the permission "group/group-delete"', data: null });
    expect(await groupStatus(target)).toBeDefined();
    const off = await s.call('POST', '/api/group/group-bulk', { token, body: { action: 'deactivate', ids: [target] } });
    expect(off.json().data).toMatchObject({ done: 1, refused: 0 });

    const readers = await w.group('GROUP-READERS', ['group/group-list']);
    await w.user('group-reader', w.branchA, readers);
    const none = await s.call('POST', '/api/group/group-bulk', {
      token: await w.login('group-reader'),
      body: { action: 'activate', ids: [target] },
    });
    expect(none.statusCode).toBe(403);
    expect((await s.call('POST', '/api/group/group-bulk', { token: null, body: { action: 'activate', ids: [target] } })).statusCode).toBe(
      401,
    );
    expect((await groupStatus(target))?.group_status).toBe(0);
  });

  it('refuses bad input in the envelope and changes nothing', async () => {
    const target = await w.group('BAD-INPUT', []);
    const cases: [unknown, number, RegExp][] = [
      [{ action: 'explode', ids: [target] }, 422, /action/],
      [{ action: 'delete' }, 422, /ids/],
      [{ action: 'delete', ids: [] }, 422, /ids/],
      [{ action: 'delete', ids: ['1.0', target] }, 422, /ids must be whole numbers/],
      [{ action: 'delete', ids: [target, -1] }, 422, /ids must be whole numbers/],
      [{ action: 'delete', ids: Array.from({ length: 1001 }, (_, i) => i + 1) }, 422, /ids/],
      [[target], 400, /object/],
    ];
    for (const [body, status, message] of cases) {
      const res = await s.call('POST', '/api/group/group-bulk', { body });
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(status);
      expect(res.json()).toMatchObject({ status: 0, message: expect.stringMatching(message), data: null });
    }
    // A resource without a status field offers delete only; a singleton has no bulk route.
    expect((await s.call('POST', '/api/about/about-bulk', { body: { action: 'delete', ids: [1] } })).statusCode).toBe(404);
    expect((await groupStatus(target))?.group_status).toBe(1);
  });

  it('repeats of an id count once', async () => {
    const g = await w.group('TWICE', []);
    const res = await s.call('POST', '/api/group/group-bulk', { body: { action: 'deactivate', ids: [g, g, String(g)] } });
    expect(res.json().data).toEqual({ done: 1, refused: 0, results: [{ id: g, ok: true }] });
  });
});
