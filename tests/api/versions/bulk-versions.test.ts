import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../harness';

/**
 * A bulk action may name the version each row was read at (`versions`: id → version). A row changed
 * since is refused with 412 and the record as it is now (as its own request would be) and left
 * alone; the rows still as read go ahead. No `versions` keeps last-write-wins.
 */
describe.each(DATABASES)('version-checked bulk actions on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
  });
  afterAll(async () => {
    await s.close();
  });

  let seq = 0;
  const create = async () => {
    seq += 1;
    const res = await s.call('POST', '/api/designation/designation-create', {
      body: { designation_code: `BV-${seq}`, designation_name: `Bulk ${seq}`, designation_status: 1 },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { designation_id: number; updated_at: string };
  };
  const exists = async (id: number) => (await s.call('GET', `/api/designation/get-designation/${id}`)).statusCode === 200;
  const bulk = (body: unknown) => s.call('POST', '/api/designation/designation-bulk', { body });

  it('refuses a stale row of a bulk delete with 412 and what changed, and deletes the rows still as read', async () => {
    const kept = await create();
    const changed = await create();
    // Someone else renames one row after this client read the list.
    const renamed = await s.call('PUT', `/api/designation/designation-update/${changed.designation_id}`, {
      body: { designation_name: 'Renamed meanwhile' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const res = await bulk({
      action: 'delete',
      ids: [kept.designation_id, changed.designation_id],
      versions: { [kept.designation_id]: kept.updated_at, [changed.designation_id]: changed.updated_at },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json().data as {
      done: number;
      refused: number;
      results: { id: number; ok: boolean; status?: number; message?: string; data?: Record<string, unknown> }[];
    };
    expect(answer).toMatchObject({ done: 1, refused: 1 });
    const stale = answer.results.find((r) => r.id === changed.designation_id);
    expect(stale).toMatchObject({ ok: false, status: 412, message: expect.stringMatching(/changed by someone else/) });
    expect(stale?.data).toMatchObject({
      record: { designation_id: changed.designation_id, designation_name: 'Renamed meanwhile' },
      version: renamed.json().data.updated_at,
      changed_by: { user_name: expect.any(String) },
      changed_at: expect.any(String),
    });
    expect(await exists(kept.designation_id)).toBe(false);
    expect(await exists(changed.designation_id)).toBe(true);

    // Sent again with the version the refusal answered, it is deleted.
    const again = await bulk({
      action: 'delete',
      ids: [changed.designation_id],
      versions: { [changed.designation_id]: stale?.data?.version },
    });
    expect(again.json().data).toMatchObject({ done: 1, refused: 0 });
    expect(await exists(changed.designation_id)).toBe(false);
  });

  it('refuses a stale row of a status change alike', async () => {
    const row = await create();
    await s.call('PUT', `/api/designation/designation-update/${row.designation_id}`, { body: { designation_name: 'Moved on' } });
    const res = await bulk({ action: 'deactivate', ids: [row.designation_id], versions: { [row.designation_id]: row.updated_at } });
    expect(res.json().data).toMatchObject({ done: 0, refused: 1, results: [{ id: row.designation_id, ok: false, status: 412 }] });
    const stored = (await s.call('GET', `/api/designation/get-designation/${row.designation_id}`)).json().data;
    expect(stored.designation_status).toBe(1);
  });

  it('keeps last-write-wins for a bulk delete that names no versions', async () => {
    const row = await create();
    await s.call('PUT', `/api/designation/designation-update/${row.designation_id}`, { body: { designation_name: 'Changed' } });
    const res = await bulk({ action: 'delete', ids: [row.designation_id] });
    expect(res.json().data).toEqual({ done: 1, refused: 0, results: [{ id: row.designation_id, ok: true }] });
    expect(await exists(row.designation_id)).toBe(false);
  });
});
