import { hash } from 'node:crypto';
import type { Kysely } from 'kysely';

/** One row of `audit_log` (migration 008), as stored. JSON columns are kept as the text that was hashed. */
export interface AuditLogTable {
  audit_id: number;
  /** UTC, ISO 8601. */
  audit_at: string;
  audit_actor: number | null;
  audit_actor_name: string | null;
  audit_actor_branch: number | null;
  audit_action: string;
  audit_resource: string;
  audit_record: number | null;
  /** The record's branch (branch-scoped records, sign-ins); null for hospital-wide records. */
  audit_branch: number | null;
  /** JSON: field -> { before, after } (or { changed: true } for a secret), or { granted, withdrawn }. */
  audit_changes: string;
  /** JSON: the record after the change (before it, for a delete), secrets left out. */
  audit_snapshot: string | null;
  audit_ip: string;
  audit_browser: string;
  audit_request: string;
  audit_prev_hash: string;
  audit_hash: string;
}

export interface AuditTables {
  audit_log: AuditLogTable;
}

/** The same connection or transaction, typed for the trail's table (the app's `Db` does not list it). */
export const auditDb = <T>(db: Kysely<T>): Kysely<AuditTables> => db as unknown as Kysely<AuditTables>;

/** The previous hash of the very first entry. */
export const GENESIS = '0'.repeat(64);

/** Everything an entry's hash covers: every column but the hash itself. */
export type HashedEntry = Omit<AuditLogTable, 'audit_hash'>;

/** JSON with keys in a fixed order, so the same entry always hashes alike (whichever database read it back). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  // Every write serialises its changes and its record: a plain loop over the sorted keys (the
  // default sort compares UTF-16 code units, as `<` does), without the intermediate arrays.
  const object = value as Record<string, unknown>;
  let out = '';
  for (const key of Object.keys(object).sort()) {
    const v = object[key];
    if (v === undefined) continue;
    out += `${out ? ',' : '{'}${JSON.stringify(key)}:${canonicalJson(v)}`;
  }
  return out ? `${out}}` : '{}';
}

/** An entry's hashed columns, in the order the trail's statements take them (its hash follows them). */
export const HASHED_COLUMNS = [
  'audit_id',
  'audit_at',
  'audit_actor',
  'audit_actor_name',
  'audit_actor_branch',
  'audit_action',
  'audit_resource',
  'audit_record',
  'audit_branch',
  'audit_changes',
  'audit_snapshot',
  'audit_ip',
  'audit_browser',
  'audit_request',
  'audit_prev_hash',
] as const satisfies readonly (keyof HashedEntry)[];

/** An entry's hashed columns in canonical (sorted) order, their JSON keys written out once. */
const ENTRY_KEYS = HASHED_COLUMNS.slice()
  .sort()
  .map((key, i) => ({ key, prefix: `${i ? ',' : '{'}${JSON.stringify(key)}:` }));

/**
 * canonicalJson of an entry, without sorting its keys again: every append hashes one, and an
 * entry's keys are always the same. A row with any other keys (a column added later, one left
 * out) takes the general path, so it hashes exactly as canonicalJson has it.
 */
function entryJson(entry: HashedEntry): string {
  const values = entry as unknown as Record<string, unknown>;
  let keys = 0;
  for (const key in values) if (values[key] !== undefined) keys++;
  if (keys !== ENTRY_KEYS.length) return canonicalJson(entry);
  let out = '';
  for (const { key, prefix } of ENTRY_KEYS) {
    const value = values[key];
    // Scalars only: anything else (never stored by the trail) keeps canonicalJson's key order.
    if (value === undefined || (value !== null && typeof value === 'object')) return canonicalJson(entry);
    out += prefix + JSON.stringify(value);
  }
  return `${out}}`;
}

/** SHA-256 over the previous entry's hash and this entry's canonical JSON. */
export const entryHash = (entry: HashedEntry): string => hash('sha256', `${entry.audit_prev_hash}\n${entryJson(entry)}`, 'hex');

/** The three values of an entry that only the chain's head decides, in the order its canonical JSON has them. */
const HEAD_KEYS = ['audit_at', 'audit_id', 'audit_prev_hash'] as const;
export type EntryBody = Omit<HashedEntry, (typeof HEAD_KEYS)[number]>;
const BODY_KEYS = ENTRY_KEYS.map((k) => ({ ...k, head: (HEAD_KEYS as readonly string[]).includes(k.key) }));

/**
 * An entry's canonical JSON cut around its time, id and previous hash: whoever appends it at the
 * chain's head (PostgreSQL's `audit_append`) puts those in and hashes the same bytes as
 * `entryHash`. `joinParts` is that splice, for checking.
 */
export function hashParts(body: EntryBody): [string, string, string, string] {
  const values = body as unknown as Record<string, unknown>;
  let keys = 0;
  for (const key in values) if (values[key] !== undefined) keys++;
  if (keys !== ENTRY_KEYS.length - HEAD_KEYS.length) return hashPartsOfAny(body);
  // Like entryJson: the keys in their known order, cut at the three the chain's head fills in.
  const parts: string[] = [];
  let current = '';
  for (const { key, prefix, head } of BODY_KEYS) {
    current += prefix;
    if (head) {
      parts.push(current);
      current = '';
      continue;
    }
    const value = values[key];
    if (value === undefined || (value !== null && typeof value === 'object')) return hashPartsOfAny(body);
    current += JSON.stringify(value);
  }
  parts.push(`${current}}`);
  return parts as [string, string, string, string];
}

/** hashParts of a body with other keys than an entry's: sorted and serialised as canonicalJson has them. */
function hashPartsOfAny(body: EntryBody): [string, string, string, string] {
  const all: Record<string, unknown> = { ...body, audit_at: '', audit_id: 0, audit_prev_hash: '' };
  const keys = Object.keys(all)
    .filter((k) => all[k] !== undefined)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const parts: string[] = [];
  let current = '{';
  keys.forEach((k, i) => {
    current += `${i ? ',' : ''}${JSON.stringify(k)}:`;
    if ((HEAD_KEYS as readonly string[]).includes(k)) {
      parts.push(current);
      current = '';
    } else current += canonicalJson(all[k]);
  });
  parts.push(`${current}}`);
  return parts as [string, string, string, string];
}

export const joinParts = (parts: readonly string[], at: string, id: number, prev: string): string =>
  `${parts[0]}${JSON.stringify(at)}${parts[1]}${id}${parts[2]}${JSON.stringify(prev)}${parts[3]}`;

/** `entryHash` of the entry `parts` (hashParts) make with this time, id and previous hash. */
export const hashOfParts = (parts: readonly string[], at: string, id: number, prev: string): string =>
  hash('sha256', `${prev}\n${joinParts(parts, at, id, prev)}`, 'hex');

/** What a prune entry's changes hold: the last pruned entry, from which the chain is checked on. */
export interface PruneAnchor {
  anchor_id: number;
  anchor_hash: string;
  pruned: number;
  before: string;
}

export type ChainReport =
  { ok: true; entries: number; firstId?: number; lastId?: number } | { ok: false; entries: number; badId: number; reason: string };

const BATCH = 5_000;

/**
 * Walks the whole chain in id order: every entry's hash matches its content, every previous hash
 * is the hash of the entry before it, ids have no gaps, and the first entry starts at the genesis
 * (id 1) or at the anchor a prune entry kept for it. Names the first entry that does not match.
 */
export async function verifyChain<T>(db: Kysely<T>): Promise<ChainReport> {
  const adb = auditDb(db);
  const anchors = new Map<number, string>();
  for (const row of await adb.selectFrom('audit_log').select('audit_changes').where('audit_action', '=', 'prune').execute()) {
    try {
      const a = JSON.parse(row.audit_changes) as Partial<PruneAnchor>;
      if (typeof a.anchor_id === 'number' && typeof a.anchor_hash === 'string') anchors.set(a.anchor_id, a.anchor_hash);
    } catch {
      // A prune entry whose JSON does not parse fails its own hash check below.
    }
  }
  let previous: { id: number; hash: string } | undefined;
  let entries = 0;
  let firstId: number | undefined;
  for (;;) {
    let q = adb.selectFrom('audit_log').selectAll().orderBy('audit_id').limit(BATCH);
    if (previous) q = q.where('audit_id', '>', previous.id);
    const rows = await q.execute();
    for (const row of rows) {
      const id = row.audit_id;
      const bad = (reason: string): ChainReport => ({ ok: false, entries, badId: id, reason });
      if (!previous) {
        firstId = id;
        const expected = id === 1 ? GENESIS : anchors.get(id - 1);
        if (expected === undefined) return bad(`the first entry (${id}) follows no prune anchor`);
        if (row.audit_prev_hash !== expected) return bad('its previous hash is not the anchor the chain starts from');
      } else {
        if (id !== previous.id + 1) return bad(`entries ${previous.id + 1} to ${id - 1} are missing`);
        if (row.audit_prev_hash !== previous.hash) return bad(`its previous hash is not the hash of entry ${previous.id}`);
      }
      const { audit_hash: stored, ...hashed } = row;
      if (entryHash(hashed) !== stored) return bad('its content does not match its hash');
      previous = { id, hash: stored };
      entries++;
    }
    if (rows.length < BATCH) break;
  }
  return { ok: true, entries, firstId, lastId: previous?.id };
}
