import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../harness';

/**
 * Version-checked saves: a record's version (its `updated_at`) comes with every read and as the
 * `ETag` of get-one; an update or delete sent with `If-Match` of an older version is refused with
 * 412, the record as it is now and who changed it; without `If-Match` (the spec's clients) the
 * last write wins, as before.
 */
describe.each(DATABASES)('version-checked saves on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
  });
  afterAll(async () => {
    await s.close();
  });

  const create = async (code: string) => {
    const res = await s.call('POST', '/api/designation/designation-create', {
      body: { designation_code: code, designation_name: `Name ${code}`, designation_status: 1 },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { designation_id: number; updated_at: string };
  };
  const read = async (id: number) => s.call('GET', `/api/designation/get-designation/${id}`);

  it('answers the version as the ETag of get-one and in every list row', async () => {
    const made = await create('V-READ');
    const one = await read(made.designation_id);
    expect(one.headers.etag).toBe(`"${made.updated_at}"`);
    const list = (await s.call('GET', '/api/designation/designation-list/?status=all')).json().data as {
      designation_id: number;
      updated_at: string;
    }[];
    expect(list.find((r) => r.designation_id === made.designation_id)?.updated_at).toBe(made.updated_at);
  });

  it('lets exactly one of 50 simultaneous updates carrying the same version through', async () => {
    const made = await create('V-RACE');
    const etag = (await read(made.designation_id)).headers.etag!;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        s.call('PUT', `/api/designation/designation-update/${made.designation_id}`, {
          body: { designation_name: `Writer ${i}` },
          headers: { 'if-match': etag },
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 412)).toHaveLength(49);
    const winner = answers.find((a) => a.statusCode === 200)?.json().data as { designation_name: string; updated_at: string };
    const stored = (await read(made.designation_id)).json().data as { designation_name: string; updated_at: string };
    expect(stored.designation_name).toBe(winner.designation_name);
    expect(stored.updated_at).not.toBe(made.updated_at);
    // Each refusal carries the envelope and the record as it is now, with its version.
    const refused = answers.find((a) => a.statusCode === 412)?.json();
    expect(refused.status).toBe(0);
    expect(refused.message).toMatch(/changed by someone else/);
    expect(refused.data.record.designation_id).toBe(made.designation_id);
    expect(typeof refused.data.version).toBe('string');
  });

  it('gives every write a new version, even two in the same millisecond', async () => {
    const made = await create('V-MS');
    const versions = new Set<string>([made.updated_at]);
    for (let i = 0; i < 5; i++) {
      const res = await s.call('PUT', `/api/designation/designation-update/${made.designation_id}`, {
        body: { designation_name: `Fast ${i}` },
      });
      versions.add(res.json().data.updated_at as string);
    }
    expect(versions.size).toBe(6);
  });

  it('refuses a stale delete and keeps the record; a current one deletes', async () => {
    const made = await create('V-DEL');
    const stale = `"${made.updated_at}"`;
    expect(
      (await s.call('PUT', `/api/designation/designation-update/${made.designation_id}`, { body: { designation_name: 'Changed' } }))
        .statusCode,
    ).toBe(200);
    const refused = await s.call('DELETE', `/api/designation/designation-delete/${made.designation_id}`, {
      headers: { 'if-match': stale },
    });
    expect(refused.statusCode).toBe(412);
    expect(refused.json().data.record.designation_name).toBe('Changed');
    expect((await read(made.designation_id)).statusCode).toBe(200);
    const current = (await read(made.designation_id)).headers.etag!;
    expect(
      (await s.call('DELETE', `/api/designation/designation-delete/${made.designation_id}`, { headers: { 'if-match': current } }))
        .statusCode,
    ).toBe(200);
    expect((await read(made.designation_id)).statusCode).toBe(404);
  });

  it('keeps last-write-wins for clients that send no version, users included', async () => {
    const made = await create('V-NONE');
    for (const name of ['First', 'Second']) {
      expect(
        (await s.call('PUT', `/api/designation/designation-update/${made.designation_id}`, { body: { designation_name: name } }))
          .statusCode,
      ).toBe(200);
    }
    expect((await read(made.designation_id)).json().data.designation_name).toBe('Second');
    const me = await s.call('GET', '/api/users/get-user/1');
    const etag = me.headers.etag!;
    expect(etag).toBe(`"${me.json().data.updated_at as string}"`);
    expect((await s.call('PUT', '/api/users/user-update/1', { body: { user_phone: '0100000000' } })).statusCode).toBe(200);
    expect(
      (await s.call('PUT', '/api/users/user-update/1', { body: { user_phone: '0100000001' }, headers: { 'if-match': etag } })).statusCode,
    ).toBe(412);
  });
});
