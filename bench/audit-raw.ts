/**
 * What an audit entry costs SQLite itself, without the server (`npx tsx bench/audit-raw.ts`): a
 * record's insert in its own transaction, alone and with an entry appended as the trail appends it
 * (the table the migrations make), and with parts of it left out: the snapshot, the action index,
 * every index. The connection's better-sqlite3 handle on a temp file, after 50,000 earlier entries;
 * 5,000 writes per measure after 1,000 not counted, three rounds. Prints µs per write.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect } from '../server/db/connect';
import { migrate } from '../server/db/migrate';
import { HASHED_COLUMNS } from '../server/modules/audit/chain';

/** The audit log's filter indexes (migrations 008, 013, 014); a case drops the ones it leaves out. */
const INDEXES = {
  record: 'audit_log_record_idx',
  resourceAction: 'audit_log_resource_action_idx',
  actor: 'audit_log_actor_idx',
  action: 'audit_log_action_idx',
  branch: 'audit_log_branch_idx',
} as const;
type Index = keyof typeof INDEXES;
const ALL = Object.keys(INDEXES) as Index[];
const COLUMNS = [...HASHED_COLUMNS, 'audit_hash'];
const HASH = 'h'.repeat(64);
const RESOURCES = ['branch', 'group', 'medicine', 'optics', 'doctor', 'menu', 'users', 'blog'];
const AT = '2026-11-26T20:00:00.000Z';
const changes = JSON.stringify({
  created_at: { after: AT },
  pharmacy_category_code: { after: 'AB-123456' },
  pharmacy_category_name: { after: 'Bench AB-123456' },
  pharmacy_category_status: { after: 1 },
  updated_at: { after: AT },
});
const snapshot = JSON.stringify({
  created_at: AT,
  pharmacy_category_code: 'AB-123456',
  pharmacy_category_id: 1,
  pharmacy_category_name: 'Bench AB-123456',
  pharmacy_category_status: 1,
  updated_at: AT,
});

async function measure(indexes: readonly Index[], entry: 'none' | 'full' | 'no snapshot'): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-raw-'));
  // The audit log as the migrations make it (its columns, indexes and triggers), on the connection's
  // own better-sqlite3 handle, with its pragmas (WAL, synchronous NORMAL).
  const conn = await connect({ dataDir: dir });
  try {
    await migrate(conn);
    const db = conn.sqlite!;
    for (const i of ALL) if (!indexes.includes(i)) db.exec(`DROP INDEX ${INDEXES[i]}`);
    // A record's table: what any write inserts before its entry.
    db.exec(
      'CREATE TABLE category (id INTEGER PRIMARY KEY, code TEXT NOT NULL UNIQUE, name TEXT, status INTEGER, created_at TEXT, updated_at TEXT)',
    );
    const append = db.prepare(`INSERT INTO audit_log (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`);
    db.transaction(() => {
      for (let i = 1; i <= 50_000; i++)
        append.run(
          i,
          AT,
          i % 50,
          'Staff',
          0,
          ['update', 'create', 'delete'][i % 3],
          RESOURCES[i % 8],
          i % 5000,
          null,
          '{"a":{"after":"b","before":"c"}}',
          '{"a":"b"}',
          '10.0.0.1',
          'Mozilla/5.0',
          'req',
          HASH,
          HASH,
        );
    })();
    const insert = db.prepare('INSERT INTO category (code, name, status, created_at, updated_at) VALUES (?, ?, 1, ?, ?) RETURNING *');
    const begin = db.prepare('BEGIN IMMEDIATE');
    const commit = db.prepare('COMMIT');
    let id = 50_000;
    const writes = (n: number) => {
      for (let i = 0; i < n; i++) {
        begin.run();
        const row = insert.get(`C${++id}`, `Name ${id}`, AT, AT) as { id: number };
        if (entry !== 'none')
          append.run(
            id,
            new Date().toISOString(),
            1,
            'admin',
            0,
            'create',
            'pharmacy-category',
            row.id,
            null,
            changes,
            entry === 'full' ? snapshot : null,
            '127.0.0.1',
            'Mozilla/5.0 (X11; Linux x86_64)',
            `req-${id}`,
            HASH,
            HASH,
          );
        commit.run();
      }
    };
    writes(1_000);
    const started = process.hrtime.bigint();
    writes(5_000);
    return Number(process.hrtime.bigint() - started) / 1000 / 5_000;
  } finally {
    await conn.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const cases = {
  'record only': () => measure(ALL, 'none'),
  'with its entry (as shipped)': () => measure(ALL, 'full'),
  'entry without snapshot': () => measure(ALL, 'no snapshot'),
  'entry, no action index': () => measure(['record', 'resourceAction', 'actor', 'branch'], 'full'),
  'entry, no index': () => measure([], 'full'),
};
const results = new Map<string, number[]>();
for (let round = 0; round < 3; round++)
  for (const [name, run] of Object.entries(cases)) results.set(name, [...(results.get(name) ?? []), await run()]);
console.log('| SQLite, µs per write (3 rounds) | round 1 | round 2 | round 3 |\n|---|---:|---:|---:|');
for (const [name, us] of results) console.log(`| ${name} | ${us.map((u) => u.toFixed(1)).join(' | ')} |`);
