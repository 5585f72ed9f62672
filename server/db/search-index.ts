import { sql } from 'kysely';
import type { Connection } from './connect';
import type { ResourceDescriptor } from '../../resources';

/**
 * The `search` filter must not scan the table. SQLite: an external-content FTS5 table with the
 * trigram tokenizer (substring search, case-insensitive), kept in step by triggers.
 * PostgreSQL: a pg_trgm GIN index per searchable column, used by ILIKE '%term%'.
 * Identifiers come from descriptors (code), never from requests.
 */
export function searchFields(d: ResourceDescriptor): string[] {
  return d.fields.filter((f) => f.search).map((f) => f.name);
}

export const ftsTable = (d: ResourceDescriptor) => `${d.table}_fts`;

export async function syncSearchIndex(conn: Connection, d: ResourceDescriptor): Promise<void> {
  const cols = searchFields(d);
  if (!cols.length) return;
  if (conn.dialect === 'postgres') {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(conn.db);
    for (const c of cols) {
      await sql`CREATE INDEX IF NOT EXISTS ${sql.id(`${d.table}_${c}_trgm`)} ON ${sql.id(d.table)} USING gin (${sql.id(c)} gin_trgm_ops)`.execute(conn.db);
    }
    return;
  }
  const db = conn.sqlite!;
  const fts = ftsTable(d);
  const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const current = (db.prepare(`SELECT name FROM pragma_table_info(?)`).all(fts) as { name: string }[]).map((r) => r.name);
  if (current.join(',') === cols.join(',')) return;
  // The index is derived data: when its columns change it is rebuilt from the table.
  db.transaction(() => {
    db.exec(`DROP TABLE IF EXISTS ${q(fts)}`);
    for (const t of ['ai', 'ad', 'au']) db.exec(`DROP TRIGGER IF EXISTS ${q(`${fts}_${t}`)}`);
    db.exec(
      `CREATE VIRTUAL TABLE ${q(fts)} USING fts5(${cols.map(q).join(',')}, content=${q(d.table)}, content_rowid=${q(d.idField)}, tokenize='trigram')`,
    );
    const newVals = cols.map((c) => `new.${q(c)}`).join(',');
    const oldVals = cols.map((c) => `old.${q(c)}`).join(',');
    const colList = cols.map(q).join(',');
    db.exec(`CREATE TRIGGER ${q(`${fts}_ai`)} AFTER INSERT ON ${q(d.table)} BEGIN
      INSERT INTO ${q(fts)}(rowid, ${colList}) VALUES (new.${q(d.idField)}, ${newVals}); END`);
    db.exec(`CREATE TRIGGER ${q(`${fts}_ad`)} AFTER DELETE ON ${q(d.table)} BEGIN
      INSERT INTO ${q(fts)}(${q(fts)}, rowid, ${colList}) VALUES ('delete', old.${q(d.idField)}, ${oldVals}); END`);
    db.exec(`CREATE TRIGGER ${q(`${fts}_au`)} AFTER UPDATE ON ${q(d.table)} BEGIN
      INSERT INTO ${q(fts)}(${q(fts)}, rowid, ${colList}) VALUES ('delete', old.${q(d.idField)}, ${oldVals});
      INSERT INTO ${q(fts)}(rowid, ${colList}) VALUES (new.${q(d.idField)}, ${newVals}); END`);
    db.exec(`INSERT INTO ${q(fts)}(${q(fts)}) VALUES ('rebuild')`);
  })();
}
