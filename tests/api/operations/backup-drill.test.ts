import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { registry } from '../../../resources';
import { contentsOf, missingPictures, type Manifest } from '../../../server/ops/backup-contents';
import { createThrowawayDb } from '../../reliability/support';
import { ADMIN, DATABASES, multipart, png, startServer, type Kind } from '../harness';
import { baseConfig } from '../database-templates';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}
const script = (name: string, args: string[], env: Record<string, string>): Promise<Outcome> =>
  run('npx', ['tsx', `scripts/${name}.ts`, ...args], { cwd: ROOT, env: { ...process.env, LOG: '0', ...env } }).then(
    (out) => ({ code: 0, stdout: out.stdout, stderr: out.stderr }),
    (err: unknown) => err as Outcome,
  );

/**
 * The restore drill, on both databases: `npm run backup` taken while writes (records with and
 * without pictures, and deletes) keep being acknowledged; the backup checks sound without being
 * restored; `npm run restore` brings it into a fresh data folder or database, and refuses to
 * restore over it again; the restored console starts with the backup's audit head and row counts,
 * `npm run audit:verify` passes against the witness the backup wrote, and every picture a record
 * names is there.
 */
describe.each(DATABASES)('backup and restore drill on %s', (kind: Kind) => {
  it('restores a backup taken under steady writes into a console that starts whole', { timeout: 240_000 }, async () => {
    const witnessDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-drill-witness-'));
    const backups = fs.mkdtempSync(path.join(os.tmpdir(), 'console-drill-backups-'));
    const restoredDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-drill-restored-'));
    const target = kind === 'postgres' ? await createThrowawayDb() : undefined;
    const s = await startServer(kind, { config: { auditWitnessDir: witnessDir } });
    const source = { DATA_DIR: s.dataDir, DATABASE_URL: s.app.ctx.config.databaseUrl ?? '', AUDIT_WITNESS_DIR: witnessDir };
    const restoredEnv = { DATA_DIR: restoredDir, DATABASE_URL: target?.url ?? '', AUDIT_WITNESS_DIR: witnessDir };
    let restored: Awaited<ReturnType<typeof buildApp>> | undefined;
    const writes = { acked: 0, stop: false, failures: [] as string[] };
    const writer = (async () => {
      for (let i = 0; !writes.stop && i < 5_000; i++) {
        const form = await multipart({
          title: `Drill ${i}`,
          type: 'Campaign',
          thumbnail: { file: await png(`d${i}`, 32, 24), name: 'p.png' },
        });
        const photo = await s.call('POST', '/api/blogs/blog-photos-create', { payload: form.payload, headers: form.headers });
        const category = await s.call('POST', '/api/pharmacy-category/pharmacy-category-create', {
          body: { pharmacy_category_code: `DRILL-${i}`, pharmacy_category_name: `Drill ${i}` },
        });
        for (const res of [photo, category]) if (res.statusCode !== 201) writes.failures.push(`${res.statusCode} ${res.body}`);
        // Every third photo is deleted again: its picture file goes with it.
        if (i % 3 === 2) {
          const id = (photo.json().data as { id: number }).id;
          const del = await s.call('DELETE', `/api/blogs/blog-photos-delete/${id}`);
          if (del.statusCode !== 200) writes.failures.push(`${del.statusCode} ${del.body}`);
        }
        writes.acked += 2;
      }
    })();
    try {
      while (writes.acked < 20 && !writes.failures.length) await new Promise((r) => setTimeout(r, 20));
      const ackedBefore = writes.acked;
      const backup = await script('backup', [backups], source);
      const ackedAfter = writes.acked;
      writes.stop = true;
      await writer;
      expect(writes.failures).toEqual([]);
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      // The console kept serving writes while the backup was taken.
      expect(ackedAfter).toBeGreaterThan(ackedBefore);
      const [folder] = fs.readdirSync(backups).filter((n) => n.startsWith('console-backup-') && !n.endsWith('.partial'));
      const backupDir = path.join(backups, folder!);
      expect(backup.stdout).toContain(`Backup written: ${backupDir}`);
      const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8')) as Manifest;
      expect(manifest.database).toBe(kind);
      expect(manifest.pictures.missing).toEqual([]);
      expect(manifest.pictures.referenced).toBeGreaterThan(0);
      expect(manifest.counts.blog_photo).toBeGreaterThan(0);

      const checked = await script('restore', ['--check', backupDir], {});
      expect(checked.stderr).toBe('');
      expect(checked.stdout).toContain('is sound');

      const restoredRun = await script('restore', [backupDir], restoredEnv);
      expect(restoredRun.stderr).toBe('');
      expect(restoredRun.code).toBe(0);
      expect(restoredRun.stdout).toContain('It matches the manifest');
      const again = await script('restore', [backupDir], restoredEnv);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(kind === 'sqlite' ? /console\.sqlite exists/ : /not empty|has tables/);

      restored = await buildApp(baseConfig(restoredDir, false, target?.url));
      const found = await contentsOf(restored.app.ctx.conn.db, registry);
      expect(found.head).toEqual(manifest.head);
      expect(found.counts).toEqual(manifest.counts);
      expect(found.pictures.size).toBe(manifest.pictures.referenced);
      expect(missingPictures(found.pictures, restoredDir)).toEqual([]);
      const login = await restored.app.inject({ method: 'POST', url: '/api/users/user-login/', payload: ADMIN });
      expect(login.statusCode).toBe(200);
      const token = login.json<{ data: { token: string } }>().data.token;
      const list = await restored.app.inject({
        method: 'GET',
        url: '/api/blogs/blog-photos-list/?limit=1',
        headers: { 'access-token': token },
      });
      expect(list.json<{ total: number }>().total).toBe(manifest.counts.blog_photo);
      await restored.app.close();
      restored = undefined;

      const verified = await script('audit-verify', [], restoredEnv);
      expect(verified.stderr).toBe('');
      expect(verified.code).toBe(0);
      expect(verified.stdout).toContain(`the latest at entry ${manifest.head?.id}`);
    } finally {
      writes.stop = true;
      await writer;
      await restored?.app.close();
      await s.close();
      await target?.drop();
      for (const d of [witnessDir, backups, restoredDir]) fs.rmSync(d, { recursive: true, force: true });
    }
  });
});
