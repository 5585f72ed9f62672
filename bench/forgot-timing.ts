/**
 * How long `POST /reset-password-verify/` takes for an address with an account and one without
 * (issue 10: "about the same time"). Run: `npx tsx bench/forgot-timing.ts`. SQLite in a temp
 * folder, mail to the outbox (sent after the answer either way).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { median } from './harness';

const ROUNDS = 40;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgot-bench-'));
const { app } = await buildApp({
  port: 0,
  host: '127.0.0.1',
  dataDir,
  adminUsername: 'admin',
  adminPassword: 'bench-admin-password',
  apiBase: '/api',
  maxImageBytes: 1024 * 1024,
  loginRateLimit: 1000,
  seedSamples: false,
  logger: false,
});
await app.ctx.conn.db.updateTable('users').set({ user_email: 'admin@hospital.test' }).execute();

async function time(email: string, round: number) {
  const start = process.hrtime.bigint();
  // A fresh client address and a fresh address per round keep the rate limits out of the way.
  const res = await app.inject({
    method: 'POST',
    url: '/api/reset-password-verify/',
    payload: { email },
    remoteAddress: `10.0.${round}.1`,
  });
  if (res.statusCode !== 200) throw new Error(`${email}: ${res.statusCode} ${res.body}`);
  await app.ctx.conn.db.deleteFrom('password_reset_code').execute();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const known: number[] = [];
const unknown: number[] = [];
// Alternating which goes first: the mail of a known address is written just after its answer and
// would otherwise slow down whichever request follows it.
for (let i = 0; i < ROUNDS; i++) {
  if (i % 2) {
    known.push(await time('admin@hospital.test', i));
    unknown.push(await time(`nobody${i}@hospital.test`, i));
  } else {
    unknown.push(await time(`nobody${i}@hospital.test`, i));
    known.push(await time('admin@hospital.test', i));
  }
}
console.log(
  `reset-password-verify over ${ROUNDS} rounds each: known address median ${median(known).toFixed(1)} ms, unknown ${median(unknown).toFixed(1)} ms`,
);
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
