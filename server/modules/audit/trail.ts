import { AsyncLocalStorage } from 'node:async_hooks';
import type SQLite from 'better-sqlite3';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import type { Dialect, Row } from '../../db/database';
import type { RequestOrigin } from '../../context';
import type { ChangeRecorder, ChangesRecorder, StoredChange } from '../../crud/service';
import {
  auditDb,
  canonicalJson,
  GENESIS,
  HASHED_COLUMNS,
  hashOfParts,
  hashParts,
  type AuditLogTable,
  type EntryBody,
  type PruneAnchor,
} from './chain';
import { descriptorChanges, descriptorSnapshot, type FieldChanges } from './changes';
import { waitForLock } from '../../db/database-lock';
import type { Sealer } from './sealed-values';
import { AUDIT_ACTIONS, type AuditAction } from '../../../resources/audit';
import { userAccess } from '../../../resources';

/**
 * The audit trail's one writer. Every entry is appended inside the transaction of the change it
 * records (a failure rolls the change back), under a lock taken before the last hash is read, so
 * two writers can never both chain to the same entry.
 */

export { AUDIT_ACTIONS, type AuditAction };

export interface TrailEntry {
  action: AuditAction;
  resource: string;
  record?: number | null;
  /** The record's branch, for branch-scoped records; null (or absent) for hospital-wide ones. */
  branch?: number | null;
  /** Who acted; absent for the server itself and for a sign-in that failed. */
  actor?: { user_id: number; origin?: RequestOrigin };
  /** Where the request came from when there is no actor to carry it. */
  origin?: RequestOrigin;
  /**
   * A named actor of the server's own when no user acted (the scheduler: issue 48): recorded as
   * the actor's name, sealed in the chain like a user's.
   */
  by?: string;
  changes?: FieldChanges | Record<string, unknown>;
  snapshot?: Row | null;
}

/**
 * Set by restore and undelete around their write through the generic path: that write is recorded
 * under their action, and `check` runs under the trail's lock before the entry is appended (the
 * "changed since you looked" refusal, which then cannot race another writer).
 */
export interface WriteIntent {
  action: 'restore' | 'undelete' | 'submit' | 'approve' | 'reject' | 'rebase';
  resource: string;
  /** The record written; absent: the create the intent makes (a change request submitted). */
  record?: number;
  check?: (on: Kysely<unknown>) => Promise<void>;
}
export const writeIntent = new AsyncLocalStorage<WriteIntent>();

/** The trail's PostgreSQL advisory lock key (beside the app's keys in server/db/database-lock.ts). */
const TRAIL_LOCK = 7_303_202_620;

interface UserNames {
  users: { user_id: number; user_name: string; user_branch: number };
}
type Who = Pick<UserNames['users'], 'user_name' | 'user_branch'>;
/**
 * Any connection or transaction of the app, whatever tables its type lists (the app's `Db`, a
 * descriptor's `DynamicDb`, a transaction of either); the trail types its own tables on it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's table map is invariant; the trail names its tables itself
export type Handle = Kysely<any>;

/** The same connection or transaction, typed for the users' names and branches. */
const usersOf = (on: Handle) => on as unknown as Kysely<UserNames>;

export type Trail = ReturnType<typeof createTrail>;

/** Every column of an entry, in the order the compiled insert takes them. */
const AUDIT_COLUMNS = [...HASHED_COLUMNS, 'audit_hash'] as const satisfies readonly (keyof AuditLogTable)[];

/**
 * The statements every entry runs, built and compiled once (they ride on every write, so
 * Kysely's building and compiling them each time would be a cost of its own); run with new
 * parameters on the change's transaction.
 */
function compileStatements(on: Handle) {
  const placeholder = Object.fromEntries(AUDIT_COLUMNS.map((c) => [c, null])) as unknown as AuditLogTable;
  return {
    /** PostgreSQL: lock, head and insert in one round trip (migration 012). */
    append: sql<{ id: number | null }>`SELECT audit_append(${sql.join(APPEND_PARAMETERS.map(() => null))}) AS id`.compile(on),
    who: usersOf(on).selectFrom('users').select(['user_name', 'user_branch']).where('user_id', '=', 0).compile(),
    last: auditDb(on).selectFrom('audit_log').select(['audit_id', 'audit_hash', 'audit_at']).orderBy('audit_id', 'desc').limit(1).compile(),
    insert: auditDb(on).insertInto('audit_log').values(placeholder).compile(),
    /** SQLite: the insert, if the last entry's hash is still the one given after the entry's values. */
    appendAfter: sql`INSERT INTO audit_log (${sql.join(AUDIT_COLUMNS.map((c) => sql.ref(c)))})
      SELECT ${sql.join(AUDIT_COLUMNS.map(() => null))}
      WHERE (SELECT audit_hash FROM audit_log ORDER BY audit_id DESC LIMIT 1) = ${null}`.compile(on),
  };
}

/** An entry's own values (all but its id, time and hashes), in the order both statements take them. */
const BODY_COLUMNS = AUDIT_COLUMNS.slice(2, -2) as readonly (keyof EntryBody)[];

/** `audit_append`'s parameters, in its order: the lock, the time, the cut canonical JSON, then the entry's own values. */
const APPEND_PARAMETERS = ['lock', 'now', 'before_at', 'before_id', 'before_prev', 'rest', ...BODY_COLUMNS] as const;

/** How long an actor's name and branch are taken as read (this instance forgets them at once when it writes that user). */
const NAME_MS = 2_000;
const NAMES_MAX = 1_000;

/** Entries per multi-row insert of `recordMany`: 16 parameters each, far below both databases' limits. */
const ENTRIES_PER_INSERT = 500;

const laterOf = (now: string, previous: string | undefined) => (previous !== undefined && previous > now ? previous : now);

type ChainHead = Pick<AuditLogTable, 'audit_id' | 'audit_hash' | 'audit_at'>;

/**
 * The values of the entry `body` makes after `last` (none: the first entry), in AUDIT_COLUMNS'
 * order, and its head: every write appends one, so it is put together straight from the body's
 * canonical JSON cut around the three values the chain's head decides (hashParts), with no
 * intermediate entry objects.
 */
function chainedTo(body: EntryBody, parts: readonly string[], last: ChainHead | undefined, now: string) {
  const id = last ? last.audit_id + 1 : 1;
  // Never before the previous entry (instances' clocks may differ): time follows the chain, so a
  // date range is a range of ids (see queries.ts).
  const at = laterOf(now, last?.audit_at);
  const prev = last?.audit_hash ?? GENESIS;
  const hash = hashOfParts(parts, at, id, prev);
  const values: unknown[] = [id, at];
  for (const c of BODY_COLUMNS) values.push(body[c]);
  values.push(prev, hash);
  return { values, head: { audit_id: id, audit_hash: hash, audit_at: at } satisfies ChainHead };
}

/** An entry's values (AUDIT_COLUMNS' order) as a row, for the multi-row insert. */
const rowOf = (values: readonly unknown[]) => Object.fromEntries(AUDIT_COLUMNS.map((c, i) => [c, values[i]])) as unknown as AuditLogTable;

/** Runs a compiled statement with new parameters. */
const runWith = async <R>(on: Handle, query: CompiledQuery<R>, parameters: readonly unknown[]): Promise<R[]> =>
  (await on.executeQuery<R>({ ...query, parameters })).rows;

/** What the trail needs of a connection: its dialect and, on SQLite, the statement cache Kysely prepares through. */
export interface TrailConnection {
  dialect: Dialect;
  prepare?: (text: string) => SQLite.Statement;
}

const trails = new WeakMap<TrailConnection, Trail>();

/**
 * The connection's one trail, whichever module writes an entry: they share the chain's head this
 * instance last appended (SQLite) and the actors' names, so a sign-in's entry does not leave the
 * next record's append a head behind (a wasted insert, then the head read again).
 */
export function trailOf(conn: TrailConnection): Trail {
  let trail = trails.get(conn);
  if (!trail) trails.set(conn, (trail = createTrail(conn.dialect, conn.prepare)));
  return trail;
}

/**
 * `prepare` (SQLite): the connection's own statement cache. The append that rides on every write
 * then runs its statement at once, inside the transaction that holds the one connection, rather
 * than through Kysely's connection hand-over (several turns of the queue each time).
 */
export function createTrail(dialect: Dialect, prepare?: (text: string) => SQLite.Statement) {
  let compiled: ReturnType<typeof compileStatements> | undefined;
  /** Seals people's personal values in the entries (./sealed-values.ts); set once at start. */
  let sealer: Sealer | undefined;
  const statements = (on: Handle) => (compiled ??= compileStatements(on));
  /** Takes the trail's lock for the rest of the transaction (SQLite: the transaction already has the one writer). */
  const lock = async (trx: Kysely<unknown>) => {
    if (dialect === 'postgres')
      await waitForLock(() => sql<{ ok: boolean }>`SELECT pg_try_advisory_xact_lock(${TRAIL_LOCK}) AS ok`.execute(trx));
  };

  /**
   * Actors' names and branches, read once a short while: every write names its actor, and on
   * PostgreSQL each read was a round trip of its own. A write to a user through this instance
   * forgets theirs at once (`forget`); another instance's rename shows within NAME_MS.
   */
  const names = new Map<number, Who & { until: number }>();
  /** The actor's name and branch: at once while taken as read (no await on every write), else read. */
  function actorOf(on: Handle, userId: number): Who | undefined | Promise<Who | undefined> {
    const kept = names.get(userId);
    return kept && kept.until > Date.now() ? kept : readActor(on, userId);
  }
  async function readActor(on: Handle, userId: number): Promise<Who | undefined> {
    const who = (await runWith(on, statements(on).who, [userId]))[0];
    if (!who) return undefined;
    if (names.size >= NAMES_MAX) names.clear();
    const fresh = { ...who, until: Date.now() + NAME_MS };
    names.set(userId, fresh);
    return fresh;
  }

  /** PostgreSQL without a check to run under the lock: the whole append is one statement, tried until the lock is free. */
  async function appendOnPostgres(on: Handle, body: EntryBody): Promise<number> {
    const [beforeAt, beforeId, beforePrev, rest] = hashParts(body);
    const q = statements(on).append;
    for (let pause = 2; ; pause = Math.min(pause * 2, 50)) {
      const parameters = [TRAIL_LOCK, new Date().toISOString(), beforeAt, beforeId, beforePrev, rest, ...BODY_COLUMNS.map((c) => body[c])];
      const id = (await runWith(on, q, parameters))[0]?.id;
      if (id !== null && id !== undefined) return id;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  /**
   * An entry's own values, its actor's name and branch read (or, with no await, taken as read);
   * with a sealer, the person's personal values and the actor's name sealed (no await either
   * when the entry is about no person and the actor's key is taken as read).
   */
  function bodyOf(on: Handle, plain: TrailEntry): EntryBody | Promise<EntryBody> {
    const sealing = sealer?.sealEntry(on, plain);
    if (sealing instanceof Promise) return sealing.then((entry) => bodyOfSealed(on, entry));
    return bodyOfSealed(on, sealing ?? plain);
  }

  function bodyOfSealed(on: Handle, entry: TrailEntry): EntryBody | Promise<EntryBody> {
    const who = entry.actor && actorOf(on, entry.actor.user_id);
    const body = who instanceof Promise ? who.then((w) => bodyWith(entry, w)) : bodyWith(entry, who);
    return sealer ? (body instanceof Promise ? body.then((b) => withSealedName(on, b)) : withSealedName(on, body)) : body;
  }

  /** The actor's name sealed with their own key (an erased account's name must not stay in its entries). */
  function withSealedName(on: Handle, body: EntryBody): EntryBody | Promise<EntryBody> {
    const actor = body.audit_actor;
    const name = body.audit_actor_name;
    if (!sealer || actor === null || name === null) return body;
    const now = sealer.sealNameNow(actor, name);
    if (now !== undefined) return { ...body, audit_actor_name: now };
    return sealer.sealName(on, actor, name).then((sealed) => ({ ...body, audit_actor_name: sealed }));
  }

  function bodyWith(entry: TrailEntry, who: Who | undefined): EntryBody {
    const origin = entry.actor?.origin ?? entry.origin;
    return {
      audit_actor: entry.actor?.user_id ?? null,
      audit_actor_name: who?.user_name ?? entry.by ?? null,
      audit_actor_branch: who ? who.user_branch : null,
      audit_action: entry.action,
      audit_resource: entry.resource,
      audit_record: entry.record ?? null,
      audit_branch: entry.branch ?? null,
      audit_changes: canonicalJson(entry.changes ?? {}),
      audit_snapshot: entry.snapshot ? canonicalJson(entry.snapshot) : null,
      audit_ip: origin?.ip ?? '',
      audit_browser: origin?.userAgent ?? '',
      audit_request: origin?.requestId ?? '',
    };
  }

  /**
   * SQLite: the last entry this instance appended. The next one is chained to it and inserted only
   * while it is still the chain's head (one statement instead of reading the head first); another
   * instance's entry in between, or a rolled-back transaction, makes that insert add nothing, and
   * the head is read as before.
   */
  let head: ChainHead | undefined;

  /** Appends one entry in `on`'s transaction (or a transaction of its own); answers its id. */
  async function record(on: Handle, entry: TrailEntry, check?: (trx: Kysely<unknown>) => Promise<void>): Promise<number> {
    if (!on.isTransaction) return on.transaction().execute((trx) => record(trx, entry, check));
    const trx = on as unknown as Kysely<unknown>;
    const q = statements(on);
    // Awaited only when it must be: each await is a turn of the queue on every write.
    const pending = bodyOf(on, entry);
    const body = pending instanceof Promise ? await pending : pending;
    if (dialect === 'postgres' && !check) return appendOnPostgres(on, body);
    if (dialect === 'postgres') await lock(trx);
    if (check) await check(trx);
    const now = new Date().toISOString();
    const parts = hashParts(body);
    if (dialect === 'sqlite' && head) {
      const stored = chainedTo(body, parts, head, now);
      const parameters = [...stored.values, head.audit_hash];
      const added = prepare
        ? prepare(q.appendAfter.sql).run(parameters).changes
        : Number((await on.executeQuery({ ...q.appendAfter, parameters })).numAffectedRows);
      if (added === 1) {
        head = stored.head;
        return stored.head.audit_id;
      }
    }
    const last = (await runWith(on, q.last, q.last.parameters))[0];
    const stored = chainedTo(body, parts, last, now);
    await runWith(on, q.insert, stored.values);
    if (dialect === 'sqlite') head = stored.head;
    return stored.head.audit_id;
  }

  /**
   * Appends entries in the order given, in `on`'s transaction (an import's chunk): under the
   * trail's lock the chain's head is read once, each entry's time, id and hashes are worked out
   * here as `record` works them out for one, and the entries are inserted by multi-row statements.
   * The lock is held until the transaction ends, so no other writer chains in between.
   */
  async function recordMany(on: Handle, entries: readonly TrailEntry[]): Promise<void> {
    if (!entries.length) return;
    if (!on.isTransaction) return on.transaction().execute((trx) => recordMany(trx, entries));
    const bodies: EntryBody[] = [];
    for (const entry of entries) bodies.push(await bodyOf(on, entry));
    const q = statements(on);
    await lock(on);
    let last = (await runWith(on, q.last, q.last.parameters))[0];
    const now = new Date().toISOString();
    const rows: AuditLogTable[] = bodies.map((body) => {
      const stored = chainedTo(body, hashParts(body), last, now);
      last = stored.head;
      return rowOf(stored.values);
    });
    for (let i = 0; i < rows.length; i += ENTRIES_PER_INSERT)
      await auditDb(on)
        .insertInto('audit_log')
        .values(rows.slice(i, i + ENTRIES_PER_INSERT))
        .execute();
    // The next single append chains to this batch's last entry at once, not after a wasted insert.
    if (dialect === 'sqlite') head = last;
  }

  /**
   * An account event about one user (sign-in, sign-out, password, picture), recorded on that
   * user's record with their branch. `byThemself`: the user is the actor (a failed sign-in has none).
   */
  async function accountEvent(
    on: Handle,
    e: { action: AuditAction; userId: number; byThemself: boolean; origin: RequestOrigin; changes?: FieldChanges; snapshot?: Row },
  ): Promise<number> {
    const user = await usersOf(on).selectFrom('users').select('user_branch').where('user_id', '=', e.userId).executeTakeFirst();
    return record(on, {
      action: e.action,
      resource: 'users',
      record: e.userId,
      branch: user ? user.user_branch : null,
      actor: e.byThemself ? { user_id: e.userId, origin: e.origin } : undefined,
      origin: e.origin,
      changes: e.changes,
      snapshot: e.snapshot,
    });
  }

  /** A stored change as its entry, and the check restore or undelete runs under the lock. */
  const entryOf = (change: StoredChange) => {
    const d = change.resource;
    if (d.name === userAccess.resource) names.delete(change.id);
    const intent = writeIntent.getStore();
    const ours =
      intent?.resource === d.name && (intent.record === undefined ? change.action === 'create' : intent.record === change.id)
        ? intent
        : undefined;
    const scope = d.branchScope;
    const branchValue = scope ? (change.after?.[scope] ?? change.before?.[scope]) : undefined;
    return {
      entry: {
        action: change.reason ?? ours?.action ?? change.action,
        resource: d.name,
        record: change.id,
        branch: branchValue === undefined || branchValue === null ? null : Number(branchValue),
        actor: change.actor,
        ...(change.origin && { origin: change.origin }),
        changes: { ...(change.described ?? descriptorChanges(d, change.before, change.after)), ...change.note },
        snapshot: descriptorSnapshot(d, change.action === 'delete' ? change.before : change.after),
      } satisfies TrailEntry,
      check: ours?.check,
    };
  };

  /** The generic write path's recorder: every create, update and delete of every descriptor. */
  const recorder: ChangeRecorder = async (trx, change: StoredChange) => {
    const { entry, check } = entryOf(change);
    await record(trx, entry, check);
  };

  /** The write path's batch form's recorder: the changes' entries appended together, in order. */
  const recorderOfMany: ChangesRecorder = async (trx, changes) => {
    const made = changes.map(entryOf);
    // A check to run under the lock (restore, undelete) is one entry's own: such changes go one by one.
    if (made.some((m) => m.check)) for (const m of made) await record(trx, m.entry, m.check);
    else
      await recordMany(
        trx,
        made.map((m) => m.entry),
      );
  };

  /**
   * Deletes the entries older than `days` days and appends an entry saying so, whose changes keep
   * the last pruned entry's id and hash: the anchor from which the chain is verified on.
   * `keepFrom` (a legal hold's oldest entry, server/modules/privacy/retention.ts): that entry and
   * every later one stay, so the pruned part is still a prefix of the chain.
   */
  async function prune(db: Handle, days: number, now = new Date(), keepFrom?: number): Promise<PruneAnchor | undefined> {
    const before = new Date(now.getTime() - days * 86_400_000).toISOString();
    return db.transaction().execute(async (trx) => {
      await lock(trx as unknown as Kysely<unknown>);
      const adb = auditDb(trx);
      const newestOld = await adb
        .selectFrom('audit_log')
        .select(['audit_id', 'audit_hash'])
        .where('audit_at', '<', before)
        .$if(keepFrom !== undefined, (q) => q.where('audit_id', '<', keepFrom ?? 0))
        .orderBy('audit_id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!newestOld) return undefined;
      const anchorId = newestOld.audit_id;
      const count = await adb
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('audit_id', '<=', anchorId)
        .executeTakeFirstOrThrow();
      const anchor: PruneAnchor = { anchor_id: anchorId, anchor_hash: newestOld.audit_hash, pruned: Number(count.n), before };
      await record(trx, { action: 'prune', resource: 'audit', changes: { ...anchor } });
      if (dialect === 'postgres') await sql`SELECT set_config('audit.pruning', 'on', true)`.execute(trx);
      await adb.deleteFrom('audit_log').where('audit_id', '<=', anchorId).execute();
      if (dialect === 'postgres') await sql`SELECT set_config('audit.pruning', 'off', true)`.execute(trx);
      return anchor;
    });
  }

  /** Seals personal values from now on (server/app.ts, once the master key is known). */
  const sealWith = (s: Sealer) => {
    sealer = s;
  };

  return { record, recordMany, accountEvent, recorder, recorderOfMany, prune, sealWith };
}
