import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Connection } from './connect';
import type { ResourceDescriptor } from '../../resources';

/**
 * The `search` filter must not scan the table. SQLite: an external-content FTS5 table with the
 * trigram tokenizer (substring search, case-insensitive), kept in step by triggers.
 * PostgreSQL: one pg_trgm GIN index on the searchable columns joined by a unit separator, used by
 * ILIKE '%term%' on the same expression (one index estimates far better than an OR of per-column
 * indexes, which the planner often abandons for a sequential scan).
 * Identifiers come from descriptors (code), never from requests.
 */
export function searchFields(d: ResourceDescriptor): string[] {
  return d.fields.filter((f) => f.search).map((f) => f.name);
}

export const ftsTable = (d: ResourceDescriptor) => `${d.table}_fts`;

/** PostgreSQL: the indexed text of a record, the same expression in the index and in queries. */
export function searchExpression(d: ResourceDescriptor, alias?: string) {
  const parts = searchFields(d).map((c) => sql`coalesce(${sql.ref(alias ? `${alias}.${c}` : c)}, '')`);
  return sql.join(parts, sql.raw(` || E'\\x1f' || `));
}

/**
 * `indexes`: the index names there are (PostgreSQL), when known; a table whose search index is the
 * only one of its name then costs no statement.
 */
export async function syncSearchIndex(conn: Connection, d: ResourceDescriptor, indexes?: ReadonlySet<string>): Promise<void> {
  const cols = searchFields(d);
  if (!cols.length) return;
  if (conn.dialect === 'postgres') {
    // The name carries the column list, so a changed list gets a new index and the old one goes.
    const name = `${d.table}_search_${createHash('sha1').update(cols.join(',')).digest('hex').slice(0, 8)}`;
    const searchIndexes = indexes && [...indexes].filter((i) => i.startsWith(`${d.table}_search_`));
    if (searchIndexes?.length === 1 && searchIndexes[0] === name) return;
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(conn.db);
    const old = await sql<{
      indexname: string;
    }>`SELECT indexname FROM pg_indexes WHERE tablename = ${d.table} AND indexname LIKE ${`${d.table}_search_%`}`.execute(conn.db);
    for (const { indexname } of old.rows) if (indexname !== name) await sql`DROP INDEX IF EXISTS ${sql.id(indexname)}`.execute(conn.db);
    await sql`CREATE INDEX IF NOT EXISTS ${sql.id(name)} ON ${sql.id(d.table)} USING gin ((${searchExpression(d)}) gin_trgm_ops)`.execute(
      conn.db,
    );
    return;
  }
  const db = conn.sqlite;
  if (!db) throw new Error('a SQLite connection has its raw handle');
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
    // Immediate: the write lock first, waited for (see sqlite-immediate.ts).
  }).immediate();
}
