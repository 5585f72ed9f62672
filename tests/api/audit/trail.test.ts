import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../harness';
import { verifyChain } from '../../../server/modules/audit/chain';
import { createTrail } from '../../../server/modules/audit/trail';
import { world } from '../users/helpers';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');

interface Entry {
  audit_id: number;
  audit_action: string;
  audit_resource: string;
  audit_record: number | null;
  audit_actor: number | null;
  audit_actor_name: string | null;
  audit_changes: Record<string, unknown>;
  audit_snapshot?: Record<string, unknown> | null;
  audit_ip: string;
  audit_request: string;
}

/**
 * The trail on both databases: what a write records, that a write without its entry is rolled
 * back, that the chain finds an entry changed by hand, PostgreSQL's refusal to change entries,
 * retention's anchor, restore (with its 409) and undelete (with its unique clash).
 */
describe.each(DATABASES)('audit trail on %s', (kind) => {
  let s: TestServer;
  let category: number;
  const db = () => s.app.ctx.conn.db;

  const history = async (resource: string, id: number): Promise<Entry[]> => {
    const res = await s.call('GET', `/api/audit/history/${resource}/${id}?limit=100`);
    expect(res.statusCode).toBe(200);
    return res.json().data as Entry[];
  };
  const createMedicine = async (code: string, price = 10) => {
    const res = await s.call('POST', '/api/medicine/medicine-create', {
      body: { medicine_code: code, medicine_name: `Medicine ${code}`, medicine_category: category, medicine_sales_price: price },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.medicine_id as number;
  };

  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
    const res = await s.call('POST', '/api/pharmacy-category/pharmacy-category-create', {
      body: { pharmacy_category_code: 'PC-AUD', pharmacy_category_name: 'Tablets' },
    });
    expect(res.statusCode, res.body).toBe(201);
    category = res.json().data.pharmacy_category_id as number;
  });
  afterAll(async () => {
    await s.close();
  });

  it('records create, update and delete with the actor, the request and each field before and after', async () => {
    const id = await createMedicine('AUD-1', 10);
    const upd = await s.call('PUT', `/api/medicine/medicine-update/${id}`, {
      body: { medicine_sales_price: 12 },
      headers: { 'user-agent': 'trail-test' },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    const del = await s.call('DELETE', `/api/medicine/medicine-delete/${id}`);
    expect(del.statusCode).toBe(200);
    const [deleted, updated, created] = (await history('medicine', id)) as [Entry, Entry, Entry];
    expect(created).toMatchObject({ audit_action: 'create', audit_actor_name: expect.any(String), audit_record: id });
    expect(created.audit_changes).toMatchObject({ medicine_code: { after: 'AUD-1' }, medicine_sales_price: { after: 10 } });
    expect(updated.audit_action).toBe('update');
    expect(updated.audit_changes).toEqual({
      medicine_sales_price: { before: 10, after: 12 },
      medicine_sales_profit: { before: 10, after: 12 },
    });
    expect(updated.audit_request).not.toBe('');
    expect(deleted).toMatchObject({ audit_action: 'delete', audit_snapshot: expect.objectContaining({ medicine_code: 'AUD-1' }) });
    expect(await verifyChain(db())).toMatchObject({ ok: true });
  });

  it('keeps secrets out: a password set is recorded as changed, without any value; sign-ins are recorded', async () => {
    const w = await world(s, 'AUD');
    const group = await w.group('AUDG', []);
    const userId = await w.user('audited', w.branchA, group);
    const upd = await s.call('PUT', `/api/users/user-update/${userId}`, {
      body: { password: 'another-horse-battery', c_password: 'another-horse-battery' },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    const [changed, created] = await history('users', userId);
    expect(created?.audit_changes).not.toHaveProperty('password_hash.after');
    expect(created?.audit_changes).toMatchObject({ password_hash: { changed: true }, username: { after: 'audited' } });
    expect(changed?.audit_changes).toEqual({ password_hash: { changed: true } });
    expect(changed?.audit_snapshot).not.toHaveProperty('password_hash');
    await w.login('audited', 'another-horse-battery');
    const [signIn] = await history('users', userId);
    expect(signIn).toMatchObject({ audit_action: 'sign-in', audit_actor: userId });
    const rows = await sql`SELECT * FROM audit_log`.execute(db());
    expect(JSON.stringify(rows.rows)).not.toMatch(/argon2|another-horse|correct-horse/);
  });

  it('rolls a write back when its entry cannot be written', async () => {
    const id = await createMedicine('AUD-RB', 5);
    if (kind === 'postgres') {
      await sql`CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no trail today'; END $$`.execute(
        db(),
      );
      await sql`CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit()`.execute(db());
    } else {
      await sql`CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log BEGIN SELECT RAISE(ABORT, 'no trail today'); END`.execute(db());
    }
    try {
      const upd = await s.call('PUT', `/api/medicine/medicine-update/${id}`, { body: { medicine_sales_price: 99 } });
      expect(upd.statusCode).toBe(500);
      const del = await s.call('DELETE', `/api/medicine/medicine-delete/${id}`);
      expect(del.statusCode).toBe(500);
      const created = await s.call('POST', '/api/medicine/medicine-create', {
        body: { medicine_code: 'AUD-RB2', medicine_name: 'x', medicine_category: category },
      });
      expect(created.statusCode).toBe(500);
    } finally {
      await sql`DROP TRIGGER refuse_audit${sql.raw(kind === 'postgres' ? ' ON audit_log' : '')}`.execute(db());
    }
    const now = await s.call('GET', `/api/medicine/get-medicine/${id}`);
    expect(now.json().data.medicine_sales_price).toBe(5);
    const list = await s.call('GET', '/api/medicine/medicine-list?search=AUD-RB2');
    expect(list.json().data).toHaveLength(0);
  });

  it('chains the entries of writers taking turns, and after an entry rolled back', async () => {
    const one = createTrail(kind);
    const other = createTrail(kind);
    const entry = { action: 'update', resource: 'pharmacy-category', record: category, changes: {} } as const;
    const first = await one.record(db(), entry);
    // `one`'s last entry is no longer the chain's head when it appends again.
    expect(await other.record(db(), entry)).toBe(first + 1);
    expect(await one.record(db(), entry)).toBe(first + 2);
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await one.record(trx, entry);
          throw new Error('rolled back');
        }),
    ).rejects.toThrow('rolled back');
    // The entry `one` appended last is gone with its transaction.
    expect(await one.record(db(), entry)).toBe(first + 3);
    expect(await other.record(db(), entry)).toBe(first + 4);
    expect(await verifyChain(db())).toMatchObject({ ok: true });
  });

  it('names the first entry changed by hand, from the command line as well', async () => {
    const before = await verifyChain(db());
    expect(before.ok).toBe(true);
    const victim = 3;
    const env = { ...process.env, DATA_DIR: s.dataDir, DATABASE_URL: '', LOG: '0' };
    if (kind === 'postgres') {
      const url = s.app.ctx.config.databaseUrl ?? '';
      env.DATABASE_URL = url;
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      // Someone with the database's keys: the trigger goes first, then the entry is changed.
      await c.query('ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change');
      await c.query(`UPDATE audit_log SET audit_changes = '{}' WHERE audit_id = ${victim}`);
      await c.query('ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_change');
      await c.end();
    } else {
      const file = new SQLite(path.join(s.dataDir, 'console.sqlite'));
      file.exec('DROP TRIGGER audit_log_no_update');
      file.prepare(`UPDATE audit_log SET audit_changes = '{}' WHERE audit_id = ?`).run(victim);
      file.exec(`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN SELECT RAISE(ABORT, 'append-only'); END`);
      file.close();
    }
    expect(await verifyChain(db())).toMatchObject({ ok: false, badId: victim });
    const failed = await run('npx', ['tsx', 'scripts/audit-verify.ts'], { cwd: ROOT, env }).then(
      () => undefined,
      (err: unknown) => err as { code: number; stderr: string },
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain(`entry ${victim}`);
  });

  it('filters the log by actor, resource, action and date range, newest first', async () => {
    const id = await createMedicine('AUD-LOG', 3);
    await s.call('PUT', `/api/medicine/medicine-update/${id}`, { body: { medicine_sales_price: 4 } });
    const list = async (query: string) => (await s.call('GET', `/api/audit/audit-list?${query}`)).json<{ data: Entry[]; total: number }>();
    const today = new Date().toISOString().slice(0, 10);
    const mine = await list(`resource=medicine&record=${id}&from=${today}&to=${today}`);
    expect(mine.data.map((e) => e.audit_action)).toEqual(['update', 'create']);
    expect(mine.total).toBe(2);
    const all = await list('limit=1000');
    const lastYear = await list(`from=2000-01-01&to=2000-12-31`);
    expect(lastYear.total).toBe(0);
    const sinceNow = await list(`from=${new Date(Date.now() + 60_000).toISOString()}`);
    expect(sinceNow.total).toBe(0);
    expect((await list(`to=${today}`)).total).toBe(all.total);
    expect((await list(`action=update&resource=medicine&record=${id}`)).data).toHaveLength(1);
    const bad = await s.call('GET', '/api/audit/audit-list?from=yesterday');
    expect(bad.statusCode).toBe(422);
  });

  it.runIf(kind === 'postgres')('refuses UPDATE, DELETE and TRUNCATE of entries on PostgreSQL', async () => {
    await expect(sql`UPDATE audit_log SET audit_action = 'x' WHERE audit_id = 1`.execute(db())).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_log WHERE audit_id = 1`.execute(db())).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE audit_log`.execute(db())).rejects.toThrow(/append-only/);
  });
});

describe.each(DATABASES)('retention, restore and undelete on %s', (kind) => {
  let s: TestServer;
  let category: number;
  const db = () => s.app.ctx.conn.db;
  const history = async (resource: string, id: number): Promise<Entry[]> =>
    (await s.call('GET', `/api/audit/history/${resource}/${id}?limit=100`)).json().data as Entry[];

  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
    const res = await s.call('POST', '/api/pharmacy-category/pharmacy-category-create', {
      body: { pharmacy_category_code: 'PC-R', pharmacy_category_name: 'Syrups' },
    });
    category = res.json().data.pharmacy_category_id as number;
  });
  afterAll(async () => {
    await s.close();
  });

  it('restores a version through the update path, refuses one loaded before a later change (409), and records the restore', async () => {
    const made = await s.call('POST', '/api/medicine/medicine-create', {
      body: { medicine_code: 'RST-1', medicine_name: 'Paracetamol', medicine_category: category, medicine_sales_price: 10 },
    });
    const id = made.json().data.medicine_id as number;
    await s.call('PUT', `/api/medicine/medicine-update/${id}`, { body: { medicine_sales_price: 11 } });
    await s.call('PUT', `/api/medicine/medicine-update/${id}`, { body: { medicine_sales_price: 12 } });
    const seen = await history('medicine', id);
    const first = seen.find((e) => e.audit_action === 'create')!;
    const newestSeen = seen[0]!;
    // Someone saves after the history was loaded: the restore is refused and changes nothing.
    await s.call('PUT', `/api/medicine/medicine-update/${id}`, { body: { medicine_name: 'Paracetamol 500' } });
    const stale = await s.call('POST', `/api/audit/restore/${first.audit_id}`, { body: { latest: newestSeen.audit_id } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ status: 0, message: expect.stringContaining('changed since its history was loaded') });
    expect((await history('medicine', id))[0]?.audit_action).toBe('update');
    const fresh = await history('medicine', id);
    const ok = await s.call('POST', `/api/audit/restore/${first.audit_id}`, { body: { latest: fresh[0]!.audit_id } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ medicine_sales_price: 10, medicine_name: 'Paracetamol' });
    const [restored] = (await history('medicine', id)) as [Entry];
    expect(restored.audit_action).toBe('restore');
    expect(restored.audit_changes).toMatchObject({
      medicine_sales_price: { before: 12, after: 10 },
      medicine_name: { before: 'Paracetamol 500', after: 'Paracetamol' },
    });
    const log = await s.call('GET', `/api/audit/audit-list?action=restore&resource=medicine&record=${id}`);
    expect(log.json().total).toBe(1);
    expect(await verifyChain(db())).toMatchObject({ ok: true });
  });

  it('lists deleted records and undeletes one with its id; a code taken since is refused with its field (422)', async () => {
    const mk = async (code: string) =>
      (
        await s.call('POST', '/api/medicine/medicine-create', {
          body: { medicine_code: code, medicine_name: code, medicine_category: category, medicine_sales_price: 7 },
        })
      ).json().data.medicine_id as number;
    const a = await mk('UND-A');
    const b = await mk('UND-B');
    expect((await s.call('DELETE', `/api/medicine/medicine-delete/${a}`)).statusCode).toBe(200);
    expect((await s.call('DELETE', `/api/medicine/medicine-delete/${b}`)).statusCode).toBe(200);
    const deleted = (await s.call('GET', '/api/audit/deleted/medicine')).json().data;
    const entryOf = (id: number) => (deleted as Entry[]).find((e) => e.audit_record === id)!;
    expect(entryOf(a).audit_snapshot).toMatchObject({ medicine_code: 'UND-A', medicine_sales_price: 7 });
    // B's code is taken by a new record: B cannot come back.
    await mk('UND-B');
    const clash = await s.call('POST', `/api/audit/undelete/${entryOf(b).audit_id}`, { body: {} });
    expect(clash.statusCode).toBe(422);
    expect(clash.json()).toMatchObject({ status: 0, errors: { medicine_code: expect.stringContaining('taken') } });
    const back = await s.call('POST', `/api/audit/undelete/${entryOf(a).audit_id}`, { body: {} });
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json().data).toMatchObject({ medicine_id: a, medicine_code: 'UND-A', medicine_sales_price: 7 });
    expect((await history('medicine', a))[0]?.audit_action).toBe('undelete');
    const again = await s.call('POST', `/api/audit/undelete/${entryOf(a).audit_id}`, { body: {} });
    expect(again.statusCode).toBe(409);
    const still = (await s.call('GET', '/api/audit/deleted/medicine')).json().data as Entry[];
    expect(still.map((e) => e.audit_record)).toEqual([b]);
  });

  it('prunes old entries, records the prune, and the chain verifies from the anchor', async () => {
    const total = async () => Number((await sql<{ n: number }>`SELECT count(*) AS n FROM audit_log`.execute(db())).rows[0]?.n);
    const before = await total();
    const trail = createTrail(kind);
    // Everything is older than a day, seen from two days ahead.
    const anchor = await trail.prune(db(), 1, new Date(Date.now() + 2 * 86_400_000));
    expect(anchor?.pruned).toBe(before);
    expect(await total()).toBe(1);
    await s.call('POST', '/api/pharmacy-category/pharmacy-category-create', {
      body: { pharmacy_category_code: 'PC-AFTER', pharmacy_category_name: 'After' },
    });
    expect(await verifyChain(db())).toMatchObject({ ok: true, entries: 2 });
    const log = (await s.call('GET', '/api/audit/audit-list?action=prune')).json().data as Entry[];
    expect(log[0]?.audit_changes).toMatchObject({ pruned: before, anchor_id: anchor?.anchor_id });
  });
});
