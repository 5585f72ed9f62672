import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { ADMIN, createThrowawayDb, testConfig } from '../../reliability/support';

/**
 * Instances of a deployment start together (a rolling start, several containers at once). On one
 * new PostgreSQL database they must not trip over each other creating its tables, indexes,
 * triggers and first records: the start-up's schema work is serialized by an advisory lock.
 */
describe('instances starting at once on a new PostgreSQL database', () => {
  const apps: FastifyInstance[] = [];
  const dirs: string[] = [];
  let throwaway: Awaited<ReturnType<typeof createThrowawayDb>> | undefined;

  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    await throwaway?.drop();
  });

  it('all start, and the database holds one administrator and one set of samples', async () => {
    const database = await createThrowawayDb();
    throwaway = database;
    const start = async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-start-'));
      dirs.push(dataDir);
      // Seeding the demo records is what this test races, so it asks for them.
      const { app } = await buildApp(testConfig(dataDir, { databaseUrl: database.url, seedSamples: true }));
      apps.push(app);
      return app;
    };
    const started = await Promise.allSettled([start(), start(), start()]);
    expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const users = await db.query<{ n: string }>('SELECT count(*) AS n FROM users WHERE username = $1', [ADMIN.username]);
      expect(Number(users.rows[0]?.n)).toBe(1);
      const categories = await db.query<{ n: string; d: string }>(
        'SELECT count(*) AS n, count(DISTINCT pharmacy_category_name) AS d FROM pharmacy_category',
      );
      expect(Number(categories.rows[0]?.n)).toBeGreaterThan(0);
      expect(categories.rows[0]?.n).toBe(categories.rows[0]?.d); // no sample seeded twice
    } finally {
      await db.end();
    }
  });
});
