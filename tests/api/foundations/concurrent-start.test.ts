import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { ADMIN } from '../harness';

/**
 * Instances of a deployment start together (a rolling start, several containers at once). On one
 * new PostgreSQL database they must not trip over each other creating its tables, indexes,
 * triggers and first records: the start-up's schema work is serialized by an advisory lock.
 */
const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

describe('instances starting at once on a new PostgreSQL database', () => {
  const name = `console_start_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const databaseUrl = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const apps: FastifyInstance[] = [];
  const dirs: string[] = [];

  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('all start, and the database holds one administrator and one set of samples', async () => {
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const start = async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-start-'));
      dirs.push(dataDir);
      const { app } = await buildApp({
        port: 0,
        host: '127.0.0.1',
        dataDir,
        databaseUrl,
        adminUsername: ADMIN.username,
        adminPassword: ADMIN.password,
        apiBase: '/api',
        maxImageBytes: 512 * 1024,
        loginRateLimit: 1000,
        seedSamples: true,
        logger: false,
      });
      apps.push(app);
      return app;
    };
    const started = await Promise.allSettled([start(), start(), start()]);
    expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
    const db = new pg.Client({ connectionString: databaseUrl });
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
