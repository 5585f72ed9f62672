import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../server/app';
import type { ServerConfig } from '../../server/config';

/**
 * Databases started once per test run and copied for every test server: migrating a database costs
 * seconds (PostgreSQL's migrations above all), copying one a fraction of that. A copy is what a
 * started server would have made itself: the same migrations, descriptor tables and administrator,
 * built by the same `buildApp` with the same settings. No template holds the demo samples: every
 * test makes the records it reads.
 */
export type Kind = 'sqlite' | 'postgres';
export const ADMIN = { username: 'admin', password: 'admin-test-password' };
export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Where each template lives: a data folder to copy (the SQLite file and whatever else a start
 * writes there), and on PostgreSQL the database to clone.
 */
export interface Template {
  dataDir: string;
  database?: string;
}
export type Templates = Record<Kind, Template>;

export async function withAdmin<T>(run: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

export const databaseUrl = (name: string) => PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);

/** The settings every template is built with; harness servers add only settings that write nothing at start. */
export function baseConfig(dataDir: string, seed: boolean, url?: string): ServerConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: url,
    adminUsername: ADMIN.username,
    adminPassword: ADMIN.password,
    apiBase: '/api',
    distDir: undefined,
    maxImageBytes: 512 * 1024,
    loginRateLimit: 1000,
    seedSamples: seed,
    logger: false,
  };
}

/** Builds the two templates (one per database, without samples); answers them and their removal. */
export async function buildTemplates(): Promise<{ templates: Templates; remove: () => Promise<void> }> {
  const tag = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const folders: string[] = [];
  const databases: string[] = [];
  const remove = async () => {
    for (const f of folders) fs.rmSync(f, { recursive: true, force: true });
    if (databases.length)
      await withAdmin(async (admin) => {
        for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
  };
  const build = async (kind: Kind): Promise<Template> => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-template-'));
    folders.push(dataDir);
    let name: string | undefined;
    if (kind === 'postgres') {
      name = `console_template_${tag}`;
      await withAdmin((admin) => admin.query(`CREATE DATABASE ${name}`));
      databases.push(name);
    }
    const { app } = await buildApp(baseConfig(dataDir, false, name && databaseUrl(name)));
    // Closing ends every connection: PostgreSQL clones only a database nobody is connected to.
    await app.close();
    return { dataDir, database: name };
  };
  try {
    const [sqlite, postgres] = await Promise.all([build('sqlite'), build('postgres')]);
    return { templates: { sqlite, postgres }, remove };
  } catch (err) {
    await remove();
    throw err;
  }
}
