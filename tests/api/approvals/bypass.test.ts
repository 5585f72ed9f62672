import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menu as menuDescriptor } from '../../../resources';
import { DATABASES, startServer, type TestServer } from '../harness';
import { world, type World } from '../users/helpers';
import { decide, medicines, REVIEW_SLUGS, reviewers, workflow } from './helpers';

type Row = Record<string, unknown>;
const BOM = '\uFEFF';
const CSV = { 'content-type': 'text/csv' };
const WHY = 'medicine changes need review by Pharmacy Managers';

/**
 * Issue 48, point 3: no way around a workflow. Every path that writes a medicine or an access
 * change either sends one change request (202) or is refused naming the workflow; the record and
 * the grants stay as they were. (Each case was run with the gate switched off, `hold` answering
 * undefined: each then fails, see docs/approvals.md.)
 */
describe.each(DATABASES)('approvals: no bypass on %s', (kind) => {
  let s: TestServer;
  let w: World;
  let people: Awaited<ReturnType<typeof reviewers>>;
  let med: ReturnType<typeof medicines>;
  let accessApprovers: number;
  let superGroup: number;
  let scratchGroup: number;
  const asClerk = (method: string, path: string, body?: unknown) => s.call(method, path, { token: people.clerk.token, body });
  const medicine = () => s.app.ctx.registry.get('medicine');
  const entriesOf = async (resource: string, id: number) =>
    (await s.call('GET', `/api/audit/audit-list?resource=${resource}&record=${id}&limit=50`)).json().data as {
      audit_id: number;
      audit_action: string;
    }[];
  const requestsOf = async (resource: string) =>
    (await s.call('GET', `/api/change-request/change-request-list/?change_request_resource=${resource}&limit=100`)).json().data as Row[];
  const grantsOf = async (group: number) =>
    (
      await s.app.ctx.conn.db
        .selectFrom('permission')
        .innerJoin('menu', 'menu.menu_id', 'permission.menu_id')
        .select('menu.menu_slug')
        .where('permission.permission_group', '=', group)
        .execute()
    ).map((r) => r.menu_slug);
  const menuOf = async (slug: string) =>
    (await s.app.ctx.conn.db.selectFrom('menu').select('menu_id').where('menu_slug', '=', slug).executeTakeFirstOrThrow()).menu_id;

  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
    w = await world(s, `apb-${kind}`);
    people = await reviewers(s, w);
    med = medicines(s);
    accessApprovers = await w.group('Access Approvers', REVIEW_SLUGS);
    scratchGroup = await w.group('AP-SCRATCH', []);
    const admin = await s.app.ctx.conn.db.selectFrom('users').select('user_group').where('user_id', '=', 1).executeTakeFirstOrThrow();
    superGroup = admin.user_group;
    await workflow(s, 'medicine', 'review', [people.managers]);
    // Set last: from here on a workflow change is itself an access change under review.
    await workflow(s, 'access', 'review', [accessApprovers, superGroup]);
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  it('API: create, update and delete become requests; the record is untouched', async () => {
    const id = await med.make('APB-API', 'Untouched');
    const update = await asClerk('PUT', `/api/medicine/medicine-update/${id}`, { medicine_name: 'Changed' });
    expect(update.statusCode, update.body).toBe(202);
    const remove = await asClerk('DELETE', `/api/medicine/medicine-delete/${id}`);
    expect(remove.statusCode, remove.body).toBe(202);
    const create = await asClerk('POST', '/api/medicine/medicine-create', { medicine_code: 'APB-NEW', medicine_name: 'New' });
    expect(create.statusCode, create.body).toBe(202);
    expect(await med.stored(id)).toMatchObject({ medicine_name: 'Untouched' });
    expect((await s.call('GET', '/api/medicine/medicine-list/?search=APB-NEW')).json().data).toEqual([]);
    expect((await requestsOf('medicine')).map((r) => r.change_request_action)).toEqual(
      expect.arrayContaining(['update', 'delete', 'create']),
    );
  });

  it('import: refused naming the workflow; nothing written', async () => {
    const id = await med.make('APB-IMP', 'Imported before');
    const res = await s.call('POST', '/api/medicine/medicine-import?mode=all&file=t.csv', {
      token: people.clerk.token,
      payload: `${BOM}medicine_code,medicine_name\nAPB-IMP,Imported after`,
      headers: CSV,
    });
    expect(res.body).toContain(`${WHY}: imports cannot send them for review`);
    expect(await med.stored(id)).toMatchObject({ medicine_name: 'Imported before' });
  });

  it('bulk actions: each row refused naming the workflow; nothing written', async () => {
    const id = await med.make('APB-BULK');
    for (const action of ['deactivate', 'delete'] as const) {
      const res = await asClerk('POST', '/api/medicine/medicine-bulk', { action, ids: [id] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.results).toEqual([
        { id, ok: false, status: 409, message: `${WHY}: bulk actions cannot send them for review; save each record on its own` },
      ]);
    }
    expect(await med.stored(id)).toMatchObject({ medicine_status: 1 });
  });

  it('restore of a version: refused naming the workflow; nothing written', async () => {
    const id = await med.make('APB-REST', 'First name');
    await s.app.ctx.crud.update(medicine(), id, { fields: { medicine_name: 'Second name' }, files: [] });
    const entries = await entriesOf('medicine', id);
    const first = entries.find((e) => e.audit_action === 'create')!.audit_id;
    const res = await asClerk('POST', `/api/audit/restore/${first}`, { latest: entries[0]!.audit_id });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(
      `${WHY}: restoring a version (or undoing an import) cannot send them for review; save each record on its own`,
    );
    expect(await med.stored(id)).toMatchObject({ medicine_name: 'Second name' });
  });

  it('undelete: refused naming the workflow; the record stays deleted', async () => {
    const id = await med.make('APB-UNDEL');
    await s.app.ctx.crud.remove(medicine(), id);
    const entry = (await entriesOf('medicine', id)).find((e) => e.audit_action === 'delete')!.audit_id;
    const res = await asClerk('POST', `/api/audit/undelete/${entry}`, {});
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(`${WHY}: undelete cannot send them for review; save each record on its own`);
    expect(await med.stored(id)).toBeUndefined();
  });

  it("menus' permission_group: a menu granting groups becomes a request; a rename alone does not", async () => {
    const create = await s.call('POST', '/api/menu/menu-create', {
      body: { menu_name: 'Gated menu', menu_slug: 'approvals/gated', permission_group: [scratchGroup] },
    });
    expect(create.statusCode, create.body).toBe(202);
    expect(create.json().message).toBe('Sent for review: Access changes need review by Access Approvers or Super Admin');
    const none = await s.app.ctx.conn.db.selectFrom('menu').select('menu_id').where('menu_slug', '=', 'approvals/gated').execute();
    expect(none).toEqual([]);
    const plain = await s.app.ctx.crud.create(menuDescriptor, {
      fields: { menu_name: 'Plain menu', menu_slug: 'approvals/plain' },
      files: [],
    });
    const id = Number(plain.menu_id);
    const grant = await s.call('PUT', `/api/menu/menu-update/${id}`, { body: { permission_group: [scratchGroup] } });
    expect(grant.statusCode, grant.body).toBe(202);
    expect(await grantsOf(scratchGroup)).toEqual([]);
    const rename = await s.call('PUT', `/api/menu/menu-update/${id}`, { body: { menu_name: 'Renamed menu' } });
    expect(rename.statusCode, rename.body).toBe(200);
  });

  it('permission tree: a group grant and a per-user grant become requests; a workflow change too', async () => {
    const menu = await menuOf('doctors/doctors-list');
    const group = await s.call('POST', '/api/permission/permission-create', {
      body: { group_id: scratchGroup, permission_data: [{ menu_id: menu, permission_status: 1 }] },
    });
    expect(group.statusCode, group.body).toBe(202);
    expect(await grantsOf(scratchGroup)).toEqual([]);
    const user = await s.call('POST', '/api/permission/permission-create-user', {
      body: { user: { user_id: people.clerk.id }, permission_data: [{ menu_id: menu, permission_status: 1 }] },
    });
    expect(user.statusCode, user.body).toBe(202);
    const own = await s.app.ctx.conn.db.selectFrom('user_permission').selectAll().where('user_id', '=', people.clerk.id).execute();
    expect(own).toEqual([]);
    const off = await s.call('POST', '/api/workflow/workflow-create', {
      body: { workflow_resource: 'optics', workflow_mode: 'review', workflow_groups: JSON.stringify([people.managers]) },
    });
    expect(off.statusCode, off.body).toBe(202);
    expect((await s.call('GET', '/api/workflow/workflow-list/?search=optics')).json().data).toEqual([]);
  });

  it('no escalation: an approver who could not make the grant is refused; a Super Admin approver applies it', async () => {
    const approver = await w.member('apb-access-approver', w.branchA, accessApprovers);
    const secondAdmin = await w.member('apb-second-admin', w.branchA, superGroup);
    const menu = await menuOf('doctors/doctors-list');
    const sent = await s.call('POST', '/api/permission/permission-create', {
      body: { group_id: scratchGroup, permission_data: [{ menu_id: menu, permission_status: 1 }] },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const crId = Number(sent.json().data.change_request_id);
    const refused = await decide(s, approver.token, 'approve', crId);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message).toMatch(/permissions you do not hold/);
    expect(await grantsOf(scratchGroup)).toEqual([]);
    const ok = await decide(s, secondAdmin.token, 'approve', crId);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await grantsOf(scratchGroup)).toEqual(['doctors/doctors-list']);
    // Recorded as the permission change it is, by the approver.
    const [entry] = await entriesOf('group', scratchGroup);
    expect(entry).toMatchObject({ audit_action: 'permission-change' });
  });
});
