import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type Kind, type TestServer } from '../harness';
import { auditDb, entryHash, verifyChain } from '../../../server/modules/audit/chain';
import { createTrail } from '../../../server/modules/audit/trail';
import { chainHead, readWitnesses, WITNESS_FILE } from '../../../server/modules/audit/witness';
import { mailWitness } from '../../../server/modules/audit/witness-schedule';
import { createMailer } from '../../../server/modules/accounts/mailer';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');
const ROUTE = '/api/pharmacy-category/pharmacy-category-create';

/**
 * The trail's end anchored outside the database: `npm run audit:witness` writes the head,
 * `npm run audit:verify` fails naming the missing entries when the last ones are deleted, and the
 * rewritten entry when the chain is rewritten (hashes recomputed) from an entry on; pruning keeps
 * verifying; the server writes a witness at shutdown; the daily mail carries a witness line.
 */
describe.each(DATABASES)('audit witness on %s', (kind: Kind) => {
  let s: TestServer | undefined;
  let witnessDir = '';
  const db = () => s!.app.ctx.conn.db;

  const start = async () => {
    witnessDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-witness-'));
    s = await startServer(kind, { config: { auditWitnessDir: witnessDir } });
    for (let i = 0; i < 6; i++) {
      const res = await s.call('POST', ROUTE, { body: { pharmacy_category_code: `W-${i}`, pharmacy_category_name: `Witnessed ${i}` } });
      expect(res.statusCode).toBe(201);
    }
  };
  afterEach(async () => {
    await s?.close();
    s = undefined;
    fs.rmSync(witnessDir, { recursive: true, force: true });
  });

  const script = async (name: string) => {
    const env = { ...process.env, DATA_DIR: s!.dataDir, DATABASE_URL: s!.app.ctx.config.databaseUrl ?? '', AUDIT_WITNESS_DIR: witnessDir };
    return run('npx', ['tsx', `scripts/${name}.ts`], { cwd: ROOT, env }).then(
      (out) => ({ code: 0, stdout: out.stdout, stderr: out.stderr }),
      (err: unknown) => err as { code: number; stdout: string; stderr: string },
    );
  };

  /** Someone with the database's keys: the append-only trigger goes first. */
  const unguarded = async (change: () => Promise<void>) => {
    if (kind === 'postgres') {
      await sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change`.execute(db());
      await change();
      await sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_change`.execute(db());
    } else {
      await sql`DROP TRIGGER audit_log_no_update`.execute(db());
      await change();
      await sql`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN SELECT RAISE(ABORT, 'append-only'); END`.execute(db());
    }
  };

  it('names the deleted last entries that the chain alone no longer shows', { timeout: 60_000 }, async () => {
    await start();
    const witnessed = await script('audit-witness');
    expect(witnessed.code).toBe(0);
    const head = (await chainHead(db()))!;
    expect(witnessed.stdout).toContain(`entry ${head.id}, hash ${head.hash}`);
    expect(readWitnesses(witnessDir).witnesses.at(-1)).toMatchObject({ id: head.id, hash: head.hash, why: 'command' });
    expect((await script('audit-verify')).code).toBe(0);

    await unguarded(async () => {
      await auditDb(db())
        .deleteFrom('audit_log')
        .where('audit_id', '>', head.id - 2)
        .execute();
    });
    // The chain by itself still verifies: that is the hole the witness closes.
    expect(await verifyChain(db())).toMatchObject({ ok: true, lastId: head.id - 2 });
    const failed = await script('audit-verify');
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(`the trail's end was cut off: entries ${head.id - 1} to ${head.id} are missing`);
  });

  it('names a chain rewritten from an entry on with every hash recomputed', { timeout: 60_000 }, async () => {
    await start();
    expect((await script('audit-witness')).code).toBe(0);
    const head = (await chainHead(db()))!;
    const from = head.id - 3;
    await unguarded(async () => {
      const rows = await auditDb(db())
        .selectFrom('audit_log')
        .selectAll()
        .where('audit_id', '>=', from - 1)
        .orderBy('audit_id')
        .execute();
      let prev = rows[0]!.audit_hash;
      for (const row of rows.slice(1)) {
        const { audit_hash: _old, ...hashed } = row;
        const forged = { ...hashed, audit_prev_hash: prev, ...(row.audit_id === from ? { audit_actor_name: 'nobody' } : {}) };
        prev = entryHash(forged);
        await auditDb(db())
          .updateTable('audit_log')
          .set({ audit_actor_name: forged.audit_actor_name, audit_prev_hash: forged.audit_prev_hash, audit_hash: prev })
          .where('audit_id', '=', row.audit_id)
          .execute();
      }
    });
    expect(await verifyChain(db())).toMatchObject({ ok: true, lastId: head.id });
    const failed = await script('audit-verify');
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(`the chain was rewritten at or before entry ${head.id}`);
    expect(failed.stderr).toContain(head.hash);
  });

  it('keeps verifying after retention prunes witnessed entries, and writes a witness at shutdown', { timeout: 60_000 }, async () => {
    await start();
    expect((await script('audit-witness')).code).toBe(0);
    await createTrail(kind).prune(db(), 1, new Date(Date.now() + 2 * 86_400_000));
    const verified = await script('audit-verify');
    expect(verified.stderr).toBe('');
    expect(verified.code).toBe(0);
    expect(verified.stdout).toContain('Witnesses matched');

    const res = await s!.call('POST', ROUTE, { body: { pharmacy_category_code: 'W-last', pharmacy_category_name: 'Last' } });
    expect(res.statusCode).toBe(201);
    const head = (await chainHead(db()))!;
    await s!.close();
    s = undefined;
    expect(readWitnesses(witnessDir).witnesses.at(-1)).toMatchObject({ id: head.id, hash: head.hash, why: 'shutdown' });
  });

  it('mails a witness line that the witness file takes as it is', async () => {
    await start();
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-witness-mail-'));
    try {
      const head = (await chainHead(db()))!;
      await mailWitness(createMailer({ dataDir: outboxDir }), 'it@hospital.example', head);
      const [file] = fs.readdirSync(path.join(outboxDir, 'outbox'));
      // Quoted-printable, as mail programs show it: soft line breaks joined, escapes decoded.
      const message = fs
        .readFileSync(path.join(outboxDir, 'outbox', file!), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      expect(message).toContain('To: it@hospital.example');
      const line = message.split('\n').find((l) => l.startsWith('{"at"'));
      fs.writeFileSync(path.join(witnessDir, WITNESS_FILE), `${line}\n`);
      expect(readWitnesses(witnessDir)).toMatchObject({ witnesses: [{ id: head.id, hash: head.hash, why: 'mail' }], unreadable: [] });
    } finally {
      fs.rmSync(outboxDir, { recursive: true, force: true });
    }
  });
});
