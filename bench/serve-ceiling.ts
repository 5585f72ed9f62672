import path from 'node:path';
import Fastify from 'fastify';
import SQLite from 'better-sqlite3';
import { announce, shape, type Row } from './shared';
import { errorAnswerHeaders } from '../server/plugins/api-headers';

/**
 * Child process: the ceiling. Bare Fastify, no auth, no query builder: the same SQL the real
 * server runs, as raw better-sqlite3 prepared statements, with the same envelope and the same
 * embedded category object, so the payloads match.
 * BENCH_CEILING_HEADERS=1 (bench/profile-get.ts only): every answer also carries the headers of
 * the real server's JSON answers (helmet's, no-store, the JSON policy), set as the real server
 * sets them, so the cost of sending them can be told apart from the rest.
 */
const db = new SQLite(path.join(process.env.BENCH_DATA_DIR!, 'console.sqlite'));
db.pragma('journal_mode = WAL');
db.pragma('foreign_keys = ON');
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = NORMAL');

const SELECT = `SELECT m.*, c.pharmacy_category_name FROM medicine m
  LEFT JOIN pharmacy_category c ON c.pharmacy_category_id = m.medicine_category`;
const IN_FTS = `m.medicine_id IN (SELECT rowid FROM medicine_fts WHERE medicine_fts MATCH ?)`;
const list = db.prepare(`${SELECT} ORDER BY m.medicine_id DESC LIMIT ? OFFSET ?`);
const count = db.prepare(`SELECT count(*) AS total FROM medicine`).pluck();
const search = db.prepare(`${SELECT} WHERE ${IN_FTS} ORDER BY m.medicine_id DESC LIMIT ? OFFSET ?`);
const searchCount = db.prepare(`SELECT count(*) AS total FROM medicine m WHERE ${IN_FTS}`).pluck();
const get = db.prepare(`${SELECT} WHERE m.medicine_id = ?`);

const phrase = (s: string) => `"${s.replace(/"/g, '""')}"`;

const app = Fastify({ logger: false });
if (process.env.BENCH_CEILING_HEADERS === '1') {
  const headers = errorAnswerHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
app.get<{ Querystring: { limit?: string } }>('/list', async (req) => {
  const rows = (list.all(Number(req.query.limit ?? 50), 0) as Row[]).map(shape);
  return { status: 1, message: 'Data Found', data: rows, total: count.get() as number };
});
app.get<{ Querystring: { search: string; limit?: string } }>('/search', async (req) => {
  const term = phrase(req.query.search);
  const rows = (search.all(term, Number(req.query.limit ?? 50), 0) as Row[]).map(shape);
  return { status: 1, message: rows.length ? 'Data Found' : 'Data Not Found', data: rows, total: searchCount.get(term) as number };
});
app.get<{ Params: { id: string } }>('/get/:id', async (req, reply) => {
  const row = get.get(Number(req.params.id)) as Row | undefined;
  if (!row) return reply.code(404).send({ status: 0, message: 'not found', data: null });
  return { status: 1, message: 'Data Found', data: shape(row) };
});
app.get('/noop', async () => ({ status: 1, message: 'Data Found', data: null }));
app.addHook('onClose', async () => {
  db.close();
});
await app.listen({ port: 0, host: '127.0.0.1' });
announce(app);
