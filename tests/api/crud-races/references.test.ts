import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DATABASES, startServer, type TestServer } from '../harness';
import { world } from '../users/helpers';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A delete of a category and a create of a medicine in that category at once: without foreign
 * keys, the delete's "in use" count and the create's "refers to an unknown" check can both pass
 * before either writes, leaving the new medicine pointing at a deleted category. One of them must
 * lose with its usual answer (delete 409 "is used by", or create 422 "refers to an unknown"), and
 * a stored medicine always refers to a stored category.
 */
describe.each(DATABASES)('a reference racing a delete of its record on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
  });
  afterAll(() => s.close());

  it('never leaves a user in a deleted branch (10 rounds)', async () => {
    const db = s.app.ctx.conn.db;
    /** Creates a record through its route; answers the value of `idField`. */
    const made = async (path: string, body: Record<string, unknown>, idField = '') => {
      const res = await s.call('POST', path, { body });
      expect(res.statusCode).toBe(201);
      return Number((res.json().data as Record<string, unknown>)[idField]);
    };
    const w = await world(s, 'race');
    const group = await w.group('RACE-G', []);
    const user = (username: string, branch: number) => w.userBody(username, branch, group);
    // A user create hashes the password before its checks: the delete is let go at a different
    // point of that create each round, so that some round meets its check-then-insert window.
    const warm = await made('/api/branch/branch-create', { branch_code: 'RACE-WARM', branch_name: 'Warm-up' }, 'branch_id');
    const t0 = performance.now();
    await made('/api/users/user-create', user('race-warm', warm));
    const span = performance.now() - t0;
    for (let round = 0; round < 10; round++) {
      const branch = await made('/api/branch/branch-create', { branch_code: `RACE-B-${round}`, branch_name: `Race ${round}` }, 'branch_id');
      const [deleted, createdUser] = await Promise.all([
        sleep((span * round) / 10).then(() => s.call('DELETE', `/api/branch/branch-delete/${branch}`)),
        s.call('POST', '/api/users/user-create', { body: user(`race-${round}`, branch) }),
      ]);
      expect(deleted.statusCode).toBeLessThan(500);
      expect(createdUser.statusCode).toBeLessThan(500);
      expect([200, 409]).toContain(deleted.statusCode);
      expect([201, 422]).toContain(createdUser.statusCode);
      if (deleted.statusCode === 409) expect(deleted.json().message).toMatch(/is used by 1 users record\(s\) and cannot be deleted/);
      if (createdUser.statusCode === 422) {
        expect(createdUser.json().errors).toEqual({ user_branch: `user_branch refers to an unknown branch (id ${branch})` });
      }
      expect([deleted.statusCode, createdUser.statusCode]).not.toEqual([200, 201]);
      const { rows } = await sql<{ n: number }>`
        select count(*) as n from users u
        where u.user_branch <> 0 and not exists (select 1 from branch b where b.branch_id = u.user_branch)
      `.execute(db);
      expect(Number(rows[0]?.n)).toBe(0);
    }
  });

  it('never leaves a record referring to a deleted one (10 rounds)', async () => {
    const db = s.app.ctx.conn.db;
    for (let round = 0; round < 10; round++) {
      const created = await s.call('POST', '/api/pharmacy-category/pharmacy-category-create', {
        body: { pharmacy_category_code: `RACE-CAT-${round}`, pharmacy_category_name: `Race category ${round}` },
      });
      expect(created.statusCode).toBe(201);
      const categoryId = Number(created.json().data.pharmacy_category_id);
      const [deleted, medicine] = await Promise.all([
        s.call('DELETE', `/api/pharmacy-category/pharmacy-category-delete/${categoryId}`),
        s.call('POST', '/api/medicine/medicine-create', {
          body: { medicine_code: `RACE-MED-${round}`, medicine_name: `Race medicine ${round}`, medicine_category: categoryId },
        }),
      ]);
      expect(deleted.statusCode).toBeLessThan(500);
      expect(medicine.statusCode).toBeLessThan(500);
      expect([200, 409]).toContain(deleted.statusCode);
      expect([201, 422]).toContain(medicine.statusCode);
      if (deleted.statusCode === 409) expect(deleted.json().message).toMatch(/is used by 1 medicine record\(s\) and cannot be deleted/);
      if (medicine.statusCode === 422) {
        expect(medicine.json().errors).toEqual({
          medicine_category: `medicine_category refers to an unknown pharmacy-category (id ${categoryId})`,
        });
      }
      expect([deleted.statusCode, medicine.statusCode]).not.toEqual([200, 201]);

      // What is stored: every medicine's category exists.
      const { rows } = await sql<{ n: number }>`
        select count(*) as n from medicine m
        where m.medicine_category is not null
          and not exists (select 1 from pharmacy_category c where c.pharmacy_category_id = m.medicine_category)
      `.execute(db);
      expect(Number(rows[0]?.n)).toBe(0);
    }
  });
});
