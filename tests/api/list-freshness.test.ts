import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from './harness';

/**
 * Lists keep their totals, and searches their matches, until the table is next written
 * (server/db/write-generation.ts). Every write must show at once: through the API, and from
 * outside this server (another process on the SQLite file, another instance on PostgreSQL).
 */
describe.each(DATABASES)('lists and searches show every write at once (%s)', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s?.close());

  const search = async (term: string, extra = '') => {
    const res = await s.call('GET', `/api/medicine/medicine-list/?status=all&limit=2&search=${encodeURIComponent(term)}${extra}`);
    expect(res.statusCode).toBe(200);
    return res.json<{ data: { medicine_id: number; medicine_name: string }[]; total: number }>();
  };
  const total = async () => (await s.call('GET', '/api/medicine/medicine-list/?status=all&limit=1')).json<{ total: number }>().total;
  let made = 0;
  const create = async (name: string) => {
    made += 1;
    const res = await s.call('POST', '/api/medicine/medicine-create', { body: { medicine_code: `FR-${made}`, medicine_name: name } });
    expect(res.statusCode).toBe(201);
    return res.json<{ data: { medicine_id: number } }>().data.medicine_id;
  };
  /** A write that does not go through this server. */
  async function insertOutside(name: string) {
    const now = new Date().toISOString();
    if (kind === 'sqlite') {
      const other = new SQLite(path.join(s.dataDir, 'console.sqlite'));
      try {
        other
          .prepare('INSERT INTO medicine (medicine_code, medicine_name, medicine_status, created_at, updated_at) VALUES (?, ?, 1, ?, ?)')
          .run('OUT-1', name, now, now);
      } finally {
        other.close();
      }
      return;
    }
    const client = new pg.Client({ connectionString: s.app.ctx.config.databaseUrl });
    await client.connect();
    try {
      await client.query(
        'INSERT INTO medicine (medicine_code, medicine_name, medicine_status, created_at, updated_at) VALUES ($1, $2, 1, $3, $4)',
        ['OUT-1', name, now, now],
      );
    } finally {
      await client.end();
    }
  }

  it('a created, renamed or deleted record changes the search and the total at once', async () => {
    const before = await total();
    expect((await search('Freshterm')).total).toBe(0);
    expect(await total()).toBe(before); // asked twice: the second answer may come from what was kept

    const id = await create('Freshterm 10 mg');
    expect(await total()).toBe(before + 1);
    const found = await search('Freshterm');
    expect(found.total).toBe(1);
    expect(found.data.map((r) => r.medicine_id)).toEqual([id]);

    await create('Freshterm 20 mg');
    await create('Freshterm 30 mg');
    const three = await search('Freshterm');
    expect(three.total).toBe(3);
    expect(three.data).toHaveLength(2); // limit 2: the newest two
    expect((await search('Freshterm', '&page=2')).data.map((r) => r.medicine_id)).toEqual([id]);

    expect((await s.call('PUT', `/api/medicine/medicine-update/${id}`, { body: { medicine_name: 'Renamed 10 mg' } })).statusCode).toBe(200);
    expect((await search('Freshterm')).total).toBe(2);
    expect((await search('Renamed')).data.map((r) => r.medicine_id)).toEqual([id]);

    expect((await s.call('DELETE', `/api/medicine/medicine-delete/${id}`)).statusCode).toBe(200);
    expect((await search('Renamed')).total).toBe(0);
    expect(await total()).toBe(before + 2);
  });

  it.runIf(kind === 'postgres')('a kept answer is checked and read by one statement', async () => {
    // Statements about medicines or their generation that this server sends while `fn` runs.
    const statements = async (fn: () => Promise<unknown>) => {
      const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
      const original = proto.query;
      const seen: string[] = [];
      proto.query = function (this: pg.Client, ...args: unknown[]) {
        const text = typeof args[0] === 'string' ? args[0] : '';
        if (/"medicine"|table_generation/.test(text)) seen.push(text);
        return original.apply(this, args);
      };
      try {
        await fn();
      } finally {
        proto.query = original;
      }
      return seen;
    };
    await create('Keptterm 5 mg');
    await search('Keptterm');
    await search('Keptterm'); // the second ask keeps the ordered matches
    const hit = await statements(() => search('Keptterm'));
    expect(hit).toHaveLength(1);
    expect(hit[0]).toContain('table_generation');
    await total();
    const listed = await statements(() => total());
    expect(listed).toHaveLength(1);
    // After a write the kept answers are not used: the generation is read again, then the answer.
    await create('Keptterm 10 mg');
    const after = await statements(async () => expect((await search('Keptterm')).total).toBe(2));
    expect(after.length).toBeGreaterThan(1);
  });

  it('a write from outside this server shows on the next request', async () => {
    const before = await total();
    expect((await search('Outsider')).total).toBe(0);
    await insertOutside('Outsider 5 mg');
    expect((await search('Outsider')).total).toBe(1);
    expect(await total()).toBe(before + 1);
  });
});
