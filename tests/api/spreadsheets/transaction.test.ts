import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DATABASES, startServer, type TestServer } from '../harness';
import { dynamic } from '../../../server/db/database';
import { ApiError } from '../../../server/http/envelope';
import type { OuterTransaction } from '../../../server/crud/service';

/**
 * The write path inside a transaction its caller holds (what an import's dry run and commit use):
 * a second row sees the first (a duplicate code is refused as the commit would refuse it), rolling
 * back leaves no record and no audit entry, and the after-steps wait for the caller.
 */
class Undo extends Error {}

describe.each(DATABASES)('writes in the caller’s transaction on %s', (kind) => {
  let s: TestServer;
  const db = () => dynamic(s.app.ctx.conn.db);
  const count = async (table: string) =>
    Number((await sql<{ n: unknown }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db())).rows[0]?.n);

  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  it('judges each write after the ones before it, and a rollback keeps nothing', async () => {
    const { crud, registry } = s.app.ctx;
    const category = registry.get('pharmacy-category');
    const medicines = await count('pharmacy_category');
    const audit = await count('audit_log');
    const steps: (() => Promise<void>)[] = [];
    let second: unknown;
    let seenInside = 0;
    await expect(
      s.app.ctx.conn.db.transaction().execute(async (trx) => {
        const within: OuterTransaction = { db: dynamic(trx), afterCommit: (step) => steps.push(step) };
        const body = { fields: { pharmacy_category_code: 'TX1', pharmacy_category_name: 'In a transaction' }, files: [] };
        const first = await crud.create(category, body, { within });
        expect(first.pharmacy_category_code).toBe('TX1');
        const updated = await crud.update(
          category,
          Number(first.pharmacy_category_id),
          { fields: { pharmacy_category_name: 'Renamed' }, files: [] },
          { within },
        );
        expect(updated.pharmacy_category_name).toBe('Renamed');
        second = await crud.create(category, body, { within }).catch((err: unknown) => err);
        seenInside = Number((await sql<{ n: unknown }>`SELECT count(*) AS n FROM pharmacy_category`.execute(trx)).rows[0]?.n);
        throw new Undo();
      }),
    ).rejects.toBeInstanceOf(Undo);
    expect(second).toBeInstanceOf(ApiError);
    expect((second as ApiError).statusCode).toBe(409);
    expect(seenInside).toBe(medicines + 1);
    expect(steps).toHaveLength(2);
    expect(await count('pharmacy_category')).toBe(medicines);
    expect(await count('audit_log')).toBe(audit);
  });

  it('reads an actor’s rules and the workflows through the caller’s transaction when they are not known yet (no wait on its connection)', async () => {
    const { crud, registry } = s.app.ctx;
    const category = registry.get('pharmacy-category');
    // Actors nothing has asked about before: their field and row rules are read inside the transaction.
    const actor = (user_id: number) => ({ user_id, user_group: 1, user_branch: 0, token: `cold-${user_id}` });
    // And the approvals' workflows unknown too (as after any workflow or group change): the gate
    // reads them inside the transaction as well (it once read them beside it, and an import hung).
    s.app.ctx.events.emit('record-changed', { resource: 'workflow', ids: [], action: 'update' });
    const written = await s.app.ctx.conn.db.transaction().execute(async (trx) => {
      const within: OuterTransaction = { db: dynamic(trx), afterCommit: () => undefined };
      const fields = (code: string) => ({ pharmacy_category_code: code, pharmacy_category_name: `Cold ${code}` });
      const batch = await crud.saveMany(category, [{ body: { fields: fields('COLD1'), files: [] } }], { actor: actor(9101), within });
      const single = await crud.create(category, { fields: fields('COLD2'), files: [] }, { actor: actor(9102), within });
      const updated = await crud.update(
        category,
        Number(single.pharmacy_category_id),
        { fields: { pharmacy_category_name: 'Cold again' }, files: [] },
        { actor: actor(9103), within },
      );
      return [batch[0]?.ok, single.pharmacy_category_code, updated.pharmacy_category_name];
    });
    expect(written).toEqual([true, 'COLD2', 'Cold again']);
  });

  it('refuses to join a transaction for a resource with module policies', async () => {
    const { crud, registry } = s.app.ctx;
    const users = registry.get('users');
    await expect(
      s.app.ctx.conn.db
        .transaction()
        .execute((trx) => crud.create(users, { fields: {}, files: [] }, { within: { db: dynamic(trx), afterCommit: () => undefined } })),
    ).rejects.toThrow(/cannot join/);
    expect(crud.joinable(users)).toBe(false);
    expect(crud.joinable(registry.get('medicine'))).toBe(true);
  });
});
