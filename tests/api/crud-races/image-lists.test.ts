import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStringList } from '../../../resources';
import { DATABASES, multipart, png, startServer, type TestServer } from '../harness';

/**
 * A picture list (optics_picture) changed by two updates at once: one keeps both pictures and
 * uploads a third, the other removes the second. No interleaving may leave the list naming a file
 * that was deleted, nor lose an upload (a stored file that no list names).
 */
const ROUNDS = 10;

describe.each(DATABASES)('picture lists under concurrent updates (%s)', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
  });
  afterAll(async () => {
    await s?.close();
  });

  const row = async (id: number) =>
    (await s.app.ctx.conn.db
      .selectFrom('optics' as never)
      .selectAll()
      .where('optics_id' as never, '=', id as never)
      .executeTakeFirstOrThrow()) as Record<string, unknown>;
  const listOf = async (id: number) => parseStringList((await row(id)).optics_picture);
  const onDisk = () => {
    const dir = path.join(s.dataDir, 'uploads', 'optics');
    return fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => `uploads/optics/${f}`) : [];
  };
  /**
   * Problems with record `id`'s list against the files: named but missing; and files that no
   * record names (a lost upload; the records share one folder).
   */
  const problems = async (id: number) => {
    const rows = (await s.app.ctx.conn.db
      .selectFrom('optics' as never)
      .selectAll()
      .execute()) as Record<string, unknown>[];
    const listed = rows.flatMap((r) => parseStringList(r.optics_picture));
    return {
      missing: (await listOf(id)).filter((p) => !fs.existsSync(path.join(s.dataDir, p))),
      orphans: onDisk().filter((p) => !listed.includes(p)),
    };
  };

  /** A record with two pictures; answers its id and the two stored paths. */
  async function twoPictures(code: string) {
    const first = await multipart({
      optics_code: code,
      optics_name: 'Glasses',
      optics_picture: { file: await png('a'), name: 'a.png', type: 'image/png' },
    });
    const created = await s.call('POST', '/api/optics/optics-create', first);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.optics_id as number;
    const second = await multipart({ optics_picture: { file: await png('b'), name: 'b.png', type: 'image/png' } });
    const added = await s.call('PUT', `/api/optics/optics-update/${id}`, second);
    expect(added.statusCode, added.body).toBe(200);
    const list = await listOf(id);
    expect(list).toHaveLength(2);
    const [p1, p2] = list as [string, string];
    return { id, p1, p2 };
  }

  it('neither names a deleted picture nor loses an upload when one update adds and another removes', async () => {
    const failed: string[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const { id, p1, p2 } = await twoPictures(`ADD${i}`);
      const add = await multipart({
        optics_picture_json: JSON.stringify([p1, p2]),
        optics_picture: { file: await png('c'), name: 'c.png', type: 'image/png' },
      });
      const [a, b] = await Promise.all([
        s.call('PUT', `/api/optics/optics-update/${id}`, add),
        s.call('PUT', `/api/optics/optics-update/${id}`, { body: { optics_picture: [p1] } }),
      ]);
      expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
      const list = await listOf(id);
      const { missing, orphans } = await problems(id);
      // p1 is kept by both; p2 is removed by one and never re-added by the other.
      expect(list).toContain(p1);
      if (list.includes(p2) || missing.length || orphans.length)
        failed.push(
          `round ${i}: removed picture listed ${list.includes(p2)}, ${missing.length} named but deleted, ${orphans.length} uploads lost`,
        );
      for (const p of orphans) fs.rmSync(path.join(s.dataDir, p));
    }
    expect(failed, `${failed.length}/${ROUNDS} rounds broke the picture list`).toEqual([]);
  });

  it('keeps both uploads when two updates each add a picture at once', async () => {
    const failed: string[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const { id, p1, p2 } = await twoPictures(`TWO${i}`);
      const one = await multipart({ optics_picture: { file: await png('c'), name: 'c.png', type: 'image/png' } });
      const two = await multipart({ optics_picture: { file: await png('d'), name: 'd.png', type: 'image/png' } });
      const [a, b] = await Promise.all([
        s.call('PUT', `/api/optics/optics-update/${id}`, one),
        s.call('PUT', `/api/optics/optics-update/${id}`, two),
      ]);
      expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
      const list = await listOf(id);
      const { missing, orphans } = await problems(id);
      if (list.length !== 4 || missing.length || orphans.length)
        failed.push(`round ${i}: ${list.length} pictures listed, ${missing.length} named but deleted, ${orphans.length} uploads lost`);
      expect(list.slice(0, 2)).toEqual([p1, p2]);
      for (const p of orphans) fs.rmSync(path.join(s.dataDir, p));
    }
    expect(failed, `${failed.length}/${ROUNDS} rounds broke the picture list`).toEqual([]);
  });

  it('changes nothing for a refused update sent beside a good one', async () => {
    const { id, p1, p2 } = await twoPictures('BAD');
    const filesBefore = onDisk().sort();
    const bad = await multipart({
      optics_name: '',
      optics_picture_json: JSON.stringify([p1]),
      optics_picture: { file: await png('e'), name: 'e.png', type: 'image/png' },
    });
    const [refused, kept] = await Promise.all([
      s.call('PUT', `/api/optics/optics-update/${id}`, bad),
      s.call('PUT', `/api/optics/optics-update/${id}`, { body: { optics_name: 'Renamed' } }),
    ]);
    expect(refused.statusCode).toBe(422);
    expect(kept.statusCode).toBe(200);
    expect(await listOf(id)).toEqual([p1, p2]);
    expect(onDisk().sort()).toEqual(filesBefore);
    expect((await row(id)).optics_name).toBe('Renamed');
  });
});
