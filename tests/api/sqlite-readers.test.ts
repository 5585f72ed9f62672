import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startServer, type TestServer } from './harness';

/**
 * SQLite's reader threads (server/db/sqlite-readers.ts): a search's total and matches are worked
 * out on threads with their own connections. They must see every committed write at once, never
 * write, fail clearly, and survive a thread that dies.
 */
describe('sqlite reader threads', () => {
  let s: TestServer;
  const conn = () => s.app.ctx.conn;
  const readers = () => {
    const r = conn().readers;
    if (!r) throw new Error('reader threads are off');
    return r;
  };
  const count = async () => (await sql<{ n: number }>`SELECT count(*) AS n FROM branch`.execute(conn().answers)).rows[0]!.n;

  beforeAll(async () => {
    s = await startServer('sqlite', { config: { readerThreads: 2 } });
  });
  afterAll(async () => {
    await s.close();
  });

  it('start on the first search; by-id reads and plain lists stay on the main connection', async () => {
    const created = await s.call('POST', '/api/branch/branch-create/', { body: { branch_code: 'NW', branch_name: 'North wing' } });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ data: { branch_id: number } }>().data.branch_id;
    expect((await s.call('GET', `/api/branch/get-branch/${id}`)).statusCode).toBe(200);
    expect((await s.call('GET', '/api/branch/branch-list/?status=all')).statusCode).toBe(200);
    expect(readers().threads()).toHaveLength(0);

    // A full page of a search needs its total counted (a short first page holds its last match).
    expect((await s.call('POST', '/api/branch/branch-create/', { body: { branch_code: 'WW', branch_name: 'West wing' } })).statusCode).toBe(
      201,
    );
    const found = await s.call('GET', '/api/branch/branch-list/?status=all&search=wing&limit=1');
    expect(found.json<{ total: number }>().total).toBe(2);
    expect(readers().threads().length).toBeGreaterThan(0);
  });

  it('see a write the moment it commits on the main connection', async () => {
    const before = await count();
    const created = await s.call('POST', '/api/branch/branch-create/', { body: { branch_code: 'SW', branch_name: 'South wing' } });
    expect(created.statusCode).toBe(201);
    expect(await count()).toBe(before + 1);
    const list = (await s.call('GET', '/api/branch/branch-list/?status=all&search=South wing')).json<{ total: number }>();
    expect(list.total).toBe(1);
  });

  it('answer reads spread over both threads, each with the right total', async () => {
    const expected = await count();
    const totals = await Promise.all(Array.from({ length: 40 }, () => count()));
    expect(totals).toEqual(totals.map(() => expected));
    expect(readers().threads()).toHaveLength(2);
  });

  it('refuse to write, and the table is unchanged', async () => {
    const before = await count();
    await expect(sql`DELETE FROM branch RETURNING branch_id`.execute(conn().answers)).rejects.toThrow(
      /readonly|read-only|attempt to write/i,
    );
    await expect(
      conn()
        .answers.transaction()
        .execute(async () => undefined),
    ).rejects.toThrow(/only read/);
    expect(await count()).toBe(before);
  });

  it("pass SQLite's own error for a bad query", async () => {
    await expect(sql`SELECT nope FROM branch`.execute(conn().answers)).rejects.toMatchObject({
      message: expect.stringContaining('no such column: nope'),
      code: 'SQLITE_ERROR',
    });
  });

  it('fail the reads a dying thread held, and replace it on the next read', async () => {
    const [first] = readers().threads();
    // A read that takes a while, so the thread is still on it when it is stopped.
    const slow = sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000000) SELECT count(*) AS c FROM n`;
    const pending = Promise.all([slow.execute(conn().answers), slow.execute(conn().answers)]);
    void first!.terminate();
    await expect(pending).rejects.toThrow(/reader thread stopped/);
    expect(readers().threads()).not.toContain(first);
    expect(await count()).toBeGreaterThan(0);
    expect(readers().threads()).toHaveLength(2);
  });

  it('end with the server, and a read after that fails clearly', async () => {
    const other = await startServer('sqlite', { config: { readerThreads: 1 } });
    await sql`SELECT 1`.execute(other.app.ctx.conn.answers);
    const r = other.app.ctx.conn.readers!;
    const [thread] = r.threads();
    const exited = new Promise<number>((resolve) => thread!.once('exit', resolve));
    await other.close();
    await exited;
    expect(r.threads()).toHaveLength(0);
    await expect(sql`SELECT 1`.execute(other.app.ctx.conn.answers)).rejects.toThrow('the database is closed');
  });
});
