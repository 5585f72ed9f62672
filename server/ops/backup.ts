import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, SqliteDialect } from 'kysely';
import type { Registry } from '../../resources';
import type { ServerConfig } from '../config';
import { writeWitness } from '../modules/audit/witness';
import {
  BACKUP_FORMAT,
  contentsOf,
  MANIFEST,
  missingPictures,
  PG_DUMP_FILE,
  SQLITE_FILE,
  UPLOADS,
  type BackupFile,
  type Manifest,
} from './backup-contents';
import { HELD, holdPictureDeletes } from './picture-hold';

const run = promisify(execFile);

/**
 * `npm run backup`: one folder holding the database (SQLite: `VACUUM INTO`, a consistent copy made
 * in one read transaction while the server keeps writing; PostgreSQL: `pg_dump` in its custom
 * format from an exported snapshot), the uploaded pictures and a manifest with the audit chain's
 * head, each table's row count and every file's SHA-256. It is written under a `.partial` name and
 * renamed when whole, so an interrupted backup never looks finished.
 */

export const backupName = (now: Date) =>
  `console-backup-${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}`;

/**
 * Copies a folder of pictures into the backup's uploads folder, leaving alone files already copied
 * (pictures are never changed in place). A picture deleted while the copy runs is not copied from
 * here: while the backup runs a deleted picture is moved to `backup-held/`, copied by the second pass.
 */
function copyPictures(from: string, into: string): void {
  if (!fs.existsSync(from)) return;
  for (const entry of fs.readdirSync(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const abs = path.join(entry.parentPath, entry.name);
    const copy = path.join(into, UPLOADS, path.relative(from, abs));
    fs.mkdirSync(path.dirname(copy), { recursive: true, mode: 0o700 });
    try {
      fs.copyFileSync(abs, copy, fs.constants.COPYFILE_EXCL);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'EEXIST') throw err;
    }
  }
}

export async function sha256Of(file: string): Promise<string> {
  const digest = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) digest.update(chunk as Buffer);
  return digest.digest('hex');
}

/** Every file under `dir` (but the manifest), with its size and SHA-256. */
export async function filesOf(dir: string): Promise<BackupFile[]> {
  const files: BackupFile[] = [];
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const abs = path.join(entry.parentPath, entry.name);
    const rel = path.relative(dir, abs).split(path.sep).join('/');
    if (rel === MANIFEST) continue;
    files.push({ path: rel, bytes: fs.statSync(abs).size, sha256: await sha256Of(abs) });
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : 1));
}

async function sqliteCopy(config: ServerConfig, registry: Registry, into: string, steps: BackupSteps) {
  const source = new SQLite(path.join(config.dataDir, SQLITE_FILE), { readonly: true, fileMustExist: true });
  source.pragma('busy_timeout = 5000');
  const target = path.join(into, SQLITE_FILE);
  try {
    source.prepare('VACUUM INTO ?').run(target);
  } finally {
    source.close();
  }
  fs.chmodSync(target, 0o600);
  await steps.afterSnapshot?.();
  const copy = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new SQLite(target, { readonly: true }) }) });
  try {
    return await contentsOf(copy, registry);
  } finally {
    await copy.destroy();
  }
}

/** Test seams: code run at the backup's steps, so a test can write between them (the drill's race). */
export interface BackupSteps {
  afterFirstCopy?: () => Promise<void>;
  /** Once the database view is fixed, before the second copy of the pictures. */
  afterSnapshot?: () => Promise<void>;
}

async function postgresDump(config: ServerConfig, registry: Registry, into: string, steps: BackupSteps) {
  const pg = (await import('pg')).default;
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: config.databaseUrl, max: 1 }) }) });
  try {
    // The dump and the manifest's head and counts are read from one snapshot, held open by this transaction.
    return await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (trx) => {
        const snapshot = (await sql<{ id: string }>`SELECT pg_export_snapshot() AS id`.execute(trx)).rows[0]?.id ?? '';
        const contents = await contentsOf(trx, registry);
        await steps.afterSnapshot?.();
        await run(
          'pg_dump',
          [
            '--format=custom',
            `--snapshot=${snapshot}`,
            '--no-owner',
            `--file=${path.join(into, PG_DUMP_FILE)}`,
            `--dbname=${config.databaseUrl}`,
          ],
          {
            maxBuffer: 16 * 1024 * 1024,
          },
        );
        return contents;
      });
  } finally {
    await db.destroy();
  }
}

export interface BackupResult {
  folder: string;
  manifest: Manifest;
}

/** Takes a backup into a new folder under `parent`; the running server keeps serving meanwhile. */
export async function takeBackup(
  config: ServerConfig,
  registry: Registry,
  parent: string,
  now = new Date(),
  steps: BackupSteps = {},
): Promise<BackupResult> {
  fs.mkdirSync(parent, { recursive: true, mode: 0o700 });
  const folder = path.join(parent, backupName(now));
  if (fs.existsSync(folder)) throw new Error(`${folder} exists already`);
  const partial = `${folder}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { mode: 0o700 });
  // Before the first copy: from here on a deleted picture is kept aside for this backup (picture-hold.ts).
  const hold = holdPictureDeletes(config.dataDir);
  try {
    // Pictures are written before their record and never changed: those named by records in the
    // database copy are in the first pass or, written meanwhile, in the second, or, their record
    // deleted since, in the held folder.
    const uploads = path.join(config.dataDir, UPLOADS);
    copyPictures(uploads, partial);
    await steps.afterFirstCopy?.();
    const contents = config.databaseUrl
      ? await postgresDump(config, registry, partial, steps)
      : await sqliteCopy(config, registry, partial, steps);
    copyPictures(uploads, partial);
    copyPictures(path.join(config.dataDir, HELD), partial);
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt: now.toISOString(),
      database: config.databaseUrl ? 'postgres' : 'sqlite',
      head: contents.head,
      counts: contents.counts,
      pictures: { referenced: contents.pictures.size, missing: missingPictures(contents.pictures, partial) },
      files: await filesOf(partial),
    };
    fs.writeFileSync(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    fs.renameSync(partial, folder);
    if (config.auditWitnessDir && contents.head) await writeWitness(config.auditWitnessDir, contents.head, 'backup');
    return { folder, manifest };
  } catch (err) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw err;
  } finally {
    hold.release();
  }
}
