import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import * as h from './harness';

/**
 * An experiment, not what the server does: would a coarser index make a term's first ask cheap
 * enough on SQLite at a million rows? FTS5's trigram phrase reads the whole doclist of each of the
 * term's trigrams, and `ine`, `ne ` or ` mg` are in a fifth to all of the names (bench/SEARCH.md).
 *
 * The idea: index each text as its sequence of overlapping 3-character shingles, each shingle one
 * code point (injective over a fixed alphabet), under the same trigram tokenizer. A trigram of
 * shingles is a 5-character substring, so the doclists are those of 5-grams, far rarer. A term of
 * 5 or more characters from the alphabet matches exactly the same rows as its plain phrase
 * (consecutive shingles overlap by two characters, so they spell one substring): the script
 * checks every count against the plain trigram index.
 *
 * Built once next to the seeded data set (BENCH_CACHE, `bench/prepare.ts`), as a separate file.
 * Env: BENCH_CACHE, BENCH_SCALES (default 1000000), BENCH_REPEAT (default 30). Writes
 * bench/SEARCH-SHINGLES.md.
 */
const REPEAT = Number(h.env.BENCH_REPEAT ?? 30);
const scales = (h.env.BENCH_SCALES ?? '1000000').split(',').map(Number);
const TERMS = ['Amlodipine 5', 'Amlodipine', 'statin 10 mg', 'ine 5', 'Amlodipine 5 mg cream', 'MED-0001'];

/** The alphabet whose shingles are coded one to one; anything else is "other" (never in a term). */
const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789 -.,/()%+&':_#*!";
const OTHER = 63;
const symbol = (c: string) => {
  const i = ALPHABET.indexOf(c);
  return i < 0 ? OTHER : i;
};
const eligible = (term: string) => term.length >= 5 && Array.from(term.toLowerCase()).every((c) => symbol(c) !== OTHER);

/** Supplementary-plane code points, one per shingle (64^3 of them), none of which a text holds. */
function shingles(text: string): string {
  const s = Array.from(text.toLowerCase()).map(symbol);
  let out = '';
  for (let i = 0; i + 3 <= s.length; i++) out += String.fromCodePoint(0x20000 + (s[i]! << 12) + (s[i + 1]! << 6) + s[i + 2]!);
  return out;
}

function build(source: string, file: string): number {
  const t0 = performance.now();
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.exec(`CREATE VIRTUAL TABLE shingle_fts USING fts5(medicine_code, medicine_name, tokenize='trigram', content='')`);
  const src = new SQLite(source, { readonly: true });
  const rows = src.prepare('SELECT medicine_id AS id, medicine_code AS c, medicine_name AS n FROM medicine').all() as {
    id: number;
    c: string;
    n: string;
  }[];
  src.close();
  const insert = db.prepare('INSERT INTO shingle_fts (rowid, medicine_code, medicine_name) VALUES (?, ?, ?)');
  db.transaction(() => {
    for (const r of rows) insert.run(r.id, shingles(r.c), shingles(r.n));
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return performance.now() - t0;
}

function median(fn: () => unknown): number {
  fn();
  const ms: number[] = [];
  for (let i = 0; i < REPEAT; i++) {
    const t0 = performance.now();
    fn();
    ms.push(performance.now() - t0);
  }
  return h.median(ms);
}

const phrase = (s: string) => `"${s.replace(/"/g, '""')}"`;
const out: string[] = [];
for (const rows of scales) {
  const data = await h.prepareScaleData('sqlite', rows);
  const source = path.join(data.dir, 'console.sqlite');
  const file = path.join(data.dir, 'shingles.sqlite');
  const built = fs.existsSync(file) ? undefined : build(source, file);
  const open = (f: string) => {
    const db = new SQLite(f, { readonly: true });
    // As the server's reader threads have it (server/db/sqlite-readers.ts).
    db.pragma('cache_size = -512');
    return db;
  };
  const plain = open(source);
  const coarse = open(file);
  const count = (db: SQLite.Database, table: string) => db.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${table} MATCH ?`);
  const page = (db: SQLite.Database, table: string) =>
    db.prepare(`SELECT rowid FROM ${table} WHERE ${table} MATCH ? ORDER BY rowid DESC LIMIT 50`);
  out.push(
    `## ${h.n0(data.n)} medicines`,
    '',
    built === undefined ? 'Shingle index reused.' : `Shingle index built in ${(built / 1000).toFixed(1)} s.`,
    `Files: the app's database (table, trigram index and the rest) ${h.n0(fs.statSync(source).size / 1048576)} MB; the shingle index alone ${h.n0(fs.statSync(file).size / 1048576)} MB.`,
    '',
    '| term | matches | trigram count ms | shingle count ms | × | trigram page ms | shingle page ms | same rows |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
  );
  for (const term of TERMS) {
    const n = (count(plain, 'medicine_fts').get(phrase(term)) as { n: number }).n;
    const plainCount = median(() => count(plain, 'medicine_fts').get(phrase(term)));
    const plainPage = median(() => page(plain, 'medicine_fts').all(phrase(term)));
    if (!eligible(term)) {
      out.push(`| ${term} | ${h.n0(n)} | ${plainCount.toFixed(2)} | (not eligible) | | ${plainPage.toFixed(2)} | | |`);
      continue;
    }
    const q = phrase(shingles(term));
    const m = (count(coarse, 'shingle_fts').get(q) as { n: number }).n;
    const samePage = JSON.stringify(page(plain, 'medicine_fts').all(phrase(term))) === JSON.stringify(page(coarse, 'shingle_fts').all(q));
    const coarseCount = median(() => count(coarse, 'shingle_fts').get(q));
    const coarsePage = median(() => page(coarse, 'shingle_fts').all(q));
    out.push(
      `| ${term} | ${h.n0(n)} | ${plainCount.toFixed(2)} | ${coarseCount.toFixed(2)} | ${(plainCount / coarseCount).toFixed(1)} | ${plainPage.toFixed(2)} | ${coarsePage.toFixed(2)} | ${m === n && samePage ? 'yes' : `**no** (${m})`} |`,
    );
    console.log(`${rows} ${term}: ${plainCount.toFixed(2)} → ${coarseCount.toFixed(2)} ms`);
  }
  out.push('');
  plain.close();
  coarse.close();
}

const report = [
  '# Search: a coarser index for a first ask (an experiment)',
  '',
  `- Date: ${new Date().toISOString()}; ${h.codeState()}; ${h.machine()}`,
  `- Method: \`npx tsx bench/search-shingles.ts\` (see the file), in-process, one query at a time, median of ${REPEAT}, 512 KiB page cache as the server's reader threads.`,
  "- *trigram*: the app's index (FTS5 trigram over code and name). *shingle*: the same tokenizer over each text's sequence of 3-character shingles, one code point each, so its tokens are 5-character substrings. *same rows*: the same count and the same first page of 50 as the trigram phrase.",
  '- A term shorter than 5 characters, or with a character outside the coded alphabet, is not eligible (it would keep the trigram index).',
  '',
  ...out,
];
fs.writeFileSync(path.join(h.HERE, 'SEARCH-SHINGLES.md'), `${report.join('\n')}\n`);
console.log(report.join('\n'));
