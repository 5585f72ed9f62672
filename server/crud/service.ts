import { sql } from 'kysely';
import { dynamic, type DynamicDb, type Row } from '../db/database';
import { parseStringList, servedBesides, type Registry, type ResourceDescriptor } from '../../resources';
import { ApiError, notFound } from '../http/envelope';
import type { ImageStore, PreparedImage } from './images';
import type { ListQuery } from './list-query';
import { createReader, type ReadRules } from './read';
import { planWrite, rebase } from './values';
import { claimRecord, type ClaimCondition } from './claim';
import { nextVersion, versionOf } from './versions';
import { isUniqueViolation } from '../db/errors';
import { loadRichTextSanitizer } from './sanitize';
import type { WriteBody } from './body';
import type { Connection } from '../db/connect';
import type { CompiledRunner } from '../db/compiled';
import type { WriteGeneration } from '../db/write-generation';
import type { AuthUser, RequestOrigin } from '../auth/auth-user';
import type { AuditAction } from '../../resources/audit';
import { inBranchScope, scopeOf } from '../auth/scope';
import type { RecordChange } from '../events';
import { createSaveMany, type SaveItem, type SaveResult } from './save-many';
import { dropLinks, idsOf, linkChangesOf, touch, unknownIds, writeLinks, type LinkChange } from './links';
import { searchFields } from '../db/search-index';
import { createdByOf, hasCreatedBy } from '../db/created-by';
import {
  assertAdmitted,
  assertWritable,
  declaredDefault,
  ruledQuery,
  withoutHidden,
  type AppliedRules,
  type RecordRules,
} from './record-rules';

/**
 * Create, read, update and delete for any descriptor. Every write is checked completely before
 * anything is stored: bad input changes nothing, and pictures written for a failed write are
 * removed again.
 */
export type CrudService = ReturnType<typeof createCrudService>;

/**
 * Who is acting: the signed-in user of the request. Every route passes it; a write without one
 * (the first start's sample rows) is the server's own and meets no policy.
 */
export type Actor = AuthUser;

/** What a write may carry besides its body. */
export interface WriteOptions {
  actor?: Actor;
  /** Column values a feature module adds after its own checks (a password hash). */
  extra?: Row;
  /**
   * The version the client last read (`If-Match`): an update or delete of a record written since is
   * refused (412) with the record as it is now. Absent: last write wins, as the spec's clients expect.
   */
  expectedVersion?: string;
  /**
   * A transaction the caller opened and commits or rolls back itself (an import's rows, one
   * transaction for the whole file): the write's checks, store and trail entry run in it, the
   * steps that must only follow a committed change wait for the caller. Only for resources
   * without module policies (see `joinable`): a policy's own queries and locks use the connection,
   * which the caller's transaction holds (SQLite) or cannot see (PostgreSQL). No pictures.
   */
  within?: OuterTransaction;
  /**
   * What the change is, when it is more than an update (a password changed by its owner or reset
   * by a code): the trail records it under this action. The write is an update all the same.
   */
  reason?: WriteReason;
  /** Where the request came from when no actor carries it (a reset by code: nobody is signed in). */
  origin?: RequestOrigin;
  /**
   * The body holds stored values the server put back (a version from the trail, a record as an
   * import found it), not values the actor chose: a field hidden from the actor that it leaves as
   * it is passes (see `assertWritable`). An undelete's body is always such.
   */
  storedValues?: boolean;
  /**
   * How the write came when it is one of many (a bulk action's row): a path that cannot send one
   * sensible change request for review, refused by the approvals' gate on a resource under a
   * workflow (imports, restore and undelete the service tells apart itself).
   */
  via?: 'bulk';
  /**
   * The approvals' pass (issue 48): an approved change request applied through the one write path.
   * The gate lets through only the pass it made itself, which only the approvals module holds.
   */
  approval?: object;
  /**
   * Runs every check and policy of the write as the actor (and the gate), stores nothing: whether
   * the actor could make this change (an approver of an access change: the no-escalation rule).
   */
  checkOnly?: boolean;
  /** Added to the trail's entry of the change beside what it changed (an applied request: its id and author). */
  note?: Row;
}

/**
 * The approvals' gate (issue 48), adopted once when the app is built (`crud.gatedBy`): asked on
 * every write by an actor once every check and policy has passed, before anything is stored. It
 * answers undefined (at once, a map lookup, for a resource without a workflow) to let the write
 * through, or throws: a change request stored instead of the change (202), or a refusal (a path
 * that cannot send one request for review).
 */
export interface WriteGate {
  hold(d: ResourceDescriptor, write: GatedWrite): void | Promise<void>;
}

/** A write as the gate sees it. */
export interface GatedWrite {
  action: 'create' | 'update' | 'delete';
  actor: Actor;
  id?: number;
  /** The record as stored (update, delete). */
  before?: Row;
  /** The body as the actor sent it, before the policies' `prepare` (what a request keeps). */
  body?: WriteBody;
  links?: ReadonlyMap<string, LinkChange>;
  reason?: WriteReason;
  /** One record's write, or a path that cannot send it for review. */
  via: 'write' | 'bulk' | 'import' | 'restore' | 'undelete';
  expectedVersion?: string;
  approval?: object;
  /**
   * The caller's open transaction (an import's): what the gate must read is read through it. On
   * SQLite the one connection is held by it, so a read outside it would wait for ever.
   */
  within?: DynamicDb;
}

/**
 * The changes that are updates of a record but recorded under their own name: a password changed
 * or reset (the user's record), permissions granted or withdrawn (a group's or a user's links).
 */
export type WriteReason = Extract<AuditAction, 'password-change' | 'password-reset' | 'permission-change'>;

/** See WriteOptions.within. */
export interface OuterTransaction {
  db: DynamicDb;
  /** Keeps a step (policies' after-steps, the change announced, pictures to remove) for after the commit. */
  afterCommit(step: () => Promise<void>): void;
}

/** Who last changed a record and when, as the audit trail knows it. */
export interface LastChange {
  user_id: number | null;
  user_name: string;
  at: string;
  action: string;
}

/** Thrown inside a write's transaction when the record moved on since the client read it. */
class StaleWrite extends Error {}

/**
 * A module's policy for one resource, evaluated by the one write path every caller goes through
 * (routes, bulk actions, imports alike), with the actor and the record before and after the
 * change. A `before*` rule refuses by throwing an ApiError; nothing has been written at that point.
 * - `extra`: column values the module works out from the body (a password hash), after the rules.
 * - `serialise`: runs the store step in a section of its own (a lock) in which the rule that must
 *   see a settled state checks it again (the last active Super Admin).
 * - `afterWrite` runs once the change is stored (to end sessions, drop caches, tell other modules).
 */
export interface Change {
  action: 'create' | 'update' | 'delete';
  actor?: Actor;
  /** The record as stored before the change (update, delete). */
  before?: Row;
  /** The record as it will be (create, update): stored values merged with the body's. */
  after?: Row;
  body?: WriteBody;
  /** A create that puts a deleted record back (the trail's undelete): its values are the deleted record's. */
  undeleting?: boolean;
  /** The links the body changes (resources/types.ts `Link`), by link name, as read from it. */
  links?: ReadonlyMap<string, LinkChange>;
}
export interface CrudGuards {
  /**
   * Reads the body by the module's own rules before the descriptor's (with the module's own
   * messages), and answers the body the write then checks and stores: what a body means can
   * depend on the record before it and on the actor (a notice's type clears the target it does
   * not use, its sender is the actor). Refuses by throwing an ApiError; nothing is written then.
   */
  prepare?(change: Change & { body: WriteBody }): WriteBody | Promise<WriteBody>;
  beforeCreate?(change: Change & { after: Row; body: WriteBody }): void | Promise<void>;
  beforeUpdate?(change: Change & { before: Row; after: Row; body: WriteBody }): void | Promise<void>;
  beforeDelete?(change: Change & { before: Row }): void | Promise<void>;
  extra?(change: Change & { body: WriteBody }): Row | Promise<Row>;
  serialise?<T>(change: Change, store: () => Promise<T>): Promise<T>;
  afterWrite?(id: number, action: 'create' | 'update' | 'delete', change: Change): void | Promise<void>;
  /**
   * What the trail says a stored change changed, where the fields' before and after would not say
   * it well (a permission change: the slugs granted and withdrawn). Runs in the change's
   * transaction; undefined: the fields' changes.
   */
  describe?(tdb: DynamicDb, change: StoredChange): Promise<Row | undefined>;
}

/**
 * A resource's policy as its module declares it (server/modules/policies.ts): built once with the
 * app's context and adopted by the service before anything is written, never attached by a route.
 */
export interface ResourcePolicy {
  resource: string;
  guards: CrudGuards;
}

/**
 * A change as stored, handed to the recorder inside the change's own transaction (the audit
 * trail), so the change and its record commit or roll back together. `before` is the record as
 * it was when the write locked it; `after` the record as it is now stored.
 */
export interface StoredChange {
  resource: ResourceDescriptor;
  id: number;
  action: 'create' | 'update' | 'delete';
  actor?: Actor;
  before?: Row;
  after?: Row;
  reason?: WriteReason;
  origin?: RequestOrigin;
  /** What the change changed, as a module's policy describes it (CrudGuards.describe). */
  described?: Row;
  /** Added beside what it changed (WriteOptions.note). */
  note?: Row;
}
export type ChangeRecorder = (trx: DynamicDb, change: StoredChange) => Promise<void>;
/** The recorder's batch form: several stored changes, written down in the order given. */
export type ChangesRecorder = (trx: DynamicDb, changes: StoredChange[]) => Promise<void>;

/** The branch rule, one place for every caller (server/auth/scope.ts); re-exported for the service's users. */
export { inBranchScope, scopeOf };

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
  let adopted = false;
  const guardsOf = (d: ResourceDescriptor) => guards.get(d.name) ?? [];
  /** The field and row rules (issue 47), declared by their module and adopted once (`ruledBy`). */
  let rules: RecordRules | undefined;
  /** The approvals' gate (issue 48), adopted once (`gatedBy`). */
  let gate: WriteGate | undefined;
  /** The rules for the actor on the resource: at once when known, undefined for the server's own work. */
  /** `within`: the caller's open transaction, which rules not yet known are read through. */
  const rulesFor = (d: ResourceDescriptor, actor: Actor | undefined, within?: DynamicDb) =>
    actor && rules ? rules.of(d, actor, within) : undefined;
  /** 404 for a stored row outside the actor's row rules, as for one outside their branch. */
  const assertRuled = (d: ResourceDescriptor, applied: AppliedRules | undefined, row: Row, id: number) => {
    if (applied?.where.length && !applied.admits(row)) throw notFound(`${d.name} ${id}`);
  };
  let announce: ((change: RecordChange) => void) | undefined;
  /** The module policies' after-steps, then the change told to whoever listens (real-time pushes). */
  const after = async (d: ResourceDescriptor, id: number, change: Change) => {
    for (const g of guardsOf(d)) await g.afterWrite?.(id, change.action, change);
    // A record of a branch is told to that branch only; one moved is told to both branches.
    const field = d.branchScope;
    const branches = field
      ? [...new Set([change.before?.[field], change.after?.[field]].filter((v) => v !== undefined && v !== null).map(Number))]
      : undefined;
    announce?.({ resource: d.name, ids: [id], action: change.action, ...(branches && { branches }) });
  };
  /** The store step inside every guard's section (locks), outermost first. */
  const serialised = <T>(d: ResourceDescriptor, change: Change, store: () => Promise<T>): Promise<T> =>
    guardsOf(d).reduceRight<() => Promise<T>>((inner, g) => {
      const section = g.serialise?.bind(g);
      return section ? () => section(change, inner) : inner;
    }, store)();

  /** A resource by name: the registry's, or one served beside it (menus, notices). */
  const named = (name: string) => registry.find(name) ?? servedBesides.find((x) => x.name === name);
  const everyDescriptor = [...registry.all, ...servedBesides.filter((x) => !registry.find(x.name))];

  /** Steps the versions of the records whose links a write moved (a group's save moves its menus). */
  async function touchLinked(tdb: DynamicDb, touched: ReadonlyMap<string, number[]>, at: string) {
    for (const [name, ids] of touched) {
      const target = named(name);
      if (target) await touch(tdb, target, ids, at);
    }
  }

  /** Writes a stored change down (the trail), as the resource's policy describes it where it does. */
  async function recordChange(tdb: DynamicDb, change: StoredChange) {
    if (!recorder) return;
    let described: Row | undefined;
    for (const g of guardsOf(change.resource)) described = (await g.describe?.(tdb, change)) ?? described;
    await recorder(tdb, described ? { ...change, described } : change);
  }

  /** The links a body names, read from it; malformed values and unknown ids become field messages. */
  async function readLinks(d: ResourceDescriptor, fields: Record<string, unknown>, errors: Record<string, string>, on?: DynamicDb) {
    const changes = linkChangesOf(d, fields, errors);
    for (const [name, change] of changes) {
      const link = d.links?.find((l) => l.name === name);
      const target = link && named(link.target);
      if (!target) throw new Error(`${d.name}: the link ${name} names no declared resource`);
      const unknown = await unknownIds(on ?? ddb, target, idsOf(change));
      if (unknown.length) errors[name] = `Unknown ${target.name} id(s): ${unknown.join(', ')}`;
    }
    return changes;
  }

  /** 404 for a record outside the actor's branch: it does not exist for them (no probing). */
  function assertInScope(d: ResourceDescriptor, actor: Actor | undefined, row: Row, id: number) {
    if (!inBranchScope(d, actor, row)) throw notFound(`${d.name} ${id}`);
  }

  /** 403 when a branch-scoped actor would put a record in another branch (or in every branch). */
  function assertOwnBranch(d: ResourceDescriptor, actor: Actor | undefined, merged: Row) {
    const scope = scopeOf(d, actor);
    if (scope && Number(merged[scope.field]) !== scope.branch)
      throw new ApiError(403, 'You may only manage records of your own branch', { [scope.field]: 'must be your own branch' });
  }

  /**
   * Adds a message for every reference to a record that does not exist. `on`: the transaction of
   * a write, in which each referenced record is also locked against deletion until the write
   * commits (PostgreSQL `FOR SHARE`, as a foreign key would; SQLite's single connection is held
   * by the transaction).
   */
  async function checkReferences(d: ResourceDescriptor, merged: Row, errors: Record<string, string>, on?: DynamicDb) {
    const held = on && (heldIn.get(on) ?? heldIn.set(on, new Set()).get(on));
    for (const f of d.fields) {
      if (f.kind !== 'reference' || errors[f.name] || merged[f.name] == null || merged[f.name] === f.none) continue;
      const target = registry.get(f.reference);
      const key = `${target.table}:${String(merged[f.name])}`;
      if (held?.has(key)) continue;
      let q = (on ?? ddb)
        .selectFrom(target.table)
        .select(sql.ref(target.idField).as('id'))
        .where(sql.ref(target.idField), '=', merged[f.name]);
      if (on && dialect === 'postgres') q = q.forShare();
      const found = await q.executeTakeFirst();
      if (!found) errors[f.name] = `${f.name} refers to an unknown ${target.name} (id ${String(merged[f.name])})`;
      else held?.add(key);
    }
  }
  /**
   * The records each transaction has found and holds as references (see checkReferences): held
   * until it ends, they need not be read again by its later writes (an import's rows, which all
   * name the same few categories).
   */
  const heldIn = new WeakMap<DynamicDb, Set<string>>();

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

  async function checkReferencesAndDuplicates(
    d: ResourceDescriptor,
    merged: Row,
    errors: Record<string, string>,
    id?: number,
    on?: DynamicDb,
  ) {
    // In the caller's transaction the store step's holdReferences reads the same rows in the same
    // snapshot: reading them here as well would only double the queries.
    if (!on) await checkReferences(d, merged, errors);
    if (Object.keys(errors).length) throw new ApiError(422, Object.values(errors).join('; '), errors);
    for (const f of d.fields) {
      if (!f.unique || merged[f.name] == null || merged[f.name] === '') continue;
      let q = (on ?? ddb).selectFrom(d.table).select(sql.ref(d.idField).as('id')).where(sql.ref(f.name), '=', merged[f.name]);
      if (id !== undefined) q = q.where(sql.ref(d.idField), '<>', id);
      if (await q.executeTakeFirst()) throw duplicate(f.name, merged[f.name]);
    }
  }

  const duplicate = (field: string, value: unknown) =>
    new ApiError(409, `${field} "${String(value)}" already exists`, { [field]: 'already exists' });

  const findRow = async (d: ResourceDescriptor, id: number, on?: DynamicDb): Promise<Row | undefined> =>
    (on ?? ddb).selectFrom(d.table).selectAll().where(sql.ref(d.idField), '=', id).executeTakeFirst();

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
  let recorder: ChangeRecorder | undefined;

  let lastChangeOf: ((d: Pick<ResourceDescriptor, 'name'>, id: number) => Promise<LastChange | undefined>) | undefined;

  /** 412 with the record as it is now and who changed it, so the console can show both sides. */
  async function staleAnswer(d: ResourceDescriptor, id: number): Promise<ApiError> {
    const record = await reader.get(d, id);
    if (!record) return notFound(`${d.name} ${id}`);
    const changed = await lastChangeOf?.(d, id);
    return new ApiError(
      412,
      'This record was changed by someone else after you opened it; review their changes and save again',
      undefined,
      {
        record,
        version: versionOf(record),
        ...(changed && {
          changed_by: { user_id: changed.user_id, user_name: changed.user_name },
          changed_at: changed.at,
          changed_action: changed.action,
        }),
      },
    );
  }

  /** A store step in the caller's transaction when there is one, else in a transaction of its own. */
  const transaction = <T>(on: DynamicDb | undefined, body: (tdb: DynamicDb) => Promise<T>): Promise<T> =>
    on ? body(on) : db.transaction().execute((trx) => body(dynamic(trx)));

  async function writeUpdate(
    d: ResourceDescriptor,
    id: number,
    existing: Row,
    planned: Row,
    options: Pick<WriteOptions, 'actor' | 'expectedVersion' | 'reason' | 'origin' | 'note'>,
    links: ReadonlyMap<string, LinkChange>,
    on?: DynamicDb,
  ): Promise<string[]> {
    const { actor, expectedVersion: expected, reason, origin } = options;
    return transaction(on, async (tdb) => {
      let read = tdb.selectFrom(d.table).selectAll().where(sql.ref(d.idField), '=', id);
      if (dialect === 'postgres') read = read.forUpdate();
      const current = await read.executeTakeFirst();
      if (!current) throw notFound(`${d.name} ${id}`);
      if (expected !== undefined && expected !== versionOf(current)) throw new StaleWrite();
      const rebased = rebase(d, planned, existing, current);
      rebased.values.updated_at = nextVersion(String(planned.updated_at), current.updated_at);
      if (Object.keys(rebased.errors).length) throw new ApiError(409, Object.values(rebased.errors).join('; '), rebased.errors);
      await holdReferences(tdb, d, { ...current, ...rebased.values });
      const update = tdb.updateTable(d.table).set(rebased.values).where(sql.ref(d.idField), '=', id);
      // The trail needs the row as stored: the statement answers it, rather than a read after it.
      const stored = recorder ? await update.returningAll().executeTakeFirst() : (await update.execute(), undefined);
      // The links with the row, under its lock: the trail keeps their states beside its fields.
      const linked = d.links?.length && (recorder || links.size) ? await writeLinks(tdb, d, id, links) : undefined;
      if (linked) await touchLinked(tdb, linked.touched, String(rebased.values.updated_at));
      await recordChange(tdb, {
        resource: d,
        id,
        action: 'update',
        actor,
        before: { ...current, ...linked?.before },
        after: { ...stored, ...linked?.after },
        reason,
        origin,
        ...(options.note && { note: options.note }),
      });
      return rebased.dropped;
    });
  }

  /**
   * The body as the resource's policies read it (`prepare`, with their own messages), before the
   * descriptor rules: the write and the refusal of a body the schema refused (`problems`) both
   * start here, so one body is answered with one set of messages whichever check meets it first.
   */
  async function preparedBody(
    d: ResourceDescriptor,
    body: WriteBody,
    existing: Row | undefined,
    actor: Actor | undefined,
    undeleting = false,
  ) {
    for (const g of guardsOf(d))
      if (g.prepare) body = await g.prepare({ action: existing ? 'update' : 'create', actor, before: existing, body, undeleting });
    return body;
  }

  async function write(
    d: ResourceDescriptor,
    body: WriteBody,
    existing: Row | undefined,
    options: WriteOptions & { undelete?: { id: number; createdAt?: string; createdBy?: number } },
  ): Promise<number> {
    const { actor } = options;
    const undeleting = options.undelete !== undefined;
    const on = options.within?.db;
    if (options.within && !joinable(d)) throw new Error(`${d.name}: a write with module policies cannot join the caller's transaction`);
    const id = existing ? Number(existing[d.idField]) : undefined;
    const asked = body;
    body = await preparedBody(d, body, existing, actor, undeleting);
    if (hasRichText(d)) await loadRichTextSanitizer();
    const planned = planWrite(d, body.fields, body.files, existing, timeZone);
    const links = d.links?.length ? await readLinks(d, body.fields, planned.errors, on) : new Map<string, LinkChange>();
    await checkReferencesAndDuplicates(d, planned.merged, planned.errors, id, on);
    // A picture stored for a write the caller may still roll back would be left behind.
    if (on && planned.uploads.length) throw new Error(`${d.name}: pictures cannot be written in the caller's transaction`);
    assertOwnBranch(d, actor, planned.merged);
    const applied = await rulesFor(d, actor, on);
    if (existing && id !== undefined) assertRuled(d, applied, existing, id);
    assertWritable(d, applied, body, planned.merged, existing, declaredDefault(d), !undeleting && !options.storedValues);
    assertAdmitted(applied, planned.merged);
    const change: Change = {
      action: existing ? 'update' : 'create',
      actor,
      before: existing,
      after: planned.merged,
      body,
      undeleting,
      ...(links.size && { links }),
    };
    for (const g of guardsOf(d)) {
      if (existing) await g.beforeUpdate?.({ ...change, before: existing, after: planned.merged, body });
      else await g.beforeCreate?.({ ...change, after: planned.merged, body });
    }
    if (gate && actor) {
      const via = undeleting ? 'undelete' : on ? 'import' : options.storedValues ? 'restore' : (options.via ?? 'write');
      const held = gate.hold(d, {
        action: change.action,
        actor,
        id,
        before: existing,
        body: asked,
        links,
        reason: options.reason,
        via,
        expectedVersion: options.expectedVersion,
        approval: options.approval,
        within: on,
      });
      if (held) await held;
    }
    if (options.checkOnly) return id ?? 0;
    let extra: Row = { ...options.extra };
    for (const g of guardsOf(d)) if (g.extra) extra = { ...extra, ...(await g.extra({ ...change, body })) };
    const prepared: PreparedImage[] = [];
    for (const file of planned.uploads) prepared.push(await images.prepare(file));
    const written = await storeUploads(d, prepared, planned.values, planned.merged);
    const values = { ...planned.values, ...extra, updated_at: now() };
    let savedId = id;
    let dropped: string[] = [];
    try {
      if (existing && id !== undefined) {
        dropped = await serialised(d, change, () => writeUpdate(d, id, existing, values, options, links, on));
      } else {
        // A singleton's one record always has id 1, so a concurrent second create hits the key; an
        // undeleted record comes back under its own id and creation time.
        const fixed = options.undelete ? { [d.idField]: options.undelete.id } : d.singleton ? { [d.idField]: SINGLETON_ID } : {};
        const creator = hasCreatedBy(d) ? createdByOf(options.undelete ? options.undelete.createdBy : actor?.user_id) : {};
        const createdAt = options.undelete?.createdAt ?? values.updated_at;
        savedId = await serialised(d, change, () =>
          transaction(on, async (tdb) => {
            await holdReferences(tdb, d, planned.merged);
            const insert = tdb.insertInto(d.table).values({ ...values, ...fixed, ...creator, created_at: createdAt });
            if (!recorder && !links.size) return Number((await insert.returning(sql.ref(d.idField).as('id')).executeTakeFirstOrThrow()).id);
            // The trail needs the row as stored: the insert answers it, rather than a read after it.
            const stored = await insert.returningAll().executeTakeFirstOrThrow();
            const newId = Number(stored[d.idField]);
            const linked = d.links?.length ? await writeLinks(tdb, d, newId, links) : undefined;
            if (linked) await touchLinked(tdb, linked.touched, values.updated_at);
            await recordChange(tdb, {
              resource: d,
              id: newId,
              action: 'create',
              actor,
              after: { ...stored, ...linked?.after },
              origin: options.origin,
              ...(options.note && { note: options.note }),
            });
            return newId;
          }),
        );
      }
    } catch (err) {
      await Promise.all(written.map((p) => images.remove(p)));
      // Inside the caller's transaction the record as it is now cannot be read beside it.
      if (err instanceof StaleWrite && id !== undefined && on)
        throw new ApiError(412, 'This record was changed by someone else after you opened it; review their changes and save again');
      if (err instanceof StaleWrite && id !== undefined) throw await staleAnswer(d, id);
      if (err instanceof ApiError) throw err;
      if (d.singleton && id === undefined && /UNIQUE|duplicate key/i.test(err instanceof Error ? err.message : ''))
        throw singletonExists(d);
      translateDbError(err, d, { ...planned.merged, ...values });
    }
    // Only once the write is stored: a failed write leaves every picture it named in place.
    const removeDropped = () => Promise.all(dropped.map((p) => images.remove(p))).then(() => undefined);
    if (!options.within) await removeDropped();
    else if (dropped.length) options.within.afterCommit(removeDropped);
    if (savedId === undefined) throw new Error(`${d.name}: the write answered no id`);
    return savedId;
  }

  let recordMany: ChangesRecorder | undefined;
  const saveBatch = createSaveMany({
    dialect,
    timeZone,
    now,
    checkReferences,
    assertOwnBranch,
    inBranchScope,
    duplicate,
    async record(tdb, d, actor, written) {
      const changes = written.map((w): StoredChange => ({ resource: d, actor, ...w }));
      if (recordMany) await recordMany(tdb, changes);
      else if (recorder) for (const change of changes) await recorder(tdb, change);
    },
  });

  /** One item of a batch written on its own (see saveMany), in the caller's transaction. */
  async function saveOne(d: ResourceDescriptor, item: SaveItem, actor: Actor | undefined, within: OuterTransaction): Promise<SaveResult> {
    if (!item.existing) {
      const record = await writeWithin(d, item.body, undefined, { actor, within });
      return { ok: true, action: 'create', id: Number(record[d.idField]), record };
    }
    const id = Number(item.existing[d.idField]);
    const existing = await findRow(d, id, within.db);
    if (!existing) throw notFound(`${d.name} ${id}`);
    assertInScope(d, actor, existing, id);
    const record = await writeWithin(d, item.body, existing, { actor, within, expectedVersion: item.expectedVersion });
    return { ok: true, action: 'update', id, record, before: existing };
  }

  /** A record as the API answers it, or 404 when missing or outside the actor's branch (`get`). */
  function readRecord(d: ResourceDescriptor, id: number, actor?: Actor): Row | Promise<Row> {
    const applied = rulesFor(d, actor);
    if (applied instanceof Promise) return applied.then((known) => readUnder(d, id, actor, known));
    return readUnder(d, id, actor, applied);
  }

  /** What a read by id checks and leaves out under the rules, worked out once per rules (they are kept per actor). */
  const readRulesOf = new WeakMap<AppliedRules, ReadRules>();
  const readRules = (applied: AppliedRules): ReadRules => {
    let known = readRulesOf.get(applied);
    if (!known) {
      known = { hidden: applied.hidden, ...(applied.where.length && { admits: (row: Row) => applied.admits(row) }) };
      readRulesOf.set(applied, known);
    }
    return known;
  };

  /** A record read by id under the actor's rules: outside their row rules 404, hidden fields absent. */
  function readUnder(d: ResourceDescriptor, id: number, actor: Actor | undefined, applied: AppliedRules | undefined): Row | Promise<Row> {
    // One read: the row rules are tested on the stored row by the same test a write's record
    // meets (`admits`, the SQL conditions' twin), and hidden fields are left out as it is shaped.
    const found = reader.get(d, id, applied && readRules(applied));
    return found instanceof Promise ? found.then((r) => visibleRecord(d, id, r, actor)) : visibleRecord(d, id, found, actor);
  }

  /** A list query with the actor's branch fixed (another branch asked for: 403) and their rules applied. */
  function listQueryUnder(d: ResourceDescriptor, q: ListQuery, actor: Actor | undefined, applied: AppliedRules | undefined): ListQuery {
    const scope = scopeOf(d, actor);
    let scoped = q;
    if (scope) {
      const asked = q.filters[scope.field];
      if (asked !== undefined && Number(asked) !== scope.branch) throw new ApiError(403, 'You may only see records of your own branch');
      scoped = { ...q, filters: { ...q.filters, [scope.field]: scope.branch } };
    }
    return ruledQuery(d, scoped, applied, searchFields(d));
  }

  function visibleRecord(d: ResourceDescriptor, id: number, row: Row | undefined, actor?: Actor): Row | Promise<Row> {
    if (!row) throw notFound(`${d.name} ${id}`);
    if (!scopeOf(d, actor)) return row;
    return findRow(d, id).then((stored) => {
      if (!stored) throw notFound(`${d.name} ${id}`);
      assertInScope(d, actor, stored, id);
      return row;
    });
  }

  /** Whether a write of this resource can run in the caller's transaction (WriteOptions.within). */
  const joinable = (d: ResourceDescriptor) => guardsOf(d).length === 0 && !d.singleton;

  /** A create or update in the caller's transaction: the stored row, the after-steps kept for the commit. */
  async function writeWithin(
    d: ResourceDescriptor,
    body: WriteBody,
    existing: Row | undefined,
    options: WriteOptions & { within: OuterTransaction },
  ) {
    const id = await write(d, body, existing, options);
    const record = await findRow(d, id, options.within.db);
    if (!record) throw notFound(`${d.name} ${id}`);
    const change: Change = { action: existing ? 'update' : 'create', actor: options.actor, before: existing, after: record, body };
    options.within.afterCommit(() => after(d, id, change));
    return record;
  }

  return {
    joinable,

    /** Who writes every change down inside its transaction (the audit trail); a failure rolls the change back. */
    recordIn(r: ChangeRecorder, many?: ChangesRecorder) {
      recorder = r;
      recordMany = many;
    },

    /** Where a stale write's refusal learns who changed the record and when (the audit trail). */
    lastChangeFrom(fn: (d: Pick<ResourceDescriptor, 'name'>, id: number) => Promise<LastChange | undefined>) {
      lastChangeOf = fn;
    },

    /** Who changed a module's own record last (menus, notices), for their stale-write refusals. */
    lastChange: (resource: string, id: number): Promise<LastChange | undefined> =>
      lastChangeOf ? lastChangeOf({ name: resource }, id) : Promise.resolve(undefined),

    /** Who hears of every stored change (the server's event bus). */
    announce(listener: (change: RecordChange) => void) {
      announce = listener;
    },

    /**
     * Adopts the modules' declared policies (server/modules/policies.ts), once, when the app is
     * built and before anything is written: a resource's rules hold for every caller from the
     * start, whichever routes are registered.
     */
    adopt(policies: readonly ResourcePolicy[]) {
      if (adopted) throw new Error('The resource policies are adopted once, when the app is built');
      adopted = true;
      for (const p of policies) guards.set(p.resource, [...(guards.get(p.resource) ?? []), p.guards]);
    },

    /**
     * The rows the actor may see: a branch-scoped resource is fixed to the actor's branch unless
     * they see every branch (a filter naming another branch is refused, 403).
     */
    async list(d: ResourceDescriptor, q: ListQuery, actor?: Actor) {
      const applied = await rulesFor(d, actor);
      // Hidden fields are left out by the reader as it shapes the rows (ListQuery.ruled.hidden).
      return reader.list(d, listQueryUnder(d, q, actor, applied));
    },

    /**
     * The query a list of the actor runs: their branch and their row rules as conditions, a filter
     * or sort on a field hidden from them refused. The spreadsheet export walks the same rows.
     */
    async listQuery(d: ResourceDescriptor, q: ListQuery, actor?: Actor): Promise<ListQuery> {
      return listQueryUnder(d, q, actor, await rulesFor(d, actor));
    },

    /** The field and row rules that hold for the actor on the resource (undefined: none). */
    rulesFor: async (d: ResourceDescriptor, actor?: Actor): Promise<AppliedRules | undefined> => rulesFor(d, actor),

    /** Adopts the approvals' gate (server/modules/approvals), once, when the app is built. */
    gatedBy(g: WriteGate) {
      if (gate) throw new Error('The approvals gate is adopted once, when the app is built');
      gate = g;
    },

    /** Adopts the field and row rules' module (server/modules/field-rules), once, when the app is built. */
    ruledBy(r: RecordRules) {
      if (rules) throw new Error('The record rules are adopted once, when the app is built');
      rules = r;
    },

    async get(d: ResourceDescriptor, id: number, actor?: Actor): Promise<Row> {
      return await readRecord(d, id, actor);
    },

    /**
     * `get` for the read-by-id route, the most frequent request: the record at once (no promise)
     * where the read is synchronous (SQLite) and no branch scope needs the stored row. Unlike
     * `get`, it may throw instead of answering a rejected promise.
     */
    getAtOnce: readRecord,

    /** The record as stored (no embedding), or 404 when missing or outside the actor's branch. */
    async stored(d: ResourceDescriptor, id: number, actor?: Actor): Promise<Row> {
      const row = await findRow(d, id);
      if (!row) throw notFound(`${d.name} ${id}`);
      assertInScope(d, actor, row, id);
      assertRuled(d, await rulesFor(d, actor), row, id);
      return row;
    },

    /**
     * Creates a record; answers it as the API does, or as stored when written in the caller's
     * transaction (options.within).
     */
    async create(d: ResourceDescriptor, body: WriteBody, options: WriteOptions = {}): Promise<Row> {
      if (options.within) return writeWithin(d, body, undefined, { ...options, within: options.within });
      if (d.singleton && (await reader.get(d, SINGLETON_ID))) throw singletonExists(d);
      if (options.checkOnly) return (await write(d, body, undefined, options), {});
      const id = await write(d, body, undefined, options);
      const record = await readBack(d, id);
      await after(d, id, { action: 'create', actor: options.actor, after: (await findRow(d, id)) ?? record, body });
      return withoutHidden(d, await rulesFor(d, options.actor))(record);
    },

    /**
     * Many creates and updates in the caller's transaction (an import's rows), each judged as its
     * own write after the ones before it, with the database work batched (see save-many.ts):
     * answers per item the record as stored or the refusal its own write would have answered.
     * Should the database refuse a batch statement, the batch is undone (a savepoint) and its
     * items written one by one, each answering for itself. `rolledBack`: the caller rolls back
     * whatever it writes (an import's dry run): the audit entries, which would go with it and
     * judge nothing, are not worked out, and the trail's lock is not held against other writers.
     */
    async saveMany(
      d: ResourceDescriptor,
      items: readonly SaveItem[],
      options: { actor?: Actor; within: OuterTransaction; rolledBack?: boolean },
    ): Promise<SaveResult[]> {
      const { actor, within } = options;
      if (!joinable(d)) throw new Error(`${d.name}: a write with module policies cannot join the caller's transaction`);
      const held = actor && gate?.hold(d, { action: 'update', actor, via: 'import', within: within.db });
      if (held) await held;
      if (hasRichText(d)) await loadRichTextSanitizer();
      const applied = await rulesFor(d, actor, within.db);
      await sql`savepoint save_many`.execute(within.db);
      let results: SaveResult[];
      try {
        results = await saveBatch(d, items, actor, within.db, !options.rolledBack, applied);
      } catch {
        await sql`rollback to savepoint save_many`.execute(within.db);
        await sql`release savepoint save_many`.execute(within.db);
        results = [];
        for (const item of items) {
          await sql`savepoint save_one`.execute(within.db);
          try {
            results.push(await saveOne(d, item, actor, within));
            await sql`release savepoint save_one`.execute(within.db);
          } catch (err) {
            await sql`rollback to savepoint save_one`.execute(within.db);
            await sql`release savepoint save_one`.execute(within.db);
            if (!(err instanceof ApiError)) throw err;
            results.push({ ok: false, error: err });
          }
        }
        return results;
      }
      await sql`release savepoint save_many`.execute(within.db);
      // Told once the caller commits, one message per action for the batch's records.
      const written = results.flatMap((r) => (r.ok ? [r] : []));
      if (written.length)
        within.afterCommit(async () => {
          for (const action of ['update', 'create'] as const) {
            const these = written.filter((r) => r.action === action);
            if (!these.length) continue;
            const field = d.branchScope;
            const branches = field
              ? [
                  ...new Set(
                    these
                      .flatMap((r) => [r.before?.[field], r.record[field]])
                      .filter((v) => v !== undefined && v !== null)
                      .map(Number),
                  ),
                ]
              : undefined;
            announce?.({ resource: d.name, ids: these.map((r) => r.id), action, ...(branches && { branches }) });
          }
        });
      return results;
    },

    /**
     * The field messages a write of this body would be refused with (as create or as update of
     * `id`), without writing anything: what a route answers when its schema refused the body. The
     * body is read as the write reads it: the policies' `prepare` first (a refusal there is the
     * answer, as it would be the write's), then the descriptor rules.
     */
    async problems(d: ResourceDescriptor, body: WriteBody, id?: number, actor?: Actor): Promise<Record<string, string>> {
      const existing = id === undefined ? undefined : await findRow(d, id);
      if (id !== undefined && !existing) throw notFound(`${d.name} ${id}`);
      if (existing && id !== undefined) assertInScope(d, actor, existing, id);
      if (existing && id !== undefined) assertRuled(d, await rulesFor(d, actor), existing, id);
      try {
        body = await preparedBody(d, body, existing, actor);
      } catch (err) {
        if (err instanceof ApiError && err.statusCode === 422 && err.errors) return err.errors;
        throw err;
      }
      if (hasRichText(d)) await loadRichTextSanitizer();
      const planned = planWrite(d, body.fields, body.files, existing, timeZone);
      if (d.links?.length) await readLinks(d, body.fields, planned.errors);
      await checkReferences(d, planned.merged, planned.errors);
      return planned.errors;
    },

    /**
     * A conditional update of the server's own bookkeeping (a notice's delivery): see claim.ts.
     * `then` runs in the claim's transaction once the row is claimed (the scheduler's trail
     * entry): if it fails, the claim is undone, so a claim never stands without what it records.
     */
    claim: (
      d: ResourceDescriptor,
      id: number,
      set: Row,
      when: readonly ClaimCondition[],
      then?: (trx: DynamicDb, claimed: Row) => Promise<void>,
    ): Promise<Row | undefined> =>
      then
        ? db.transaction().execute(async (trx) => {
            const claimed = await claimRecord(dynamic(trx), d, id, set, when);
            if (claimed) await then(dynamic(trx), claimed);
            return claimed;
          })
        : claimRecord(ddb, d, id, set, when),

    async update(d: ResourceDescriptor, id: number, body: WriteBody, options: WriteOptions = {}): Promise<Row> {
      const existing = await findRow(d, id, options.within?.db);
      if (!existing) throw notFound(`${d.name} ${id}`);
      assertInScope(d, options.actor, existing, id);
      assertRuled(d, await rulesFor(d, options.actor, options.within?.db), existing, id);
      if (options.within) return writeWithin(d, body, existing, { ...options, within: options.within });
      if (options.checkOnly) return (await write(d, body, existing, options), {});
      await write(d, body, existing, options);
      const record = await readBack(d, id);
      await after(d, id, { action: 'update', actor: options.actor, before: existing, after: (await findRow(d, id)) ?? record, body });
      return withoutHidden(d, await rulesFor(d, options.actor))(record);
    },

    /**
     * Puts a deleted record back with its id and the values it was deleted with (the audit
     * trail's undelete), through a create's checks and policies. A unique value another record
     * has taken since, or a reference to a record gone since, is refused (422) with the field's
     * message. Pictures come back empty: their files were removed with the record. `bodyOnly`:
     * values the descriptor takes besides its columns (a user's new password, which the trail
     * never kept).
     */
    async undelete(d: ResourceDescriptor, id: number, last: Row, bodyOnly: Row, options: WriteOptions = {}): Promise<Row> {
      if (await findRow(d, id)) throw new ApiError(409, `${d.name} ${id} exists: it has been undeleted already`);
      const values: Row = {};
      for (const f of d.fields) {
        if (f.kind === 'image') values[f.name] = '';
        else if (f.kind === 'imageList') values[f.name] = '[]';
        else if (Object.prototype.hasOwnProperty.call(last, f.name)) values[f.name] = last[f.name];
      }
      // Its links as the trail kept them (a menu's groups), checked like any body's.
      for (const link of d.links ?? []) if (Object.prototype.hasOwnProperty.call(last, link.name)) values[link.name] = last[link.name];
      const taken = (field: string, value: unknown) =>
        new ApiError(422, `${field} "${String(value)}" has since been taken by another ${d.name} record`, {
          [field]: `"${String(value)}" has since been taken by another record`,
        });
      const body: WriteBody = { fields: { ...values, ...bodyOnly }, files: [] };
      const createdAt = typeof last.created_at === 'string' ? last.created_at : undefined;
      // The record comes back as its creator's, not the undeleter's (the row rule "records I created").
      const createdBy = typeof last.created_by === 'number' ? last.created_by : undefined;
      try {
        // The one write path, as a create under the record's own id: the module's prepare hook,
        // the descriptor rules, references, unique values, the branch and the policies all apply.
        await write(d, body, undefined, { ...options, undelete: { id, createdAt, createdBy } });
      } catch (err) {
        // A unique value taken since the record was deleted is the undelete's own refusal (422).
        const errors = err instanceof ApiError && err.statusCode === 409 ? err.errors : undefined;
        const field = errors && d.fields.find((f) => f.unique && errors[f.name] !== undefined);
        if (field) throw taken(field.name, values[field.name]);
        throw err;
      }
      const record = await readBack(d, id);
      await after(d, id, { action: 'create', actor: options.actor, after: (await findRow(d, id)) ?? record, body, undeleting: true });
      return withoutHidden(d, await rulesFor(d, options.actor))(record);
    },

    async remove(
      d: ResourceDescriptor,
      id: number,
      options: Pick<WriteOptions, 'actor' | 'expectedVersion' | 'via' | 'approval' | 'checkOnly' | 'note'> = {},
    ): Promise<Row> {
      const existing = await findRow(d, id);
      if (!existing) throw notFound(`${d.name} ${id}`);
      assertInScope(d, options.actor, existing, id);
      assertRuled(d, await rulesFor(d, options.actor), existing, id);
      const change: Change = { action: 'delete', actor: options.actor, before: existing };
      for (const g of guardsOf(d)) await g.beforeDelete?.({ ...change, before: existing });
      if (gate && options.actor) {
        const held = gate.hold(d, {
          action: 'delete',
          actor: options.actor,
          id,
          before: existing,
          via: options.via ?? 'write',
          expectedVersion: options.expectedVersion,
          approval: options.approval,
        });
        if (held) await held;
      }
      if (options.checkOnly) return {};
      // The counts and the delete in one transaction that first locks the record (PostgreSQL
      // `FOR UPDATE`): a write that holds it as a reference (`FOR SHARE`, see holdReferences)
      // makes the delete wait until it commits, and the counts after the lock then see its record.
      try {
        await serialised(d, change, () =>
          db.transaction().execute(async (trx) => {
            const tdb = dynamic(trx);
            let lock = tdb.selectFrom(d.table).selectAll().where(sql.ref(d.idField), '=', id);
            if (dialect === 'postgres') lock = lock.forUpdate();
            const current = await lock.executeTakeFirst();
            if (!current) throw notFound(`${d.name} ${id}`);
            if (options.expectedVersion !== undefined && options.expectedVersion !== versionOf(current)) throw new StaleWrite();
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
            // Its links go with it, and other records' links naming it (their versions step).
            const linked = await dropLinks(tdb, d, id, everyDescriptor);
            await touchLinked(tdb, linked.touched, now());
            await tdb.deleteFrom(d.table).where(sql.ref(d.idField), '=', id).execute();
            await recordChange(tdb, {
              resource: d,
              id,
              action: 'delete',
              actor: options.actor,
              before: { ...current, ...linked.before },
              ...(options.note && { note: options.note }),
            });
          }),
        );
      } catch (err) {
        if (err instanceof StaleWrite) throw await staleAnswer(d, id);
        if (err instanceof ApiError) throw err;
        translateDbError(err);
      }
      await after(d, id, change);
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
