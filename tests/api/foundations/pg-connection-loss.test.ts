import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../harness';

const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * PostgreSQL may end our idle connections (a restart, a failover, an administrator): the server
 * keeps running and answers the next request on a new connection, instead of stopping on the
 * pool's unhandled 'error' event.
 */
describe('PostgreSQL connections lost while idle', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer('postgres', { seed: false });
  });
  afterAll(() => s.close());

  it('do not stop the server; the next request is answered', async () => {
    expect((await s.call('GET', '/api/branch/branch-list')).statusCode).toBe(200);
    const database = (await s.app.ctx.conn.db.selectNoFrom((eb) => eb.fn<string>('current_database').as('name')).executeTakeFirstOrThrow())
      .name;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    try {
      const ended = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [database],
      );
      expect(ended.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // The pool learns of the loss asynchronously; the next request must still be answered.
    await expect.poll(async () => (await s.call('GET', '/api/branch/branch-list')).statusCode, { timeout: 10_000 }).toBe(200);
  });
});
