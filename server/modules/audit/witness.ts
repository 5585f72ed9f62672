import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { auditDb, type ChainReport, type PruneAnchor } from './chain';

/**
 * The audit chain's witness: its head (last entry id and hash) written outside the database, so
 * that whoever can write the database cannot quietly delete its last entries or rewrite the chain
 * from some entry on. Each witness is one JSON line appended to `audit-witness.jsonl` in
 * `AUDIT_WITNESS_DIR`; `npm run audit:verify` checks the chain against every line.
 */

export const WITNESS_FILE = 'audit-witness.jsonl';

/** Why a witness line was written (the server's interval, its shutdown, a backup, the command). */
export type WitnessReason = 'interval' | 'shutdown' | 'backup' | 'command' | 'mail';

export interface Witness {
  /** When the head was read (UTC, ISO 8601). */
  at: string;
  /** The last entry's id and hash at that time. */
  id: number;
  hash: string;
  why: WitnessReason;
}

export interface ChainHead {
  id: number;
  hash: string;
}

/** The chain's last entry, or undefined when the trail is empty. */
export async function chainHead<T>(db: Kysely<T>): Promise<ChainHead | undefined> {
  const row = await auditDb(db)
    .selectFrom('audit_log')
    .select(['audit_id', 'audit_hash'])
    .orderBy('audit_id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { id: row.audit_id, hash: row.audit_hash };
}

/**
 * Appends the head as one line (created 0600 in a 0700 folder). A single short `appendFile` is one
 * write(2) with O_APPEND, so instances sharing the folder never interleave their lines.
 */
export async function writeWitness(dir: string, head: ChainHead, why: WitnessReason, now = new Date()): Promise<Witness> {
  const witness: Witness = { at: now.toISOString(), id: head.id, hash: head.hash, why };
  await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
  await fs.promises.appendFile(path.join(dir, WITNESS_FILE), `${JSON.stringify(witness)}\n`, { mode: 0o600 });
  return witness;
}

export interface WitnessFile {
  witnesses: Witness[];
  /** Line numbers (from 1) that are not a witness: said, never silently skipped. */
  unreadable: number[];
}

const isWitness = (v: unknown): v is Witness => {
  const w = v as Partial<Witness> | null;
  return (
    !!w &&
    typeof w.at === 'string' &&
    Number.isSafeInteger(w.id) &&
    (w.id ?? 0) > 0 &&
    typeof w.hash === 'string' &&
    /^[0-9a-f]{64}$/.test(w.hash)
  );
};

/** Every witness in the folder's file (none when there is no file yet). */
export function readWitnesses(dir: string): WitnessFile {
  const file = path.join(dir, WITNESS_FILE);
  if (!fs.existsSync(file)) return { witnesses: [], unreadable: [] };
  const witnesses: Witness[] = [];
  const unreadable: number[] = [];
  fs.readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (!line.trim()) return;
      try {
        const parsed: unknown = JSON.parse(line);
        if (isWitness(parsed)) witnesses.push(parsed);
        else unreadable.push(i + 1);
      } catch {
        unreadable.push(i + 1);
      }
    });
  return { witnesses, unreadable };
}

export type WitnessFinding =
  | { kind: 'cut-off'; firstMissing: number; lastMissing: number; witness: Witness }
  | { kind: 'rewritten'; id: number; stored: string; witness: Witness };

/** A finding in words, for the command line and the log. */
export function describeFinding(f: WitnessFinding): string {
  const seen = `the witness of ${f.witness.at} (${f.witness.why}) saw entry ${f.witness.id} with hash ${f.witness.hash}`;
  if (f.kind === 'cut-off') {
    const range = f.firstMissing === f.lastMissing ? `entry ${f.firstMissing} is` : `entries ${f.firstMissing} to ${f.lastMissing} are`;
    return `the trail's end was cut off: ${range} missing (${seen})`;
  }
  return `the chain was rewritten at or before entry ${f.id}: it now has hash ${f.stored}, but ${seen}`;
}

const BATCH = 500;

/**
 * Checks a chain that verified by itself (`report`, from verifyChain) against the witnesses: the
 * chain must reach at least as far as every witness, and each witnessed entry still present must
 * still have the witnessed hash. A witnessed entry before the chain's first (pruned by retention)
 * must lie within a prune anchor, and the anchor entry itself must keep its witnessed hash.
 * Answers the findings, most telling first: the longest cut-off, then the earliest rewrite.
 */
export async function checkWitnesses<T>(
  db: Kysely<T>,
  report: Extract<ChainReport, { ok: true }>,
  witnesses: readonly Witness[],
): Promise<WitnessFinding[]> {
  if (!witnesses.length) return [];
  const findings: WitnessFinding[] = [];
  const lastId = report.lastId ?? 0;
  const firstId = report.firstId ?? lastId + 1;
  const furthest = witnesses.reduce((a, b) => (b.id > a.id ? b : a));
  if (furthest.id > lastId) findings.push({ kind: 'cut-off', firstMissing: lastId + 1, lastMissing: furthest.id, witness: furthest });

  const adb = auditDb(db);
  const anchors = new Map<number, string>();
  for (const row of await adb.selectFrom('audit_log').select('audit_changes').where('audit_action', '=', 'prune').execute()) {
    const a = JSON.parse(row.audit_changes) as Partial<PruneAnchor>;
    if (typeof a.anchor_id === 'number' && typeof a.anchor_hash === 'string') anchors.set(a.anchor_id, a.anchor_hash);
  }
  const present = witnesses.filter((w) => w.id >= firstId && w.id <= lastId).sort((a, b) => a.id - b.id);
  const rewrites: WitnessFinding[] = [];
  for (let i = 0; i < present.length; i += BATCH) {
    const slice = present.slice(i, i + BATCH);
    const ids = [...new Set(slice.map((w) => w.id))];
    const rows = await adb.selectFrom('audit_log').select(['audit_id', 'audit_hash']).where('audit_id', 'in', ids).execute();
    const stored = new Map(rows.map((r) => [r.audit_id, r.audit_hash]));
    for (const w of slice) {
      const hash = stored.get(w.id) ?? '';
      if (hash !== w.hash) rewrites.push({ kind: 'rewritten', id: w.id, stored: hash, witness: w });
    }
    // The earliest rewrite says the most; later ones follow from it.
    if (rewrites.length) break;
  }
  for (const w of witnesses) {
    if (w.id >= firstId) continue;
    const anchorHash = anchors.get(w.id);
    if (anchorHash !== undefined && anchorHash !== w.hash) rewrites.push({ kind: 'rewritten', id: w.id, stored: anchorHash, witness: w });
  }
  rewrites.sort((a, b) => (a.kind === 'rewritten' && b.kind === 'rewritten' ? a.id - b.id : 0));
  if (rewrites[0]) findings.push(rewrites[0]);
  return findings;
}
