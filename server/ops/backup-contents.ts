import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Registry } from '../../resources';
import { chainHead, type ChainHead } from '../modules/audit/witness';

/**
 * What a backup holds, read from one consistent view of the database (the SQLite copy itself, or
 * PostgreSQL's exported snapshot the dump is taken from): the audit chain's head, each table's row
 * count and the pictures its records name. The backup's manifest keeps them; a check and a restore
 * compare against them.
 */

export const BACKUP_FORMAT = 'hospital-console-backup/1';
export const MANIFEST = 'manifest.json';
export const SQLITE_FILE = 'console.sqlite';
export const PG_DUMP_FILE = 'database.pgdump';
export const UPLOADS = 'uploads';

export interface BackupFile {
  /** Relative to the backup folder, with `/`. */
  path: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  database: 'sqlite' | 'postgres';
  /** The audit chain's last entry in the backup (null: an empty trail). */
  head: ChainHead | null;
  /** Rows per table (every descriptor's table and the audit trail). */
  counts: Record<string, number>;
  /** Pictures the backed-up records name (`uploads/...`), and those of them the backup lacks. */
  pictures: { referenced: number; missing: string[] };
  files: BackupFile[];
}

/** The tables a backup counts: every descriptor's, then the trail's. */
export const countedTables = (registry: Registry): string[] => [...new Set([...registry.all.map((d) => d.table), 'audit_log'])];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database handle: the tables are named at run time from the descriptors
type AnyDb = Kysely<any>;

export async function countRows(db: AnyDb, tables: readonly string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db);
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

const PICTURE = /uploads\/[A-Za-z0-9._/-]+/g;

/** Every `uploads/...` path held by a picture or picture-list field of any record. */
export async function referencedPictures(db: AnyDb, registry: Registry): Promise<Set<string>> {
  const found = new Set<string>();
  for (const d of registry.all) {
    const columns = d.fields.filter((f) => f.kind === 'image' || f.kind === 'imageList').map((f) => f.name);
    if (!columns.length) continue;
    const { rows } = await sql<
      Record<string, unknown>
    >`SELECT ${sql.join(columns.map((c) => sql.ref(c)))} FROM ${sql.table(d.table)}`.execute(db);
    for (const row of rows)
      for (const c of columns) {
        const value = row[c];
        if (typeof value === 'string') for (const m of value.matchAll(PICTURE)) found.add(m[0]);
      }
  }
  return found;
}

/** Head, counts and referenced pictures of one view of the database. */
export async function contentsOf(db: AnyDb, registry: Registry) {
  return {
    head: (await chainHead(db)) ?? null,
    counts: await countRows(db, countedTables(registry)),
    pictures: await referencedPictures(db, registry),
  };
}

/** Pictures named by the records that are not under `root` (the backup folder, or a data folder). */
export const missingPictures = (pictures: Iterable<string>, root: string): string[] =>
  [...pictures].filter((p) => !fs.existsSync(path.join(root, ...p.split('/')))).sort();
