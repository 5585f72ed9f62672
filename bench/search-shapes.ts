import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { connect, type Connection } from '../server/db/connect';
import { compiledRunner } from '../server/db/compiled';
import { createReader } from '../server/crud/read';
import { parseListQuery } from '../server/crud/list-query';
import { searchExpression } from '../server/db/search-index';
import { registry } from '../resources';
import * as h from './harness';

/**
 * Where a search request's time goes, in-process, one query at a time (no HTTP, no concurrency):
 * each shape of the search query timed on the seeded data sets (BENCH_SCALES, default 100000,
 * BENCH_DBS, default sqlite,postgres). Prints a Markdown table per data set (bench/SEARCH.md quotes
 * them) and, with BENCH_SHAPES_OUT=<file>, appends it there. Median of BENCH_REPEAT (15) runs after
 * one warm-up run.
 */
const REPEAT = Number(h.env.BENCH_REPEAT ?? 15);
const scales = (h.env.BENCH_SCALES ?? '100000').split(',').map(Number);
const kinds = (h.env.BENCH_DBS ?? 'sqlite,postgres').split(',') as h.Kind[];
const d = registry.get('medicine');
const term = h.TERM;
const like = `%${term}%`;

async function time(fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const ms: number[] = [];
  for (let i = 0; i < REPEAT; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return ms[Math.floor(ms.length / 2)]!;
}

function shapes(conn: Connection): [string, () => Promise<unknown>][] {
  const db = conn.db;
  const reader = createReader(db, conn.dialect, registry, compiledRunner(conn));
  const page = parseListQuery(d, { status: 'all', search: term, limit: '50' });
  const run = (q: ReturnType<typeof sql>) => q.execute(db);
  if (conn.dialect === 'sqlite') {
    const phrase = `"${term}"`;
    const inFts = sql`t.medicine_id in (select rowid from medicine_fts where medicine_fts match ${phrase})`;
    const joined = sql`select t.*, r.pharmacy_category_name from medicine t left join pharmacy_category r on r.pharmacy_category_id = t.medicine_category`;
    return [
      ['FTS match only: count(*)', () => run(sql`select count(*) from medicine_fts where medicine_fts match ${phrase}`)],
      ['FTS match only: all rowids', () => run(sql`select rowid from medicine_fts where medicine_fts match ${phrase}`)],
      [
        'FTS match only: 50 highest rowids',
        () => run(sql`select rowid from medicine_fts where medicine_fts match ${phrase} order by rowid desc limit 50`),
      ],
      ['before: page (id IN match, join, order, limit 50)', () => run(sql`${joined} where ${inFts} order by t.medicine_id desc limit 50`)],
      ['before: count (id IN match)', () => run(sql`select count(*) from medicine t where ${inFts}`)],
      ['page without the category join', () => run(sql`select t.* from medicine t where ${inFts} order by t.medicine_id desc limit 50`)],
      ['now: reader.list (one query: match once, count + page)', () => reader.list(d, page)],
      [
        'floor: LIKE page',
        () => run(sql`${joined} where t.medicine_code like ${like} or t.medicine_name like ${like} order by t.medicine_id desc limit 50`),
      ],
      [
        'floor: LIKE count(*)',
        () => run(sql`select count(*) from medicine t where t.medicine_code like ${like} or t.medicine_name like ${like}`),
      ],
    ];
  }
  const text = searchExpression(d, 't');
  const match = sql`(${text}) ilike ${like} escape '\\'`;
  const joined = sql`select t.*, r.pharmacy_category_name from medicine t left join pharmacy_category r on r.pharmacy_category_id = t.medicine_category`;
  return [
    ['trigram index only: bitmap count', () => run(sql`select count(*) from medicine t where ${match}`)],
    ['before: page (ILIKE, join, order, limit 50)', () => run(sql`${joined} where ${match} order by t.medicine_id desc limit 50`)],
    ['before: count (ILIKE)', () => run(sql`select count(*) from medicine t where ${match}`)],
    ['page without the category join', () => run(sql`select t.* from medicine t where ${match} order by t.medicine_id desc limit 50`)],
    ['now: reader.list (one query: match once, count + page)', () => reader.list(d, page)],
    [
      'floor: LIKE page',
      () => run(sql`${joined} where t.medicine_code like ${like} or t.medicine_name like ${like} order by t.medicine_id desc limit 50`),
    ],
    [
      'floor: LIKE count(*)',
      () => run(sql`select count(*) from medicine t where t.medicine_code like ${like} or t.medicine_name like ${like}`),
    ],
  ];
}

const out: string[] = [];
for (const rows of scales) {
  for (const kind of kinds) {
    const data = await h.prepareScaleData(kind, rows);
    const conn = await connect({ dataDir: data.dir, databaseUrl: data.databaseUrl });
    try {
      const lines = [
        `### ${kind}, ${h.n0(data.n)} medicines, "${term}" (${h.n0(data.hits)} matches)`,
        '',
        '| Query shape | median ms |',
        '|---|---:|',
      ];
      for (const [name, fn] of shapes(conn)) {
        const ms = await time(fn);
        lines.push(`| ${name} | ${ms.toFixed(2)} |`);
        console.log(`${kind} ${rows} ${name}: ${ms.toFixed(2)} ms`);
      }
      out.push(...lines, '');
    } finally {
      await conn.close();
      await data.cleanup();
    }
  }
}
const text = [`Measured ${new Date().toISOString()}, ${h.codeState()}, median of ${REPEAT} runs.`, '', ...out].join('\n');
console.log(`\n${text}`);
if (h.env.BENCH_SHAPES_OUT) fs.appendFileSync(path.resolve(h.env.BENCH_SHAPES_OUT), `${text}\n`);
