import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { registry } from '../../../resources';
import { takeBackup } from '../../../server/ops/backup';
import { HELD } from '../../../server/ops/picture-hold';
import { DATABASES, multipart, png, startServer, type Kind } from '../harness';

/**
 * The race the restore drill once lost on PostgreSQL, played step by step: a record is created
 * after the backup's first copy of the pictures, so its picture is not in that copy; its database
 * view is then fixed with the record in it; the record is deleted before the second copy, and its
 * picture with it. The backup must still hold that picture: it was held aside while the backup ran
 * (server/ops/picture-hold.ts), and once the backup is done a delete deletes again.
 */
describe.each(DATABASES)('a backup on %s', (kind: Kind) => {
  it('keeps the picture of a record deleted after its database view was taken', { timeout: 120_000 }, async () => {
    const s = await startServer(kind);
    const backups = fs.mkdtempSync(path.join(os.tmpdir(), 'console-held-backups-'));
    const create = async (title: string) => {
      const form = await multipart({ title, type: 'Campaign', thumbnail: { file: await png(title, 32, 24), name: 'p.png' } });
      const res = await s.call('POST', '/api/blogs/blog-photos-create', { payload: form.payload, headers: form.headers });
      expect(res.statusCode).toBe(201);
      return res.json().data as { id: number; thumbnail: string };
    };
    const remove = async (id: number) => {
      expect((await s.call('DELETE', `/api/blogs/blog-photos-delete/${id}`)).statusCode).toBe(200);
    };
    try {
      let photo: { id: number; thumbnail: string } | undefined;
      const { folder, manifest } = await takeBackup(s.app.ctx.config, registry, backups, new Date(), {
        afterFirstCopy: async () => {
          photo = await create('Written after the first copy');
        },
        afterSnapshot: async () => {
          await remove(photo!.id);
          expect(fs.existsSync(path.join(s.dataDir, ...photo!.thumbnail.split('/')))).toBe(false);
        },
      });
      expect(photo?.thumbnail).toMatch(/^uploads\//);
      expect(manifest.counts.blog_photo).toBeGreaterThan(0);
      expect(manifest.pictures.missing).toEqual([]);
      expect(fs.existsSync(path.join(folder, ...photo!.thumbnail.split('/')))).toBe(true);
      expect(manifest.files.map((f) => f.path)).toContain(photo!.thumbnail);
      // Nothing is held once the backup is done, and a delete deletes again.
      expect(fs.existsSync(path.join(s.dataDir, HELD))).toBe(false);
      const later = await create('Written after the backup');
      await remove(later.id);
      expect(fs.existsSync(path.join(s.dataDir, ...later.thumbnail.split('/')))).toBe(false);
      expect(fs.existsSync(path.join(s.dataDir, HELD))).toBe(false);
    } finally {
      await s.close();
      fs.rmSync(backups, { recursive: true, force: true });
    }
  });
});
