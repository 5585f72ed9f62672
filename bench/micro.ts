import fs from 'node:fs';
import { createHash } from 'node:crypto';
import * as h from './harness';
import { buildApp } from '../server/app';
import { benchConfig, shape, type Row } from './shared';
import { registry } from '../resources';
import { parseListQuery } from '../server/crud/list-query';
import { listSql } from '../server/crud/read/list-sql';
import { rowShaper } from '../server/crud/read/shape';
import { dynamic } from '../server/db/database';
import { createPermissionResolver } from '../server/auth/permissions';

/**
 * `npx tsx bench/micro.ts`: per-call cost (µs) of the pieces of one real request, in-process, no
 * HTTP: building + compiling the Kysely queries, better-sqlite3 prepare, executing, and the whole
 * service calls (wall time of the loop, and process CPU time including helper threads such as GC).
 * Complements bench/breakdown.ts.
 */
const hashToken = (t: string) => createHash('sha256').update(t).digest('hex');
const data = await h.prepareData();
const { app } = await buildApp(benchConfig(data.dir, h.PASSWORD));
const { conn, crud } = app.ctx;
const db = conn.db;
const sqlite = conn.sqlite!;
const d = registry.get('medicine');
const token = 'x'.repeat(43);
const id = () => data.lo + Math.floor(Math.random() * (data.hi - data.lo + 1));

async function time(name: string, fn: () => unknown, n = 20_000) {
  for (let i = 0; i < n / 10; i++) await fn();
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  for (let i = 0; i < n; i++) await fn();
  const us = ((performance.now() - t0) * 1000) / n;
  const c = process.cpuUsage(c0);
  console.log(`${us.toFixed(1).padStart(8)} µs wall ${((c.user + c.system) / n).toFixed(1).padStart(8)} µs CPU  ${name}`);
}

const sessionQuery = () =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.user_id', 'sessions.user_id')
    .select(['sessions.token_hash', 'sessions.expires_at', 'users.user_id', 'users.user_group', 'users.user_branch', 'users.user_status'])
    .where('sessions.token_hash', '=', hashToken(token));
const sessionSql = sessionQuery().compile().sql;
const getSql = await (async () => {
  let captured = '';
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = (s: string) => ((captured = s), prepare(s));
  await crud.get(d, data.lo);
  sqlite.prepare = prepare;
  if (!captured) throw new Error('could not capture the SQL of crud.get (already prepared and cached?)');
  return captured;
})();
const sessionStmt = sqlite.prepare(sessionSql);
const getStmt = sqlite.prepare(getSql);
const listQ = parseListQuery(d, { status: 'all', page: '1', limit: '50' });
console.log(`get SQL: ${getSql}\n`);

await time('sha256 of the token', () => createHash('sha256').update(token).digest('hex'));
await time('session query: Kysely build + compile', () => sessionQuery().compile());
await time('session query: sqlite prepare', () => sqlite.prepare(sessionSql));
await time('session query: execute prepared', () => sessionStmt.all(hashToken(token)));
await time('session query: Kysely build + compile + prepare + execute', () => sessionQuery().executeTakeFirst());
await time('get: sqlite prepare', () => sqlite.prepare(getSql));
await time('get: execute prepared', () => getStmt.all(id()));
await time('get: crud.get (whole, Kysely)', () => crud.get(d, id()));
await time('list: crud.list (whole, Kysely)', () => crud.list(d, listQ), 3000);
const listStmt = sqlite.prepare(
  'SELECT m.*, c.pharmacy_category_name FROM medicine m LEFT JOIN pharmacy_category c ON c.pharmacy_category_id = m.medicine_category ORDER BY m.medicine_id DESC LIMIT 50 OFFSET 0',
);
const page = listStmt.all();
await time('list: 50-row page, execute prepared', () => listStmt.all(), 3000);
const shapedFresh = (page as Row[]).map(shape);
const { rows: shapedByApp } = await crud.list(d, listQ);
await time('list: JSON.stringify of the page, raw rows', () => JSON.stringify(page), 3000);
await time('list: JSON.stringify, rows shaped into new objects (bench/shared.ts)', () => JSON.stringify(shapedFresh), 3000);
await time('list: JSON.stringify, rows as crud.list answers them (shaped with delete)', () => JSON.stringify(shapedByApp), 3000);
await time('list: count(*) alone, prepared', () => sqlite.prepare('SELECT count(*) FROM medicine').pluck().get(), 3000);
// The page's rows as the reader reads them (helper reference columns included), shaped as the API answers them.
const readRows = await listSql(registry).page(dynamic(db), d, listQ, []).execute();
const shapeRow = rowShaper(registry);
await time('list: shaping the 50 rows read (server/crud/read/shape.ts)', () => readRows.map((r) => shapeRow(d, r)), 3000);
// What the guards' permissions cost to read again (every CACHE_MS per user, and after any permission change).
await time(
  "permissions: one user's slugs read and decided (a fresh resolver)",
  () => createPermissionResolver(db, registry).slugsFor({ user_id: 1, user_group: 1 }),
  300,
);
await app.close();
fs.rmSync(data.dir, { recursive: true, force: true });
