import { sql } from 'kysely';
import { dynamic, type DynamicDb, type Row } from '../db/database';
import { parseStringList, type Registry, type ResourceDescriptor } from '../../resources';
import { ApiError, notFound } from '../http/envelope';
import type { ImageStore, PreparedImage } from './images';
import type { ListQuery } from './list-query';
import { createReader } from './read';
import { planWrite, rebase } from './values';
import { isUniqueViolation } from '../db/errors';
import { loadRichTextSanitizer } from './sanitize';
import type { WriteBody } from './body';
import type { Connection } from '../db/connect';
import type { CompiledRunner } from '../db/compiled';
import type { WriteGeneration } from '../db/write-generation';

/**
 * Create, read, update and delete for any descriptor. Every write is checked completely before
 * anything is stored: bad input changes nothing, and pictures written for a failed write are
 * removed again.
 */
export type CrudService = ReturnType<typeof createCrudService>;

/**
 * Rules a feature module adds to one resource's generic writes (the access module keeps the
 * Super Admin group from being deactivated or deleted, and groups in use from being deleted).
 * A `before*` guard refuses by throwing an ApiError; nothing has been written at that point.
 * `afterWrite` runs once the change is stored (to drop caches, tell other modules).
 */
export interface CrudGuards {
  beforeUpdate?(existing: Row, merged: Row): void | Promise<void>;
  beforeDelete?(existing: Row): void | Promise<void>;
  afterWrite?(id: number, action: 'create' | 'update' | 'delete'): void | Promise<void>;
}

const now = () => new Date().toISOString();
const hasRichText = (d: ResourceDescriptor) => d.fields.some((f) => f.kind === 'richText');

const SINGLETON_ID = 1;
const singletonExists = (d: ResourceDescriptor) =>
  new ApiError(409, `The ${d.name} record already exists; update it (id ${SINGLETON_ID}) instead`);

/**
 * `timeZone`: the server's configured zone, in which date defaults ('today', 'now') are evaluated.
 * `generation`: the tables' write generations, with which the reader keeps totals and search matches.
 */
export function createCrudService(
  conn: Connection,
  registry: Registry,
  images: ImageStore,
  run: CompiledRunner,
  timeZone: string,
  generation?: WriteGeneration,
) {
  const { db, dialect } = conn;
  const ddb = dynamic(db);
  const reader = createReader(db, dialect, registry, run, generation, conn.answers);
  const guards = new Map<string, CrudGuards[]>();
  const guardsOf = (d: ResourceDescriptor) => guards.get(d.name) ?? [];
  const after = async (d: ResourceDescriptor, id: number, action: 'create' | 'update' | 'delete') => {
    for (const g of guardsOf(d)) await g.afterWrite?.(id, action);
  };

  /**
   * Adds a message for every reference to a record that does not exist. `on`: the transaction of
   * a write, in which each referenced record is also locked against deletion until the write
   * commits (PostgreSQL `FOR SHARE`, as a foreign key would; SQLite's single connection is held
   * by the transaction).
   */
  async function checkReferences(d: ResourceDescriptor, merged: Row, errors: Record<string, string>, on?: DynamicDb) {
    for (const f of d.fields) {
      if (f.kind !== 'reference' || errors[f.name] || merged[f.name] == null || merged[f.name] === f.none) continue;
      const target = registry.get(f.reference);
      let q = (on ?? ddb)
        .selectFrom(target.table)
        .select(sql.ref(target.idField).as('id'))
        .where(sql.ref(target.idField), '=', merged[f.name]);
      if (on && dialect === 'postgres') q = q.forShare();
      const found = await q.executeTakeFirst();
      if (!found) errors[f.name] = `${f.name} refers to an unknown ${target.name} (id ${String(merged[f.name])})`;
    }
  }

  /**
   * Inside a write's transaction, just before it stores the row: the references checked again
   * and held (see checkReferences), so a record deleted since the first check is refused with
   * the same answer, and one not yet deleted cannot be deleted before this write commits.
   */
  async function holdReferences(tdb: DynamicDb, d: ResourceDescriptor, row: Row) {
    const errors: Record<string, string> = {};
    await checkReferences(d, row, errors, tdb);
    if (Object.keys(errors).length) throw new ApiError(422, Object.values(errors).join('; '), errors);
  }

  async function checkReferencesAndDuplicates(d: ResourceDescriptor, merged: Row, errors: Record<string, string>, id?: number) {
    await checkReferences(d, merged, errors);
    if (Object.keys(errors).length) throw new ApiError(422, Object.values(errors).join('; '), errors);
    for (const f of d.fields) {
      if (!f.unique || merged[f.name] == null || merged[f.name] === '') continue;
      let q = ddb.selectFrom(d.table).select(sql.ref(d.idField).as('id')).where(sql.ref(f.name), '=', merged[f.name]);
      if (id !== undefined) q = q.where(sql.ref(d.idField), '<>', id);
      if (await q.executeTakeFirst()) throw duplicate(f.name, merged[f.name]);
    }
  }

  const duplicate = (field: string, value: unknown) =>
    new ApiError(409, `${field} "${String(value)}" already exists`, { [field]: 'already exists' });

  const findRow = async (d: ResourceDescriptor, id: number): Promise<Row | undefined> =>
    ddb.selectFrom(d.table).selectAll().where(sql.ref(d.idField), '=', id).executeTakeFirst();

  /** Stores new pictures and puts their paths into the values; answers what to remove on failure. */
  async function storeUploads(d: ResourceDescriptor, prepared: PreparedImage[], values: Row, merged: Row): Promise<string[]> {
    const written: string[] = [];
    for (const img of prepared) {
      const stored = await images.save(d.table, img);
      written.push(stored);
      const f = d.fields.find((x) => x.name === img.field);
      if (f?.kind === 'imageList') {
        const list = parseStringList(values[img.field] ?? merged[img.field]);
        values[img.field] = JSON.stringify([...list, stored]);
      } else {
        values[img.field] = stored;
      }
    }
    return written;
  }

  /** The record just written, as the API answers it. */
  async function readBack(d: ResourceDescriptor, id: number): Promise<Row> {
    const row = await reader.get(d, id);
    if (!row) throw notFound(`${d.name} ${id}`);
    return row;
  }

  /** A database refusal as an answer; a duplicate that a simultaneous write won (past the check above) names its field too. */
  const translateDbError = (err: unknown, d?: ResourceDescriptor, values?: Row): never => {
    const msg = err instanceof Error ? err.message : String(err);
    const field = d?.fields.find((f) => f.unique && isUniqueViolation(err, f.name));
    if (field) throw duplicate(field.name, values?.[field.name]);
    if (/UNIQUE|duplicate key/i.test(msg)) throw new ApiError(409, 'A record with the same code already exists');
    if (/FOREIGN KEY|foreign key/i.test(msg)) throw new ApiError(409, 'The record is referenced by other records');
    throw err;
  };

  /**
   * Writes an update in one transaction that first reads the record again under a row lock
   * (PostgreSQL `FOR UPDATE`; SQLite's single writer connection is held by the transaction), so
   * that values worked out from the record (derived columns, picture lists, pictures to delete)
   * are worked out from the record as it is stored, not as it was when the request began: two
   * updates at once then behave as if one came after the other. Answers the pictures to delete.
   */
  async function writeUpdate(d: ResourceDescriptor, id: number, existing: Row, planned: Row): Promise<string[]> {
    return db.transaction().execute(async (trx) => {
      const tdb = dynamic(trx);
      let read = tdb.selectFrom(d.table).selectAll().where(sql.ref(d.idField), '=', id);
      if (dialect === 'postgres') read = read.forUpdate();
      const current = await read.executeTakeFirst();
      if (!current) throw notFound(`${d.name} ${id}`);
      const rebased = rebase(d, planned, existing, current);
      if (Object.keys(rebased.errors).length) throw new ApiError(409, Object.values(rebased.errors).join('; '), rebased.errors);
      await holdReferences(tdb, d, { ...current, ...rebased.values });
      await tdb.updateTable(d.table).set(rebased.values).where(sql.ref(d.idField), '=', id).execute();
      return rebased.dropped;
    });
  }

  /** `extra`: column values a feature module adds after its own checks (a password hash). */
  async function write(d: ResourceDescriptor, body: WriteBody, existing?: Row, extra?: Row): Promise<number> {
    const id = existing ? Number(existing[d.idField]) : undefined;
    if (hasRichText(d)) await loadRichTextSanitizer();
    const planned = planWrite(d, body.fields, body.files, existing, timeZone);
    await checkReferencesAndDuplicates(d, planned.merged, planned.errors, id);
    if (existing) for (const g of guardsOf(d)) await g.beforeUpdate?.(existing, planned.merged);
    const prepared: PreparedImage[] = [];
    for (const file of planned.uploads) prepared.push(await images.prepare(file));
    const written = await storeUploads(d, prepared, planned.values, planned.merged);
    const values = { ...planned.values, ...extra, updated_at: now() };
    let savedId = id;
    let dropped: string[] = [];
    try {
      if (existing && id !== undefined) {
        dropped = await writeUpdate(d, id, existing, values);
      } else {
        // A singleton's one record always has id 1, so a concurrent second create hits the key.
        const fixed = d.singleton ? { [d.idField]: SINGLETON_ID } : {};
        savedId = await db.transaction().execute(async (trx) => {
          const tdb = dynamic(trx);
          await holdReferences(tdb, d, planned.merged);
          const row = await tdb
            .insertInto(d.table)
            .values({ ...values, ...fixed, created_at: values.updated_at })
            .returning(sql.ref(d.idField).as('id'))
            .executeTakeFirstOrThrow();
          return Number(row.id);
        });
      }
    } catch (err) {
      await Promise.all(written.map((p) => images.remove(p)));
      if (err instanceof ApiError) throw err;
      if (d.singleton && id === undefined && /UNIQUE|duplicate key/i.test(err instanceof Error ? err.message : ''))
        throw singletonExists(d);
      translateDbError(err, d, { ...planned.merged, ...values });
    }
    // Only once the write is stored: a failed write leaves every picture it named in place.
    await Promise.all(dropped.map((p) => images.remove(p)));
    if (savedId === undefined) throw new Error(`${d.name}: the write answered no id`);
    return savedId;
  }

  return {
    /** Adds a module's guards to a resource's writes (see CrudGuards). */
    guard(resource: string, g: CrudGuards) {
      guards.set(resource, [...(guards.get(resource) ?? []), g]);
    },

    list: (d: ResourceDescriptor, q: ListQuery) => reader.list(d, q),

    async get(d: ResourceDescriptor, id: number): Promise<Row> {
      const row = await reader.get(d, id);
      if (!row) throw notFound(`${d.name} ${id}`);
      return row;
    },

    async create(d: ResourceDescriptor, body: WriteBody, extra?: Row): Promise<Row> {
      if (d.singleton && (await reader.get(d, SINGLETON_ID))) throw singletonExists(d);
      const id = await write(d, body, undefined, extra);
      await after(d, id, 'create');
      return readBack(d, id);
    },

    /**
     * The field messages a write of this body would be refused with (as create or as update of
     * `id`), without writing anything: what a route answers when its schema refused the body.
     */
    async problems(d: ResourceDescriptor, body: WriteBody, id?: number): Promise<Record<string, string>> {
      const existing = id === undefined ? undefined : await findRow(d, id);
      if (id !== undefined && !existing) throw notFound(`${d.name} ${id}`);
      if (hasRichText(d)) await loadRichTextSanitizer();
      const planned = planWrite(d, body.fields, body.files, existing, timeZone);
      await checkReferences(d, planned.merged, planned.errors);
      return planned.errors;
    },

    async update(d: ResourceDescriptor, id: number, body: WriteBody, extra?: Row): Promise<Row> {
      const existing = await findRow(d, id);
      if (!existing) throw notFound(`${d.name} ${id}`);
      await write(d, body, existing, extra);
      await after(d, id, 'update');
      return readBack(d, id);
    },

    async remove(d: ResourceDescriptor, id: number): Promise<Row> {
      const existing = await findRow(d, id);
      if (!existing) throw notFound(`${d.name} ${id}`);
      for (const g of guardsOf(d)) await g.beforeDelete?.(existing);
      // The counts and the delete in one transaction that first locks the record (PostgreSQL
      // `FOR UPDATE`): a write that holds it as a reference (`FOR SHARE`, see holdReferences)
      // makes the delete wait until it commits, and the counts after the lock then see its record.
      try {
        await db.transaction().execute(async (trx) => {
          const tdb = dynamic(trx);
          if (dialect === 'postgres') {
            await tdb.selectFrom(d.table).select(sql.ref(d.idField).as('id')).where(sql.ref(d.idField), '=', id).forUpdate().execute();
          }
          for (const other of registry.all) {
            for (const f of other.fields) {
              if (f.kind !== 'reference' || f.reference !== d.name) continue;
              const used = await tdb
                .selectFrom(other.table)
                .select(sql<number>`count(*)`.as('n'))
                .where(sql.ref(f.name), '=', id)
                .executeTakeFirstOrThrow();
              if (used.n > 0) {
                throw new ApiError(
                  409,
                  `"${String(existing[d.titleField])}" is used by ${used.n} ${other.name} record(s) and cannot be deleted; set it Inactive instead`,
                );
              }
            }
          }
          await tdb.deleteFrom(d.table).where(sql.ref(d.idField), '=', id).execute();
        });
      } catch (err) {
        if (err instanceof ApiError) throw err;
        translateDbError(err);
      }
      await after(d, id, 'delete');
      for (const f of d.fields) {
        const v = existing[f.name];
        if (f.kind === 'image' && typeof v === 'string') await images.remove(v);
        if (f.kind === 'imageList' && typeof v === 'string') {
          for (const p of parseStringList(v)) await images.remove(p);
        }
      }
      return { [d.idField]: id };
    },
  };
}
