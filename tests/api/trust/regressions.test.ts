import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { dynamic } from '../../../server/db/database';
import { DATABASES, multipart, png, startServer, type TestServer } from '../harness';
import { world, type World } from '../users/helpers';

/**
 * The access holes found by an attacker's tour of the console, each replayed exactly as it was
 * sent: every one must be refused and leave the records, the permissions and the attacker's own
 * rights as they were (read back after the attempt, not inferred from the status).
 */
describe.each(DATABASES)('access holes stay closed on %s', (kind) => {
  let s: TestServer;
  let w: World;
  let superAdmin: number;
  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
    w = await world(s, `trust-${kind}`);
    superAdmin = (await s.call('GET', '/api/users/get-auth-user')).json().data.user_group.group_id as number;
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  const db = () => s.app.ctx.conn.db;
  const menuId = async (slug: string) =>
    (await db().selectFrom('menu').select('menu_id').where('menu_slug', '=', slug).executeTakeFirstOrThrow()).menu_id;
  const userRow = (id: number) =>
    db().selectFrom('users').select(['user_id', 'user_group', 'user_status', 'user_branch']).where('user_id', '=', id).executeTakeFirst();
  const userGrants = (id: number) =>
    db().selectFrom('user_permission').select(['menu_id', 'permission_status']).where('user_id', '=', id).orderBy('menu_id').execute();
  const groupGrants = (id: number) =>
    db().selectFrom('permission').select('menu_id').where('permission_group', '=', id).orderBy('menu_id').execute();
  const menuGroups = async (id: number) =>
    (await db().selectFrom('permission').select('permission_group').where('menu_id', '=', id).orderBy('permission_group').execute()).map(
      (r) => r.permission_group,
    );
  const slugsOf = async (token: string) => {
    const me = await s.call('GET', '/api/users/get-auth-user', { token });
    expect(me.statusCode, me.body).toBe(200);
    return me.json<{ data: { permissions: string[] } }>().data.permissions;
  };
  /** A refusal in the envelope: the status, `status: 0` and a message. */
  const refused = (res: LightMyRequestResponse, status: number) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ status: 0, message: expect.any(String) });
  };
  /** A body as JSON and as multipart: the two ways a form reaches the server. */
  const asJson = (body: Record<string, unknown>) => ({ body });
  const asMultipart = async (body: Record<string, unknown>) => {
    const form = await multipart(Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])));
    return { payload: form.payload, headers: form.headers };
  };
  const spellings = [false, 'false', 0, '0'] as const;

  describe('1: the last active Super Admin stays, whatever the spelling', () => {
    it('the last Super Admin cannot switch themselves off, as JSON or multipart, with false, "false", 0 or "0"', async () => {
      const [me] = await db()
        .selectFrom('users')
        .select('user_id')
        .where('user_group', '=', superAdmin)
        .where('user_status', '=', 1)
        .execute();
      expect(me?.user_id).toBe(1);
      for (const value of spellings)
        for (const send of [asJson, asMultipart]) {
          const res = await s.call('PUT', '/api/users/user-update/1', await send({ user_status: value }));
          refused(res, 409);
          expect(await userRow(1), `${send.name} ${JSON.stringify(value)}`).toMatchObject({ user_status: 1, user_group: superAdmin });
        }
      // Still signed in: nothing ended the session.
      expect(await slugsOf(s.token)).toContain('users/user-update');
    });

    it('a user holding every permission outside the Super Admin group cannot deactivate, demote or delete the last one', async () => {
      const every = (await db().selectFrom('menu').select('menu_slug').execute()).map((m) => m.menu_slug);
      const { group: all, token } = await w.principal('ALL-BUT-SA', 'almighty', 0, every);
      for (const value of spellings)
        for (const send of [asJson, asMultipart]) {
          const res = await s.call('PUT', '/api/users/user-update/1', { token, ...(await send({ user_status: value })) });
          refused(res, 409);
          expect(res.json().message).toBe('The last active Super Admin cannot be deactivated');
        }
      for (const send of [asJson, asMultipart]) {
        const res = await s.call('PUT', '/api/users/user-update/1', { token, ...(await send({ user_group: String(all) })) });
        refused(res, 409);
      }
      refused(await s.call('DELETE', '/api/users/user-delete/1', { token }), 409);
      expect(await userRow(1)).toMatchObject({ user_status: 1, user_group: superAdmin });
      expect(await slugsOf(s.token)).toContain('users/user-update');
    });

    it('another Super Admin cannot switch themselves off either; "false" sent by someone else is a deactivation like 0', async () => {
      const { id: second, token } = await w.member('second-sa', 0, superAdmin);
      for (const value of spellings)
        for (const send of [asJson, asMultipart]) {
          const res = await s.call('PUT', `/api/users/user-update/${second}`, { token, ...(await send({ user_status: value })) });
          refused(res, 409);
          expect(res.json().message).toBe('You cannot deactivate your own account');
        }
      expect(await userRow(second)).toMatchObject({ user_status: 1, user_group: superAdmin });
      const off = await s.call('PUT', `/api/users/user-update/${second}`, await asMultipart({ user_status: 'false' }));
      expect(off.statusCode, off.body).toBe(200);
      expect(await userRow(second)).toMatchObject({ user_status: 0 });
      expect((await s.call('GET', '/api/users/get-auth-user', { token })).statusCode).toBe(401);
    });
  });

  it('2: a branch-B user holding permission-create-user neither reads nor rewrites a branch-A user’s permissions (404)', async () => {
    const { token } = await w.principal('PERM-B', 'perm-b', w.branchB, [
      'users/user-list',
      'users/get-user',
      'permission/permission-create-user',
      'doctors/doctors-list',
    ]);
    const clerks = await w.group('CLERKS-A', ['users/user-list']);
    const target = await w.user('target-a', w.branchA, clerks);
    const doctors = await menuId('doctors/doctors-list');
    const before = { grants: await userGrants(target), slugs: await slugsOf(await w.login('target-a')) };

    refused(await s.call('GET', `/api/permission/permission-list-user?user=${target}`, { token }), 404);
    const write = await s.call('POST', '/api/permission/permission-create-user', {
      token,
      body: { user: { user_id: target, user_group: clerks }, permission_data: [{ menu_id: doctors, permission_status: 1 }] },
    });
    refused(write, 404);
    const deny = await s.call('POST', '/api/permission/permission-create-user', {
      token,
      body: { user: { user_id: target }, permission_data: [{ menu_id: await menuId('users/user-list'), permission_status: 0 }] },
    });
    refused(deny, 404);

    expect(await userGrants(target)).toEqual(before.grants);
    expect(await slugsOf(await w.login('target-a'))).toEqual(before.slugs);
    // Their own branch's users remain theirs to manage.
    const peer = await w.user('peer-b', w.branchB, clerks);
    expect((await s.call('GET', `/api/permission/permission-list-user?user=${peer}`, { token })).statusCode).toBe(200);
  });

  describe('3: no escalation through the menu catalogue', () => {
    it('a menu editor cannot put their own group on the users/user-delete menu (403) and gains nothing', async () => {
      const { group: editors, token } = await w.principal('MENU-EDIT', 'menu-editor', w.branchA, [
        'menu/menu-list',
        'menu/menu-update',
        'users/user-list',
      ]);
      const userDelete = await menuId('users/user-delete');
      const groupsBefore = await menuGroups(userDelete);

      const res = await s.call('PUT', `/api/menu/menu-update/${userDelete}`, { token, body: { permission_group: [1, editors] } });
      refused(res, 403);
      expect(await menuGroups(userDelete)).toEqual(groupsBefore);
      expect(await slugsOf(token)).not.toContain('users/user-delete');
      const navigation = await s.call('GET', '/api/menu/menu-list-permission', { token });
      expect(navigation.body).not.toContain('"users/user-delete"');
      // Nor by renaming a menu they hold into the slug they lack.
      const rename = await s.call('PUT', `/api/menu/menu-update/${await menuId('users/user-list')}`, {
        token,
        body: { menu_slug: 'users/user-delete-2' },
      });
      refused(rename, 403);
      expect(await slugsOf(token)).toEqual(expect.arrayContaining(['users/user-list']));
    });

    it('a menu creator cannot create a menu for their own group or a group above them, nor delete a menu a group above them holds', async () => {
      const { group: creators, token } = await w.principal('MENU-MAKE', 'menu-maker', w.branchA, [
        'menu/menu-list',
        'menu/menu-create',
        'menu/menu-delete',
        'users/user-list',
      ]);
      const count = async () => (await db().selectFrom('menu').select('menu_id').execute()).length;
      const menus = await count();
      for (const permission_group of [[creators], [superAdmin]]) {
        const res = await s.call('POST', '/api/menu/menu-create', {
          token,
          body: { menu_name: 'Back door', menu_slug: 'users/back-door', permission_group },
        });
        refused(res, 403);
      }
      expect(await count()).toBe(menus);
      const doctorsCreate = await menuId('doctors/doctors-create');
      const holders = await menuGroups(doctorsCreate);
      expect(holders).toContain(superAdmin);
      refused(await s.call('DELETE', `/api/menu/menu-delete/${doctorsCreate}`, { token }), 403);
      expect(await menuGroups(doctorsCreate)).toEqual(holders);
      expect(await slugsOf(s.token)).toContain('doctors/doctors-create');
    });
  });

  it('4: a permission editor cannot strip a right from the Super Admin group (403); the Super Admin still opens the doctors list', async () => {
    const { token } = await w.principal('PERM-EDIT', 'perm-editor', w.branchA, [
      'permission/permission-create',
      'group/group-list',
      'doctors/doctors-list',
    ]);
    const doctorsList = await menuId('doctors/doctors-list');
    const before = await groupGrants(superAdmin);
    const res = await s.call('POST', '/api/permission/permission-create', {
      token,
      body: { group_id: superAdmin, permission_data: [{ menu_id: doctorsList, permission_status: 0 }] },
    });
    refused(res, 403);
    expect(await groupGrants(superAdmin)).toEqual(before);
    expect((await s.call('GET', '/api/doctors/doctors-list')).statusCode).toBe(200);
  });

  it('found by the invariants test: a group manager cannot reactivate an inactive group that grants more than they hold', async () => {
    const { token } = await w.principal('GROUP-EDIT', 'group-editor', w.branchA, [
      'group/group-list',
      'group/group-update',
      'users/user-list',
    ]);
    const dormant = await w.group('DORMANT', ['users/user-list', 'branch/branch-delete']);
    await w.user('dormant-member', w.branchA, dormant);
    expect((await s.call('PUT', `/api/group/group-update/${dormant}`, { body: { group_status: 0 } })).statusCode).toBe(200);
    const member = await w.login('dormant-member');
    expect(await slugsOf(member)).toEqual([]);
    for (const value of [1, true, '1', 'true'])
      for (const send of [asJson, asMultipart]) {
        const res = await s.call('PUT', `/api/group/group-update/${dormant}`, { token, ...(await send({ group_status: value })) });
        refused(res, 403);
        expect(res.json().message).toMatch(/^You may not change a group that holds permissions you do not: "branch\/branch-delete"$/);
      }
    refused(await s.call('DELETE', `/api/group/group-delete/${dormant}`, { token }), 403);
    expect(await slugsOf(member)).toEqual([]);
    // A dormant group holding nothing beyond them stays theirs to wake.
    const modest = await w.group('MODEST', ['users/user-list']);
    expect((await s.call('PUT', `/api/group/group-update/${modest}`, { body: { group_status: 0 } })).statusCode).toBe(200);
    expect((await s.call('PUT', `/api/group/group-update/${modest}`, { token, body: { group_status: 1 } })).statusCode).toBe(200);
  });

  it('found by the invariants test: a manager moved out of branch 0 reaches no other branch from their very next request', async () => {
    const { id: moved, token } = await w.principal('MOVED', 'moved-manager', 0, ['users/user-list', 'users/get-user', 'users/user-update']);
    const clerks = await w.group('MOVED-CLERKS', ['users/user-list']);
    const other = await w.user('other-branch-clerk', w.branchB, clerks);
    // Seen at branch 0 first, so the server knows the session.
    expect((await s.call('GET', `/api/users/get-user/${other}`, { token })).statusCode).toBe(200);
    const move = await s.call('PUT', `/api/users/user-update/${moved}`, { body: { user_branch: w.branchA } });
    expect(move.statusCode, move.body).toBe(200);

    refused(await s.call('GET', `/api/users/get-user/${other}`, { token }), 404);
    refused(await s.call('PUT', `/api/users/user-update/${other}`, { token, body: { user_name: 'Renamed elsewhere' } }), 404);
    expect(await userRow(other)).toMatchObject({ user_branch: w.branchB, user_status: 1 });
    expect((await s.call('GET', `/api/users/get-auth-user`, { token })).json().data.user_branch.branch_id).toBe(w.branchA);
  });

  describe('9: an id is digits only', () => {
    const lookalikes = (id: number) => [`%20${id}`, `${id}.0`, `${id}e0`, `+${id}`, `0${id}`, `${id}%20`];

    it('DELETE /api/users/user-delete/%201 (and 1.0, 1e0, +1, 01) deletes nobody: 404', async () => {
      const { token } = await w.member('deleter-sa', 0, superAdmin);
      for (const raw of lookalikes(1)) {
        const res = await s.call('DELETE', `/api/users/user-delete/${raw}`, { token });
        refused(res, 404);
        expect(await userRow(1), raw).toMatchObject({ user_status: 1 });
      }
      const spare = await w.user('spare', w.branchA, await w.group('SPARE', []));
      for (const raw of lookalikes(spare)) refused(await s.call('DELETE', `/api/users/user-delete/${raw}`), 404);
      for (const raw of lookalikes(spare)) refused(await s.call('PUT', `/api/users/user-update/${raw}`, { body: { user_status: 0 } }), 404);
      expect(await userRow(spare)).toMatchObject({ user_status: 1 });
    });

    it('the same on a generic resource, the menus and the notifications', async () => {
      const designation = w.designation;
      const now = new Date().toISOString();
      const menu = (
        await db()
          .insertInto('menu')
          .values({
            menu_name: 'Lookalike',
            menu_slug: 'trust/lookalike',
            menu_position: 999,
            main_menu: 0,
            sub_menu: '',
            menu_api_method: 'GET',
            menu_icon: '',
            menu_shortcut_status: 0,
            menu_visible_status: 0,
            menu_status: 1,
          })
          .returning('menu_id')
          .executeTakeFirstOrThrow()
      ).menu_id;
      const notice = (
        await db()
          .insertInto('notification')
          .values({
            notification_date: '2026-01-01 08:00:00',
            notification_title: 'Lookalike',
            notification_description: 'A notice',
            notification_type: 'All',
            notification_user: 0,
            notification_group: 0,
            notification_status: 1,
            notification_branch: 0,
            notification_sender: 1,
            notification_delivered_at: now,
            created_at: now,
            updated_at: now,
          })
          .returning('notification_id')
          .executeTakeFirstOrThrow()
      ).notification_id;
      for (const [path, id] of [
        ['/api/designation/designation-delete', designation],
        ['/api/menu/menu-delete', menu],
        ['/api/notification/notification-delete', notice],
      ] as const)
        for (const raw of lookalikes(id)) refused(await s.call('DELETE', `${path}/${raw}`), 404);
      expect(
        await dynamic(db()).selectFrom('designation').select('designation_id').where('designation_id', '=', designation).execute(),
      ).toHaveLength(1);
      expect(await db().selectFrom('menu').select('menu_id').where('menu_id', '=', menu).execute()).toHaveLength(1);
      expect(await db().selectFrom('notification').select('notification_id').where('notification_id', '=', notice).execute()).toHaveLength(
        1,
      );
    });

    it('a reference in a body written " 1", "1.0" or "1e0" is refused: 422 must be a record id, as JSON and multipart', async () => {
      const category = (
        await s.call('POST', '/api/pharmacy-category/pharmacy-category-create', {
          body: { pharmacy_category_code: 'TRUST-CAT', pharmacy_category_name: 'Drops' },
        })
      ).json().data;
      const id = Number(category.pharmacy_category_id);
      expect(id).toBeGreaterThan(0);
      const count = async () => (await dynamic(db()).selectFrom('medicine').select('medicine_id').execute()).length;
      const medicines = await count();
      for (const raw of [` ${id}`, `${id}.0`, `${id}e0`, `+${id}`, `0${id}`])
        for (const send of [asJson, asMultipart]) {
          const body = { medicine_code: `M-${raw.trim()}`, medicine_name: 'Drops', medicine_category: raw };
          const res = await s.call('POST', '/api/medicine/medicine-create', await send(body));
          refused(res, 422);
          expect(res.json().errors, `${send.name} ${JSON.stringify(raw)}`).toMatchObject({
            medicine_category: 'medicine_category must be a record id',
          });
        }
      expect(await count()).toBe(medicines);
      const plain = await s.call('POST', '/api/medicine/medicine-create', {
        body: { medicine_code: 'M-PLAIN', medicine_name: 'Drops', medicine_category: String(id) },
      });
      expect(plain.statusCode, plain.body).toBe(201);
    });

    it('the profile picture route refuses two files saying at most 1 file', async () => {
      const before = await db().selectFrom('users').select('user_picture').where('user_id', '=', 1).executeTakeFirstOrThrow();
      const form = new FormData();
      const picture = new Uint8Array(await png());
      for (const name of ['a.png', 'b.png']) form.append('user_picture', new Blob([picture], { type: 'image/png' }), name);
      const body = new Response(form);
      const res = await s.call('POST', '/api/users/change-profile-picture', {
        payload: Buffer.from(await body.arrayBuffer()),
        headers: { 'content-type': body.headers.get('content-type')! },
      });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.json().status).toBe(0);
      expect(res.json().message).toMatch(/\b1 file\b/);
      expect(res.json().message).not.toMatch(/12 files/);
      expect(await db().selectFrom('users').select('user_picture').where('user_id', '=', 1).executeTakeFirstOrThrow()).toEqual(before);
    });
  });

  describe('10: one validation gate for JSON and multipart', () => {
    const code50 = 'C'.repeat(50);
    const stored = async (code: string) =>
      dynamic(db()).selectFrom('designation').select(['designation_id', 'designation_code']).where('designation_code', '=', code).execute();

    it('a 50-character code followed by two spaces is stored trimmed and a 51-character one refused by the rules’ own message, as JSON and multipart alike', async () => {
      for (const send of [asJson, asMultipart]) {
        const res = await s.call(
          'POST',
          '/api/designation/designation-create',
          await send({
            designation_code: `${code50}  `,
            designation_name: 'Long code',
          }),
        );
        expect(res.statusCode, `${send.name}: ${res.body}`).toBe(201);
        expect(res.body).not.toContain('must NOT have');
        expect(res.json().data.designation_code).toBe(code50);
        const rows = await stored(code50);
        expect(rows).toHaveLength(1);
        // The code is unique: the next spelling needs it free again.
        const gone = await s.call('DELETE', `/api/designation/designation-delete/${Number(rows[0]!.designation_id)}`);
        expect(gone.statusCode, gone.body).toBe(200);
      }
      const code51 = 'D'.repeat(51);
      for (const send of [asJson, asMultipart]) {
        const res = await s.call(
          'POST',
          '/api/designation/designation-create',
          await send({
            designation_code: code51,
            designation_name: 'Too long',
          }),
        );
        refused(res, 422);
        expect(res.json().errors).toMatchObject({ designation_code: 'designation_code must be at most 50 characters' });
        expect(res.body).not.toContain('must NOT have');
      }
      expect(await stored(code51)).toEqual([]);
    });
  });
});
