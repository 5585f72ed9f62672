import { sql } from 'kysely';
import type { Connection } from './connect';
import { columns } from './columns';
import type { Registry, ResourceDescriptor } from '../../resources';
import { syncSearchIndex } from './search-index';
import { CREATED_BY } from './created-by';

/**
 * Additive sync of descriptor tables: create what is missing (tables, columns, indexes), never
 * drop or rewrite. Destructive changes go through versioned migrations instead.
 */
export async function syncDescriptorTables(conn: Connection, registry: Registry): Promise<void> {
  const existing = new Map((await conn.db.introspection.getTables()).map((t) => [t.name, new Set(t.columns.map((c) => c.name))]));
  const indexes = await indexNames(conn);
  for (const d of inDependencyOrder(registry)) {
    const columns = existing.get(d.table);
    // A migration's table is its own (it runs first); the sync only adds indexes to it.
    if (d.migrationTable && !columns) throw new Error(`descriptor "${d.name}": table "${d.table}" should have been created by a migration`);
    if (!columns) await createTable(conn, registry, d);
    else if (!d.migrationTable) await addMissingColumns(conn, d, columns);
    await createIndexes(conn, d, indexes);
    await syncSearchIndex(conn, d, indexes);
  }
}

/**
 * The names of the indexes there are, read once: a start then sends a statement only for an index
 * that is missing, not one per index (on PostgreSQL that was ~50 round trips of every start).
 */
async function indexNames(conn: Connection): Promise<ReadonlySet<string>> {
  const { rows } =
    conn.dialect === 'postgres'
      ? await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema()`.execute(conn.db)
      : await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index'`.execute(conn.db);
  return new Set(rows.map((r) => r.name));
}

/** Referenced tables first, so foreign keys can name them. */
export function inDependencyOrder(registry: Registry): ResourceDescriptor[] {
  const done = new Set<string>();
  const out: ResourceDescriptor[] = [];
  const visit = (d: ResourceDescriptor, path: string[]) => {
    if (done.has(d.name) || path.includes(d.name)) return;
    for (const f of d.fields) if (f.kind === 'reference') visit(registry.get(f.reference), [...path, d.name]);
    done.add(d.name);
    out.push(d);
  };
  for (const d of registry.all) visit(d, []);
  return out;
}

async function createTable(conn: Connection, registry: Registry, d: ResourceDescriptor) {
  let t = conn.db.schema.createTable(d.table).ifNotExists();
  t =
    conn.dialect === 'postgres'
      ? t.addColumn(d.idField, 'serial', (c) => c.primaryKey())
      : t.addColumn(d.idField, 'integer', (c) => c.primaryKey().autoIncrement());
  for (const f of d.fields) {
    t = t.addColumn(f.name, columns[f.kind](conn.dialect), (c) => {
      if (f.kind === 'status') return c.notNull().defaultTo(f.default ?? 1);
      // A reference whose none is 0 stores 0 for "no record": no foreign key can hold it (the
      // service checks every other value, and a delete counts the records using it).
      if (f.kind === 'reference' && f.none === undefined) {
        const target = registry.get(f.reference);
        // RESTRICT: a referenced record cannot disappear from under its users.
        return c.references(`${target.table}.${target.idField}`).onDelete('restrict');
      }
      return c;
    });
  }
  t = t.addColumn('created_at', 'text', (c) => c.notNull().defaultTo('')).addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(''));
  t = t.addColumn(CREATED_BY, 'integer', (c) => c.notNull().defaultTo(0));
  // The server's own marks on a record (the scheduler's claims), text and empty until claimed.
  for (const column of d.bookkeeping ?? []) t = t.addColumn(column, 'text');
  await t.execute();
}

async function addMissingColumns(conn: Connection, d: ResourceDescriptor, existing: Set<string>) {
  if (!existing.has(CREATED_BY))
    await conn.db.schema
      .alterTable(d.table)
      .addColumn(CREATED_BY, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  for (const column of d.bookkeeping ?? [])
    if (!existing.has(column)) await conn.db.schema.alterTable(d.table).addColumn(column, 'text').execute();
  for (const f of d.fields) {
    if (existing.has(f.name)) continue;
    await conn.db.schema
      .alterTable(d.table)
      .addColumn(f.name, columns[f.kind](conn.dialect), (c) => (f.kind === 'status' ? c.notNull().defaultTo(f.default ?? 1) : c))
      .execute();
  }
}

async function createIndexes(conn: Connection, d: ResourceDescriptor, existing: ReadonlySet<string>) {
  for (const f of d.fields) {
    const unique = `${d.table}_${f.name}_unique`;
    const plain = `${d.table}_${f.name}_idx`;
    if (f.unique) {
      if (!existing.has(unique)) await conn.db.schema.createIndex(unique).ifNotExists().unique().on(d.table).column(f.name).execute();
    } else if (f.kind === 'reference' || f.kind === 'status' || f.filter) {
      if (!existing.has(plain)) await conn.db.schema.createIndex(plain).ifNotExists().on(d.table).column(f.name).execute();
    }
  }
  // Lists are read newest first within a status; this keeps `status=1` pages index-ordered.
  const byStatus = `${d.table}_${d.statusField}_${d.idField}_idx`;
  if (!d.statusField || existing.has(byStatus)) return;
  await conn.db.schema.createIndex(byStatus).ifNotExists().on(d.table).columns([d.statusField, d.idField]).execute();
}
