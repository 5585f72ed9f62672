import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, SqliteDialect } from 'kysely';
import type { Registry } from '../../resources';
import type { ServerConfig } from '../config';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../security/private-files';
import { BACKUP_FORMAT, contentsOf, MANIFEST, PG_DUMP_FILE, SQLITE_FILE, UPLOADS, type Manifest } from './backup-contents';
import { sha256Of } from './backup';

const run = promisify(execFile);

/**
 * `npm run restore -- <backup>`: brings a backup back into an empty data folder (SQLite) or an
 * empty database (PostgreSQL), with its pictures, and compares what it restored with the
 * manifest. `--check` reads a backup without restoring it. A folder or database that holds
 * anything is refused unless `--force` says to replace it.
 */

export function readManifest(folder: string): Manifest {
  const file = path.join(folder, MANIFEST);
  if (!fs.existsSync(file)) throw new Error(`${folder} is not a backup: it has no ${MANIFEST}`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Manifest>;
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`${file}: unknown backup format ${JSON.stringify(manifest.format)}`);
  return manifest as Manifest;
}

/** Differences between what a database holds and the manifest's head and counts, in words. */
function compare(manifest: Manifest, found: { head: Manifest['head']; counts: Record<string, number> }): string[] {
  const problems: string[] = [];
  const head = (h: Manifest['head']) => (h ? `entry ${h.id} (${h.hash})` : 'no entry');
  if (manifest.head?.id !== found.head?.id || manifest.head?.hash !== found.head?.hash)
    problems.push(`the audit chain's head is ${head(found.head)}, the manifest says ${head(manifest.head)}`);
  for (const [table, n] of Object.entries(manifest.counts))
    if (found.counts[table] !== n) problems.push(`${table} has ${found.counts[table] ?? 'no'} rows, the manifest says ${n}`);
  return problems;
}

async function sqliteContents(file: string, registry: Registry) {
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new SQLite(file, { readonly: true, fileMustExist: true }) }) });
  try {
    const { rows } = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(db);
    return { integrity: rows.map((r) => r.integrity_check), ...(await contentsOf(db, registry)) };
  } finally {
    await db.destroy();
  }
}

export interface CheckReport {
  manifest: Manifest;
  problems: string[];
  /** What was checked, for the operator. */
  checked: string[];
}

/** Checks a backup where it lies: every file's size and SHA-256, the database's readability, and (SQLite) its head and counts. */
export async function checkBackup(folder: string, registry: Registry): Promise<CheckReport> {
  const manifest = readManifest(folder);
  const problems: string[] = [];
  const checked: string[] = [];
  for (const f of manifest.files) {
    const abs = path.join(folder, ...f.path.split('/'));
    if (!fs.existsSync(abs)) problems.push(`${f.path} is missing`);
    else if (fs.statSync(abs).size !== f.bytes || (await sha256Of(abs)) !== f.sha256) problems.push(`${f.path} is not the file backed up`);
  }
  checked.push(`${manifest.files.length} files match their SHA-256`);
  if (manifest.pictures.missing.length)
    problems.push(`pictures named by records but absent when backed up: ${manifest.pictures.missing.join(', ')}`);
  if (manifest.database === 'sqlite') {
    const found = await sqliteContents(path.join(folder, SQLITE_FILE), registry);
    if (found.integrity.join() !== 'ok') problems.push(`the SQLite file fails its integrity check: ${found.integrity.join('; ')}`);
    problems.push(...compare(manifest, found));
    checked.push('the SQLite file passes its integrity check and matches the manifest (head, row counts)');
  } else {
    await run('pg_restore', ['--list', path.join(folder, PG_DUMP_FILE)], { maxBuffer: 64 * 1024 * 1024 }).catch((err: unknown) => {
      problems.push(`pg_restore cannot read the dump: ${(err as Error).message}`);
    });
    checked.push('pg_restore reads the dump');
  }
  return { manifest, problems, checked };
}

export interface RestoreReport {
  manifest: Manifest;
  pictures: number;
  problems: string[];
}

const hasFiles = (dir: string) => fs.existsSync(dir) && fs.readdirSync(dir).length > 0;

function copyPictures(folder: string, dataDir: string): number {
  const from = path.join(folder, UPLOADS);
  if (!fs.existsSync(from)) return 0;
  fs.cpSync(from, path.join(dataDir, UPLOADS), { recursive: true, preserveTimestamps: true });
  return fs.readdirSync(from, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}

/** Restores `folder` into config's data folder or database; refuses one that holds anything unless `force`. */
export async function restoreBackup(config: ServerConfig, registry: Registry, folder: string, force = false): Promise<RestoreReport> {
  const manifest = readManifest(folder);
  const wantPostgres = !!config.databaseUrl;
  if ((manifest.database === 'postgres') !== wantPostgres)
    throw new Error(
      `this backup is of a ${manifest.database} database; set ${wantPostgres ? 'no DATABASE_URL' : 'DATABASE_URL'} to restore it`,
    );
  const db = path.join(config.dataDir, SQLITE_FILE);
  const uploads = path.join(config.dataDir, UPLOADS);
  const sqliteFiles = [db, `${db}-wal`, `${db}-shm`];
  if (!force && manifest.database === 'sqlite' && sqliteFiles.some((f) => fs.existsSync(f)))
    throw new Error(`${db} exists: restore into an empty data folder, or add --force to replace it`);
  if (!force && hasFiles(uploads))
    throw new Error(`${uploads} is not empty: restore into an empty data folder, or add --force to replace it`);
  let found: { head: Manifest['head']; counts: Record<string, number> };
  if (manifest.database === 'sqlite') {
    ensurePrivateDir(config.dataDir);
    for (const f of sqliteFiles) fs.rmSync(f, { force: true });
    fs.copyFileSync(path.join(folder, SQLITE_FILE), db);
    fs.chmodSync(db, PRIVATE_FILE_MODE);
    found = await sqliteContents(db, registry);
  } else {
    const pg = (await import('pg')).default;
    const target = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: config.databaseUrl, max: 1 }) }),
    });
    try {
      const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM pg_tables WHERE schemaname = 'public'`.execute(target);
      if (Number(rows[0]?.n) > 0) {
        if (!force) throw new Error('the database has tables: restore into an empty database, or add --force to replace its public schema');
        await sql`DROP SCHEMA public CASCADE`.execute(target);
        await sql`CREATE SCHEMA public`.execute(target);
      }
      await run(
        'pg_restore',
        ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${config.databaseUrl}`, path.join(folder, PG_DUMP_FILE)],
        {
          maxBuffer: 16 * 1024 * 1024,
        },
      );
      found = await contentsOf(target, registry);
    } finally {
      await target.destroy();
    }
    ensurePrivateDir(config.dataDir);
  }
  if (force) fs.rmSync(uploads, { recursive: true, force: true });
  const pictures = copyPictures(folder, config.dataDir);
  return { manifest, pictures, problems: compare(manifest, found) };
}
