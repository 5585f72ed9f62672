import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DATABASES, startServer, type TestServer } from '../harness';
import { dynamic, type Row } from '../../../server/db/database';
import { verifyChain } from '../../../server/modules/audit/chain';
import type { OuterTransaction } from '../../../server/crud/service';
import type { SaveItem, SaveResult } from '../../../server/crud/save-many';
import type { RecordChange } from '../../../server/events';

/**
 * The write path's batch form (what an import writes its rows with): every row is judged as its
 * own write after the ones before it in the batch, a refused row writes nothing, each written
 * record gets exactly one audit entry, in the rows' order, and the hash chain stays whole.
 */
describe.each(DATABASES)('the write path’s batch form on %s', (kind) => {
  let s: TestServer;
  let category: number;
  const db = () => dynamic(s.app.ctx.conn.db);
  const medicine = () => s.app.ctx.registry.get('medicine');
  const lastAuditId = async () =>
    Number((await sql<{ n: unknown }>`SELECT coalesce(max(audit_id), 0) AS n FROM audit_log`.execute(db())).rows[0]?.n);
  const entriesAfter = (id: number) =>
    db()
      .selectFrom('audit_log')
      .select(['audit_id', 'audit_action', 'audit_resource', 'audit_record'])
      .where('audit_id', '>', id)
      .orderBy('audit_id')
      .execute();
  const create = async (code: string, name: string) => {
    const r = await s.call('POST', '/api/medicine/medicine-create', {
      body: { medicine_code: code, medicine_name: name, medicine_category: String(category), medicine_sales_price: '10' },
    });
    expect(r.statusCode, r.body).toBe(201);
    return await db().selectFrom('medicine').selectAll().where('medicine_code', '=', code).executeTakeFirstOrThrow();
  };
  const fields = (code: string, more: Row = {}) => ({
    medicine_code: code,
    medicine_name: `Medicine ${code}`,
    medicine_category: category,
    ...more,
  });
  /** Saves the items in one committed transaction; answers the results and what was announced after the commit. */
  const saveCommitted = async (items: SaveItem[]) => {
    const steps: (() => Promise<void>)[] = [];
    const heard: RecordChange[] = [];
    const listen = (change: RecordChange) => heard.push(change);
    s.app.ctx.events.on('record-changed', listen);
    try {
      const results = await s.app.ctx.conn.db.transaction().execute(async (trx) => {
        const within: OuterTransaction = { db: dynamic(trx), afterCommit: (step) => steps.push(step) };
        return s.app.ctx.crud.saveMany(medicine(), items, { within });
      });
      for (const step of steps) await step();
      return { results, heard };
    } finally {
      s.app.ctx.events.off('record-changed', listen);
    }
  };
  const statusOf = (r: SaveResult) => (r.ok ? r.action : r.error.statusCode);

  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
    const r = await s.call('POST', '/api/pharmacy-category/pharmacy-category-create', {
      body: { pharmacy_category_code: 'BAT', pharmacy_category_name: 'Batch', pharmacy_category_status: 1 },
    });
    expect(r.statusCode, r.body).toBe(201);
    category = Number(r.json().data.pharmacy_category_id);
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  it('judges each row after the ones before it and writes one audit entry per written record, in order', async () => {
    const x = await create('X1', 'Existing');
    const version = String(x.updated_at);
    const from = await lastAuditId();
    const { results, heard } = await saveCommitted([
      { body: { fields: fields('N1'), files: [] } },
      { body: { fields: { medicine_code: 'X1B', medicine_sales_price: 5 }, files: [] }, existing: x, expectedVersion: version },
      // The code the first row took.
      { body: { fields: fields('N1'), files: [] } },
      // The code the update gave up.
      { body: { fields: fields('X1'), files: [] } },
      { body: { fields: fields('N4', { medicine_category: 999_999 }), files: [] } },
      { body: { fields: { medicine_code: 'N5', medicine_category: category }, files: [] } },
      // The same record again, with the version read before the update above.
      { body: { fields: { medicine_name: 'Twice' }, files: [] }, existing: x, expectedVersion: version },
      { body: { fields: fields('N7'), files: [] } },
    ]);
    expect(results.map(statusOf)).toEqual(['create', 'update', 409, 'create', 422, 422, 412, 'create']);
    const refused = results.flatMap((r) => (r.ok ? [] : [r.error.errors ?? {}]));
    expect(Object.keys(refused[0] ?? {})).toEqual(['medicine_code']);
    expect(Object.keys(refused[1] ?? {})).toEqual(['medicine_category']);
    expect(Object.keys(refused[2] ?? {})).toEqual(['medicine_name']);

    const written = results.flatMap((r) => (r.ok ? [r] : []));
    const stored = await db().selectFrom('medicine').selectAll().where('medicine_code', 'in', ['N1', 'X1B', 'X1', 'N7']).execute();
    for (const w of written) {
      const row = stored.find((r) => Number(r.medicine_id) === w.id);
      expect(row, `record ${w.id}`).toBeDefined();
      // The record answered is the record stored (its version is what undo expects).
      expect(w.record.updated_at).toBe(row?.updated_at);
      expect(w.record.medicine_code).toBe(row?.medicine_code);
    }
    const updated = stored.find((r) => r.medicine_code === 'X1B');
    expect(Number(updated?.medicine_id)).toBe(Number(x.medicine_id));
    expect(Number(updated?.medicine_sales_profit)).toBe(5);
    expect(updated?.medicine_name).toBe('Existing');
    expect(await db().selectFrom('medicine').select('medicine_id').where('medicine_code', 'in', ['N4', 'N5']).execute()).toEqual([]);

    const entries = await entriesAfter(from);
    expect(entries.map((e) => [e.audit_action, e.audit_resource, Number(e.audit_record)])).toEqual(
      written.map((w) => [w.action, 'medicine', w.id]),
    );
    expect(await verifyChain(s.app.ctx.conn.db)).toMatchObject({ ok: true });
    const announced = heard.filter((h) => h.resource === 'medicine').flatMap((h) => h.ids.map((id) => `${h.action} ${id}`));
    expect(announced.sort()).toEqual(written.map((w) => `${w.action} ${w.id}`).sort());
  });

  it('leaves nothing and no entry behind when the caller rolls back, and the chain goes on whole', async () => {
    const from = await lastAuditId();
    class Undo extends Error {}
    await expect(
      s.app.ctx.conn.db.transaction().execute(async (trx) => {
        const within: OuterTransaction = { db: dynamic(trx), afterCommit: () => undefined };
        const results = await s.app.ctx.crud.saveMany(medicine(), [{ body: { fields: fields('R1'), files: [] } }], { within });
        expect(results.map(statusOf)).toEqual(['create']);
        throw new Undo();
      }),
    ).rejects.toBeInstanceOf(Undo);
    expect(await lastAuditId()).toBe(from);
    await create('R2', 'After the rollback');
    expect((await entriesAfter(from)).map((e) => e.audit_action)).toEqual(['create']);
    expect(await verifyChain(s.app.ctx.conn.db)).toMatchObject({ ok: true });
  });

  it('judges a batch the caller rolls back (a dry run) alike, without writing its audit entries', async () => {
    const from = await lastAuditId();
    class Undo extends Error {}
    let verdicts: (string | number)[] = [];
    await expect(
      s.app.ctx.conn.db.transaction().execute(async (trx) => {
        const within: OuterTransaction = { db: dynamic(trx), afterCommit: () => undefined };
        const items: SaveItem[] = [
          { body: { fields: fields('D1'), files: [] } },
          { body: { fields: fields('D1'), files: [] } },
          { body: { fields: fields('D3', { medicine_category: 999_999 }), files: [] } },
        ];
        const results = await s.app.ctx.crud.saveMany(medicine(), items, { within, rolledBack: true });
        verdicts = results.map(statusOf);
        expect(await dynamic(trx).selectFrom('medicine').select('medicine_code').where('medicine_code', '=', 'D1').execute()).toHaveLength(
          1,
        );
        expect(Number((await sql<{ n: unknown }>`SELECT coalesce(max(audit_id), 0) AS n FROM audit_log`.execute(trx)).rows[0]?.n)).toBe(
          from,
        );
        throw new Undo();
      }),
    ).rejects.toBeInstanceOf(Undo);
    expect(verdicts).toEqual(['create', 409, 422]);
    expect(await lastAuditId()).toBe(from);
  });

  it('writes the rows one by one when the database refuses the batch, each answering for itself', async () => {
    // A refusal none of the write path's checks foresees: the database's own.
    if (kind === 'postgres') {
      await sql`CREATE FUNCTION refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'foreign key refused by the test'; END $$`.execute(db());
      await sql`CREATE TRIGGER refuse_boom BEFORE INSERT ON medicine FOR EACH ROW
        WHEN (NEW.medicine_code = 'BOOM') EXECUTE FUNCTION refuse_boom()`.execute(db());
    } else {
      await sql`CREATE TRIGGER refuse_boom BEFORE INSERT ON medicine WHEN NEW.medicine_code = 'BOOM'
        BEGIN SELECT RAISE(ABORT, 'FOREIGN KEY refused by the test'); END`.execute(db());
    }
    try {
      const from = await lastAuditId();
      const { results } = await saveCommitted([
        { body: { fields: fields('B1'), files: [] } },
        { body: { fields: fields('BOOM'), files: [] } },
        { body: { fields: fields('B3'), files: [] } },
      ]);
      expect(results.map(statusOf)).toEqual(['create', 409, 'create']);
      const codes = await db().selectFrom('medicine').select('medicine_code').where('medicine_code', 'in', ['B1', 'BOOM', 'B3']).execute();
      expect(codes.map((r) => r.medicine_code).sort()).toEqual(['B1', 'B3']);
      expect((await entriesAfter(from)).map((e) => e.audit_action)).toEqual(['create', 'create']);
      expect(await verifyChain(s.app.ctx.conn.db)).toMatchObject({ ok: true });
    } finally {
      await sql`DROP TRIGGER refuse_boom${sql.raw(kind === 'postgres' ? ' ON medicine' : '')}`.execute(db());
    }
  });

  it('an import with new, changed and refused rows in `valid` mode: one entry per written record in file order, then the import’s', async () => {
    await create('V2', 'To change');
    const from = await lastAuditId();
    const file = [
      'medicine_code,medicine_name,medicine_category,medicine_sales_price',
      'V1,First new,BAT,3',
      'V2,Changed,BAT,4',
      'V3,Unknown category,NOPE,5',
      'V4,Second new,BAT,6',
    ].join('\r\n');
    const res = await s.call('POST', '/api/medicine/medicine-import?mode=valid&file=mixed.csv', {
      payload: `\uFEFF${file}`,
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.counts).toEqual({ new: 2, update: 1, unchanged: 0, error: 1 });
    const ids = async (code: string) =>
      Number(
        (await db().selectFrom('medicine').select('medicine_id').where('medicine_code', '=', code).executeTakeFirstOrThrow()).medicine_id,
      );
    const entries = await entriesAfter(from);
    expect(entries.map((e) => [e.audit_action, e.audit_record === null ? null : Number(e.audit_record)])).toEqual([
      ['create', await ids('V1')],
      ['update', await ids('V2')],
      ['create', await ids('V4')],
      ['import', null],
    ]);
    expect(await verifyChain(s.app.ctx.conn.db)).toMatchObject({ ok: true });

    const undo = await s.call('POST', `/api/imports/import-undo/${String(res.json().data.batch)}`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().data).toMatchObject({ undone: 3, refused: [] });
    expect(await db().selectFrom('medicine').select('medicine_code').where('medicine_code', 'in', ['V1', 'V4']).execute()).toEqual([]);
    expect(await verifyChain(s.app.ctx.conn.db)).toMatchObject({ ok: true });
  });
});
