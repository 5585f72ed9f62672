import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../../server/db/connect';
import { auditDb, verifyChain } from '../../../server/modules/audit/chain';
import { buildServer, call, exited, signIn, startConsole, type ConsoleProcess } from '../../reliability/processes';
import { createThrowawayDb } from '../../reliability/support';
import { DATABASES } from '../harness';

/**
 * The server as `npm start` runs it, in a child process killed with SIGKILL during a stream of
 * creates, updates and deletes: every acknowledged write has its entry, no entry lacks its write
 * (each record's last entry holds the record as stored, a deleted record's last entry is its
 * delete), and the chain verifies.
 */
const WORKERS = 6;
const ACKS_BEFORE_KILL = 120;
const ROUTE = '/pharmacy-category/pharmacy-category';

interface Acked {
  action: 'create' | 'update' | 'delete';
  id: number;
  name?: string;
}

let bundle: Awaited<ReturnType<typeof buildServer>>;
beforeAll(async () => {
  bundle = await buildServer();
}, 120_000);
afterAll(() => {
  bundle.remove();
});

async function writeUntilKilled(child: ConsoleProcess, token: string): Promise<Acked[]> {
  const acked: Acked[] = [];
  const state = { killed: false, next: 0 };
  const worker = async () => {
    while (!state.killed) {
      try {
        const code = `KILL-${state.next++}`;
        const made = await call(child.base, 'POST', `${ROUTE}-create`, token, {
          pharmacy_category_code: code,
          pharmacy_category_name: code,
        });
        if (made.status !== 201) continue;
        const id = (made.json.data as { pharmacy_category_id: number }).pharmacy_category_id;
        acked.push({ action: 'create', id, name: code });
        const name = `${code} renamed`;
        const upd = await call(child.base, 'PUT', `${ROUTE}-update/${id}`, token, { pharmacy_category_name: name });
        if (upd.status === 200) acked.push({ action: 'update', id, name });
        if (id % 3 === 0) {
          const del = await call(child.base, 'DELETE', `${ROUTE}-delete/${id}`, token);
          if (del.status === 200) acked.push({ action: 'delete', id });
        }
      } catch {
        // The connection died with the server: that write was never acknowledged.
        if (state.killed) return;
      }
      if (!state.killed && acked.length >= ACKS_BEFORE_KILL) {
        state.killed = true;
        child.proc.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  await exited(child.proc);
  return acked;
}

describe.each(DATABASES)('audit trail through kill -9 on %s', (kind) => {
  it('has an entry for every acknowledged write, a write for every entry, and a chain that verifies', { timeout: 240_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-audit-kill-'));
    const pgDb = kind === 'postgres' ? await createThrowawayDb() : undefined;
    try {
      const child = await startConsole(bundle.file, { DATA_DIR: dataDir, DATABASE_URL: pgDb?.url ?? '', LOG: '0' });
      const acked = await writeUntilKilled(child, await signIn(child.base));
      expect(acked.length).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);

      const conn = await connect({ dataDir, databaseUrl: pgDb?.url, readerThreads: 0 });
      try {
        const entries = await auditDb(conn.db)
          .selectFrom('audit_log')
          .selectAll()
          .where('audit_resource', '=', 'pharmacy-category')
          .orderBy('audit_id')
          .execute();
        const byRecord = new Map<number, typeof entries>();
        for (const e of entries) byRecord.set(e.audit_record ?? 0, [...(byRecord.get(e.audit_record ?? 0) ?? []), e]);
        // Every acknowledged write has its entry.
        for (const a of acked) {
          const mine = byRecord.get(a.id) ?? [];
          const found = mine.some(
            (e) =>
              e.audit_action === a.action &&
              (a.name === undefined || (JSON.parse(e.audit_snapshot ?? '{}') as Row).pharmacy_category_name === a.name),
          );
          expect(found, `${a.action} of ${a.id}`).toBe(true);
        }
        // No entry lacks its write: each record's last entry is the record as stored now.
        const rows = await conn.db
          .selectFrom('pharmacy_category' as never)
          .selectAll()
          .execute()
          .then((r) => r as unknown as Row[]);
        const stored = new Map(rows.map((r) => [Number(r.pharmacy_category_id), r]));
        for (const [id, mine] of byRecord) {
          const last = mine.at(-1)!;
          const row = stored.get(id);
          if (last.audit_action === 'delete') expect(row, `record ${id} deleted`).toBeUndefined();
          else
            expect((JSON.parse(last.audit_snapshot ?? '{}') as Row).pharmacy_category_name, `record ${id}`).toBe(
              row?.pharmacy_category_name,
            );
        }
        for (const id of stored.keys()) expect(byRecord.has(id), `record ${id} has entries`).toBe(true);
        expect(await verifyChain(conn.db)).toMatchObject({ ok: true });
      } finally {
        await conn.close();
      }
    } finally {
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

type Row = Record<string, unknown>;
