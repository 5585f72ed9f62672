import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { DATABASES, startServer, type TestServer } from '../harness';

/**
 * Menus and notices keep their own tables and write paths, and check versions as the generic
 * records do: the version comes with get-one (`ETag`, and `version` / `updated_at` in the record),
 * a stale `If-Match` is refused with 412 and the record as it is now, and no `If-Match` keeps
 * last-write-wins.
 */
interface Kind {
  label: string;
  create(s: TestServer): Promise<number>;
  get: (id: number) => string;
  update: (id: number) => string;
  remove: (id: number) => string;
  /** A body that changes one field to `text`, and how the record reads it back. */
  change: (text: string) => Record<string, unknown>;
  read: (record: Record<string, unknown>) => unknown;
  /** The record's own version field. */
  versionField: string;
}

let seq = 0;
const KINDS: Kind[] = [
  {
    label: 'a menu',
    async create(s) {
      seq += 1;
      const res = await s.call('POST', '/api/menu/menu-create', { body: { menu_name: `Versioned ${seq}`, menu_slug: `versioned-${seq}` } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.menu_id as number;
    },
    get: (id) => `/api/menu/get-menu/${id}`,
    update: (id) => `/api/menu/menu-update/${id}`,
    remove: (id) => `/api/menu/menu-delete/${id}`,
    change: (text) => ({ menu_name: text }),
    read: (r) => r.menu_name,
    versionField: 'version',
  },
  {
    label: 'a notification',
    async create(s) {
      const res = await s.call('POST', '/api/notification/notification-create', {
        body: { notification_date: '2026-01-05 09:30:00', title: 'Versioned', type: 'All', status: 0 },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.notification_id as number;
    },
    get: (id) => `/api/notification/get-notification/${id}`,
    update: (id) => `/api/notification/notification-update/${id}`,
    remove: (id) => `/api/notification/notification-delete/${id}`,
    change: (text) => ({ title: text }),
    read: (r) => r.notification_title,
    versionField: 'updated_at',
  },
];

describe.each(DATABASES)('version-checked saves of menus and notifications on %s', (db) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(db, { seed: false });
  });
  afterAll(async () => {
    await s.close();
  });

  const record = (res: LightMyRequestResponse) => res.json().data as Record<string, unknown>;

  describe.each(KINDS)('$label', (k) => {
    it('answers its version as the ETag of get-one and in the record', async () => {
      const id = await k.create(s);
      const got = await s.call('GET', k.get(id));
      expect(got.statusCode).toBe(200);
      expect(got.headers.etag).toBe(`"${String(record(got)[k.versionField])}"`);
    });

    it('lets exactly one of 50 simultaneous updates carrying the same version through', async () => {
      const id = await k.create(s);
      const etag = (await s.call('GET', k.get(id))).headers.etag!;
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => s.call('PUT', k.update(id), { body: k.change(`Writer ${i}`), headers: { 'if-match': etag } })),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(
        codes.filter((c) => c === 200),
        JSON.stringify(codes),
      ).toHaveLength(1);
      expect(codes.filter((c) => c === 412)).toHaveLength(49);
      const winner = answers.find((a) => a.statusCode === 200)!;
      const stored = await s.call('GET', k.get(id));
      expect(k.read(record(stored))).toBe(k.read(record(winner)));
      expect(stored.headers.etag).not.toBe(etag);
      expect(winner.headers.etag).toBe(stored.headers.etag);
      const refused = answers.find((a) => a.statusCode === 412)!.json();
      expect(refused.status).toBe(0);
      expect(refused.message).toMatch(/changed by someone else/);
      expect(k.read(refused.data.record as Record<string, unknown>)).toBe(k.read(record(winner)));
      expect(`"${String(refused.data.version)}"`).toBe(stored.headers.etag);
    });

    it('refuses a stale delete and keeps the record; a current one deletes', async () => {
      const id = await k.create(s);
      const stale = (await s.call('GET', k.get(id))).headers.etag!;
      expect((await s.call('PUT', k.update(id), { body: k.change('Changed meanwhile') })).statusCode).toBe(200);
      const refused = await s.call('DELETE', k.remove(id), { headers: { 'if-match': stale } });
      expect(refused.statusCode).toBe(412);
      expect(k.read(refused.json().data.record as Record<string, unknown>)).toBe('Changed meanwhile');
      const current = await s.call('GET', k.get(id));
      expect(current.statusCode).toBe(200);
      expect((await s.call('DELETE', k.remove(id), { headers: { 'if-match': current.headers.etag! } })).statusCode).toBe(200);
      expect((await s.call('GET', k.get(id))).statusCode).toBe(404);
    });

    it('keeps last-write-wins for clients that send no version', async () => {
      const id = await k.create(s);
      for (const text of ['First', 'Second']) expect((await s.call('PUT', k.update(id), { body: k.change(text) })).statusCode).toBe(200);
      expect(k.read(record(await s.call('GET', k.get(id))))).toBe('Second');
      expect((await s.call('DELETE', k.remove(id))).statusCode).toBe(200);
    });
  });

  it("changes a menu's version when a group is given to it", async () => {
    const id = await KINDS[0]!.create(s);
    const before = (await s.call('GET', `/api/menu/get-menu/${id}`)).headers.etag!;
    const groups = (await s.call('GET', '/api/group/group-list/?status=all')).json().data as { group_id: number }[];
    const group = groups[0]?.group_id;
    expect(group).toBeDefined();
    expect((await s.call('PUT', `/api/menu/menu-update/${id}`, { body: { permission_group: [group] } })).statusCode).toBe(200);
    const after = (await s.call('GET', `/api/menu/get-menu/${id}`)).headers.etag!;
    expect(after).not.toBe(before);
    const refused = await s.call('PUT', `/api/menu/menu-update/${id}`, { body: { menu_name: 'Late' }, headers: { 'if-match': before } });
    expect(refused.statusCode).toBe(412);
    expect(refused.json().data.record.permission_group).toEqual([group]);
  });
});
