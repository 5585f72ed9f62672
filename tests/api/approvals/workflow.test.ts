import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { DATABASES, startServer, type TestServer } from '../harness';
import { world, type World } from '../users/helpers';
import { decide, medicines, reviewers, workflow } from './helpers';

type Row = Record<string, unknown>;

/**
 * Issue 48, points 1, 2, 3 (self-approval), 5, 6: a medicine save under a workflow becomes a
 * request (202) and the medicine changes only on the last approval, version-checked.
 */
describe.each(DATABASES)('approvals: review, four-eyes, stale, rebase on %s', (kind) => {
  let s: TestServer;
  let url: string;
  let w: World;
  let people: Awaited<ReturnType<typeof reviewers>>;
  let med: ReturnType<typeof medicines>;
  let flow: number;
  const sockets: Socket[] = [];

  const put = (token: string, id: number, body: Row, headers?: Record<string, string>) =>
    s.call('PUT', `/api/medicine/medicine-update/${id}`, { token, body, ...(headers && { headers }) });
  const request = async (id: number) => (await s.call('GET', `/api/change-request/get-change-request/${id}`)).json().data as Row;
  const trailOf = async (resource: string, record: number) =>
    (await s.call('GET', `/api/audit/audit-list?resource=${resource}&record=${record}&limit=50`)).json().data as {
      audit_action: string;
      audit_actor: number | null;
      audit_changes: unknown;
    }[];

  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
    url = await s.app.listen({ port: 0, host: '127.0.0.1' });
    w = await world(s, `ap-${kind}`);
    people = await reviewers(s, w);
    med = medicines(s);
    flow = await workflow(s, 'medicine', 'review', [people.managers]);
  }, 60_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await s?.close();
  });

  it('sends a save for review (202) and leaves the record; the approval applies it through the write path', async () => {
    const id = await med.make('AP-1', 'Paracetamol', 7);
    const sent = await put(people.clerk.token, id, { medicine_name: 'Paracetamol 500' });
    expect(sent.statusCode, sent.body).toBe(202);
    const body = sent.json();
    expect(body).toMatchObject({ status: 1, message: 'Sent for review: medicine changes need review by Pharmacy Managers' });
    const cr = body.data as Row;
    expect(cr).toMatchObject({
      change_request_resource: 'medicine',
      change_request_record: id,
      change_request_action: 'update',
      change_request_state: 'pending',
      change_request_author: people.clerk.id,
      change_request_why: 'medicine changes need review by Pharmacy Managers',
    });
    expect(JSON.parse(String(cr.change_request_body))).toEqual({ medicine_name: 'Paracetamol 500' });
    expect(await med.stored(id)).toMatchObject({ medicine_name: 'Paracetamol' });
    // The queue shows it, with the live record for the diff.
    const crId = Number(cr.change_request_id);
    const list = await s.call('GET', `/api/change-request/change-request-list/?change_request_state=pending`, {
      token: people.manager1.token,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json().data as Row[]).map((r) => r.change_request_id)).toContain(crId);
    expect((await request(crId)).live).toMatchObject({ medicine_id: id, medicine_name: 'Paracetamol' });

    const ok = await decide(s, people.manager1.token, 'approve', crId, 'fine');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 1, message: 'Approved and applied', data: { change_request_state: 'approved' } });
    expect(await med.stored(id)).toMatchObject({ medicine_name: 'Paracetamol 500' });
    // The trail: submitted by the clerk, approved by the manager; the change by the manager, naming the author.
    const requestTrail = await trailOf('change-request', crId);
    expect(requestTrail.map((e) => [e.audit_action, e.audit_actor])).toEqual([
      ['approve', people.manager1.id],
      ['submit', people.clerk.id],
    ]);
    const [applied] = await trailOf('medicine', id);
    expect(applied).toMatchObject({ audit_action: 'update', audit_actor: people.manager1.id });
    expect(applied!.audit_changes).toMatchObject({
      medicine_name: { before: 'Paracetamol', after: 'Paracetamol 500' },
      change_request: { after: { id: crId, author_id: people.clerk.id } },
    });
    // Decided: no second decision.
    expect((await decide(s, people.manager2.token, 'approve', crId)).statusCode).toBe(409);
  });

  it('refuses self-approval and an approver outside the approver groups; the change stays a request', async () => {
    const id = await med.make('AP-2');
    // A manager's own save is a request too, which they may not approve themselves.
    const sent = await put(people.manager1.token, id, { medicine_name: 'Own change' });
    expect(sent.statusCode, sent.body).toBe(202);
    const crId = Number(sent.json().data.change_request_id);
    const own = await decide(s, people.manager1.token, 'approve', crId);
    expect(own.statusCode, own.body).toBe(403);
    expect(own.json().message).toBe('You cannot approve your own change request');
    const outsider = await decide(s, people.outsider.token, 'approve', crId);
    expect(outsider.statusCode, outsider.body).toBe(403);
    expect(outsider.json().message).toBe('Only members of Pharmacy Managers may decide medicine change requests');
    // Without the slug: the route's rule.
    expect((await decide(s, people.clerk.token, 'approve', crId)).statusCode).toBe(403);
    expect((await request(crId)).change_request_state).toBe('pending');
    expect(await med.stored(id)).toMatchObject({ medicine_name: 'Medicine AP-2' });
    // The generic write routes of requests refuse every hand-made request.
    const forged = await s.call('PUT', `/api/change-request/change-request-update/${crId}`, { body: { change_request_state: 'approved' } });
    expect(forged.statusCode, forged.body).toBe(405);
    const rejected = await decide(s, people.manager2.token, 'reject', crId, 'no');
    expect(rejected.json()).toMatchObject({ message: 'Rejected', data: { change_request_state: 'rejected' } });
    expect(await med.stored(id)).toMatchObject({ medicine_name: 'Medicine AP-2' });
  });

  it('marks a request stale when the record changed since; rebase clears approvals and it is reviewed again', async () => {
    const id = await med.make('AP-3', 'Before', 7);
    const sent = await put(people.clerk.token, id, { medicine_name: 'Asked for' });
    const crId = Number(sent.json().data.change_request_id);
    // Another change goes through meanwhile (the workflow switched off for a moment, as an admin may).
    await s.call('PUT', `/api/workflow/workflow-update/${flow}`, { body: { workflow_status: 0 } });
    expect((await put(s.token, id, { medicine_purchase_price: 9 })).statusCode).toBe(200);
    await s.call('PUT', `/api/workflow/workflow-update/${flow}`, { body: { workflow_status: 1 } });
    const stale = await decide(s, people.manager1.token, 'approve', crId);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({
      message: 'The record has changed since this request was made; its author must rebase it',
      data: { change_request_state: 'stale' },
    });
    expect(await med.stored(id)).toMatchObject({ medicine_name: 'Before', medicine_purchase_price: 9 });
    expect((await decide(s, people.manager1.token, 'approve', crId)).statusCode).toBe(409);
    // Only the author rebases.
    expect((await decide(s, people.manager1.token, 'rebase', crId)).statusCode).toBe(403);
    const rebased = await decide(s, people.clerk.token, 'rebase', crId, 'on the new price');
    expect(rebased.statusCode, rebased.body).toBe(200);
    expect(rebased.json()).toMatchObject({ message: 'Rebased: sent for review again', data: { change_request_state: 'pending' } });
    const ok = await decide(s, people.manager1.token, 'approve', crId);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await med.stored(id)).toMatchObject({ medicine_name: 'Asked for', medicine_purchase_price: 9 });
    expect((await trailOf('change-request', crId)).map((e) => e.audit_action)).toEqual(['approve', 'rebase', 'update', 'submit']);
  });

  it('applies a four-eyes change after two distinct approvers, not after one, nor twice by the same', async () => {
    await s.call('PUT', `/api/workflow/workflow-update/${flow}`, { body: { workflow_mode: 'four-eyes' } });
    try {
      const id = await med.make('AP-4', 'Two eyes', 7);
      const del = await s.call('DELETE', `/api/medicine/medicine-delete/${id}`, { token: people.clerk.token });
      expect(del.statusCode, del.body).toBe(202);
      expect(del.json().message).toBe('Sent for review: medicine changes need two approvals from Pharmacy Managers');
      const crId = Number(del.json().data.change_request_id);
      const first = await decide(s, people.manager1.token, 'approve', crId);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({
        message: 'Approval recorded: one more approver needed',
        data: { change_request_state: 'pending' },
      });
      expect(await med.stored(id)).toBeDefined();
      const again = await decide(s, people.manager1.token, 'approve', crId);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('You have approved this request already; another approver must');
      expect(await med.stored(id)).toBeDefined();
      const second = await decide(s, people.manager2.token, 'approve', crId);
      expect(second.statusCode, second.body).toBe(200);
      expect(second.json().message).toBe('Approved and applied');
      expect(await med.stored(id)).toBeUndefined();
    } finally {
      await s.call('PUT', `/api/workflow/workflow-update/${flow}`, { body: { workflow_mode: 'review' } });
    }
  });

  it('creates through a request: the new record exists only once approved, and the request names it', async () => {
    const sent = await s.call('POST', '/api/medicine/medicine-create', {
      token: people.clerk.token,
      body: { medicine_code: 'AP-NEW', medicine_name: 'New one', medicine_purchase_price: 3, medicine_sales_price: 4 },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const crId = Number(sent.json().data.change_request_id);
    const none = await s.call('GET', '/api/medicine/medicine-list/?search=AP-NEW');
    expect(none.json().data).toEqual([]);
    const ok = await decide(s, people.manager2.token, 'approve', crId);
    expect(ok.statusCode, ok.body).toBe(200);
    const made = Number(ok.json().data.change_request_record);
    expect(await med.stored(made)).toMatchObject({ medicine_code: 'AP-NEW' });
  });

  it('tells the approvers live when a request waits, and the author when it is decided', async () => {
    const listen = async (token: string) => {
      const socket = connect(url, { path: '/api/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      const heard: Row[] = [];
      socket.on('change-request', (e: Row) => heard.push(e));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return heard;
    };
    const managerHeard = await listen(people.manager2.token);
    const clerkHeard = await listen(people.clerk.token);
    const id = await med.make('AP-LIVE');
    const crId = Number((await put(people.clerk.token, id, { medicine_name: 'Live' })).json().data.change_request_id);
    await expect.poll(() => managerHeard).toContainEqual(expect.objectContaining({ id: crId, state: 'pending', resource: 'medicine' }));
    expect(clerkHeard).toEqual([]);
    await decide(s, people.manager2.token, 'reject', crId);
    await expect.poll(() => clerkHeard).toContainEqual(expect.objectContaining({ id: crId, state: 'rejected' }));
  });

  it('explains why a save becomes a request', async () => {
    const res = await s.call('GET', `/api/explain/check-access?user=${people.clerk.id}&slug=medicine/medicine-update`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.workflows).toEqual([
      expect.objectContaining({ resource: 'medicine', mode: 'review', reason: 'medicine changes need review by Pharmacy Managers' }),
    ]);
  });
});
