import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import * as h from './harness';
import { benchConfig } from './shared';

/**
 * `npm run bench:field-rules`: what field and row rules cost a request (issue 47: a list page and a
 * get-one with rules active for the actor keep >= 0.95x of the same requests without rules).
 *
 * One app (`buildApp`, as `npm start` builds it, reader threads off) on one fresh 100k-medicine SQLite
 * file, two clerks with the same medicine permissions: one whose group has no rule, one whose group
 * hides the purchase price and the profit, makes the code read-only and keeps them to medicines of
 * status 0 or 1 (a row rule every row meets, so both answer the same rows and the difference is the
 * rules' own work). Their requests go through `app.inject` in strict alternation, each timed alone,
 * BENCH_INPROCESS (4000) per query after a warm-up; the medians of those times hardly move with a
 * shared host's load, since both clerks meet it at the same moments. BENCH_RUNS (3) rounds; the
 * verdict is the median of the rounds' ratios. Writes bench/FIELD-RULES.md.
 */
const TARGET = 0.95;
const RUNS = Math.max(1, Number(h.env.BENCH_RUNS ?? 3));
const REQUESTS = Math.max(100, Number(h.env.BENCH_INPROCESS ?? 4000));
const MEDICINE = ['medicine/medicine-list', 'medicine/get-medicine'];

async function call(app: FastifyInstance, token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await app.inject({ method, url, headers: { 'access-token': token }, ...(payload && { payload }) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: HTTP ${res.statusCode} ${res.body}`);
  return res.json<{ data: Record<string, unknown> & Record<string, unknown>[] }>().data;
}

async function signIn(app: FastifyInstance, username: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/users/user-login/', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in ${username}: HTTP ${res.statusCode}`);
  return res.json<{ data: { token: string } }>().data.token;
}

/** Two clerks of two groups with the same medicine permissions; the second group's rules as above. */
async function clerks(app: FastifyInstance, admin: string) {
  const first = async (list: string) => Object.values((await call(app, admin, 'GET', `${list}?status=all&page=1&limit=1`))[0] ?? {})[0];
  const [branch, designation, department] = await Promise.all([
    first('/api/branch/branch-list/'),
    first('/api/designation/designation-list/'),
    first('/api/department/department-list/'),
  ]);
  const menus = (await call(app, admin, 'GET', '/api/menu/menu-list-permission')) as unknown as { menu_id: number; menu_slug: string }[];
  const permission_data = menus.filter((m) => MEDICINE.includes(m.menu_slug)).map((m) => ({ menu_id: m.menu_id, permission_status: 1 }));
  const tokens: string[] = [];
  for (const code of ['PLAIN', 'RULED']) {
    const group = (await call(app, admin, 'POST', '/api/group/group-create', { group_code: `BENCH-${code}`, group_name: code })).group_id;
    await call(app, admin, 'POST', '/api/permission/permission-create', { group_id: group, permission_data });
    const username = `bench-${code.toLowerCase()}`;
    const password = `${username}-password`;
    await call(app, admin, 'POST', '/api/users/user-create', {
      user_name: code,
      username,
      password,
      c_password: password,
      user_branch: branch,
      user_group: group,
      user_designation: designation,
      user_department: department,
    });
    if (code === 'RULED') {
      const rule = (field: string, level: string) => ({
        field_rule_group: group,
        field_rule_user: 0,
        field_rule_resource: 'medicine',
        field_rule_field: field,
        field_rule_level: level,
      });
      await call(app, admin, 'POST', '/api/field-rule/field-rule-create', rule('medicine_purchase_price', 'hidden'));
      await call(app, admin, 'POST', '/api/field-rule/field-rule-create', rule('medicine_sales_profit', 'hidden'));
      await call(app, admin, 'POST', '/api/field-rule/field-rule-create', rule('medicine_code', 'read-only'));
      await call(app, admin, 'POST', '/api/row-rule/row-rule-create', {
        row_rule_group: group,
        row_rule_user: 0,
        row_rule_resource: 'medicine',
        row_rule_kind: 'status-in',
        row_rule_field: 'medicine_status',
        row_rule_values: '0,1',
      });
    }
    tokens.push(await signIn(app, username, password));
  }
  return tokens as [string, string];
}

const data = await h.prepareData();
console.log(`data dir ${data.dir}: ${h.n0(data.n)} medicines`);
const loadBefore = os.loadavg();
const { app } = await buildApp({ ...benchConfig(data.dir, h.PASSWORD), readerThreads: 0 });
const randomId = () => data.lo + Math.floor(Math.random() * (data.hi - data.lo + 1));
const queries: Record<string, () => string> = {
  'list page': () => '/api/medicine/medicine-list/?status=all&page=1&limit=50',
  'get one (random id)': () => `/api/medicine/get-medicine/${randomId()}`,
};
const rounds: { name: string; plain: number; ruled: number }[][] = [];
try {
  const [plain, ruled] = await clerks(app, await signIn(app, 'admin', h.PASSWORD));
  // The rules hold: the ruled clerk's answers have no purchase price, the plain clerk's have.
  const sample = async (token: string) => (await call(app, token, 'GET', queries['list page']!()))[0] ?? {};
  if (!('medicine_purchase_price' in (await sample(plain))) || 'medicine_purchase_price' in (await sample(ruled)))
    throw new Error('the rules do not hold as the bench expects');
  for (let round = 0; round < RUNS; round++) {
    const results: (typeof rounds)[number] = [];
    for (const [name, url] of Object.entries(queries)) {
      const times: [number[], number[]] = [[], []];
      const warm = Math.min(500, REQUESTS / 4);
      for (let i = 0; i < warm + REQUESTS; i++) {
        for (const who of i % 2 ? [0, 1] : [1, 0]) {
          const t0 = process.hrtime.bigint();
          const res = await app.inject({ method: 'GET', url: url(), headers: { 'access-token': who ? ruled : plain } });
          const us = Number(process.hrtime.bigint() - t0) / 1000;
          if (res.statusCode !== 200) throw new Error(`${name}: HTTP ${res.statusCode}`);
          if (i >= warm) times[who as 0 | 1].push(us);
        }
      }
      results.push({ name, plain: h.median(times[0]), ruled: h.median(times[1]) });
      const r = results.at(-1)!;
      console.log(`round ${round + 1}, ${name}: no rules ${r.plain.toFixed(1)} µs, rules ${r.ruled.toFixed(1)} µs (median)`);
    }
    rounds.push(results);
  }
} finally {
  await app.close();
  if (!h.env.BENCH_KEEP) fs.rmSync(data.dir, { recursive: true, force: true });
}
const loadAfter = os.loadavg();

const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(', ');
const rows = Object.keys(queries).map((name) => {
  const of = rounds.map((r) => r.find((x) => x.name === name)!);
  const ratios = of.map((r) => r.plain / r.ruled);
  const ratio = h.median(ratios);
  return {
    pass: ratio >= TARGET,
    row: `| ${name} | ${h.median(of.map((r) => r.plain)).toFixed(1)} | ${h.median(of.map((r) => r.ruled)).toFixed(1)} | ${ratio.toFixed(3)} (${ratios.map((x) => x.toFixed(3)).join(', ')}) | ${ratio >= TARGET ? 'PASS' : 'MISS'} |`,
  };
});
const report = [
  '# What field and row rules cost a request',
  '',
  `- Date: ${new Date().toISOString()}`,
  `- Code: ${h.codeState()}`,
  `- Machine: ${h.machine()}`,
  `- Host load (loadavg 1, 5, 15 min): ${load(loadBefore)} at the start, ${load(loadAfter)} at the end.`,
  `- Method: \`bench/field-rules.ts\` (\`npm run bench:field-rules\`). One app on a fresh SQLite file with ${h.n0(data.n)} medicines; two`,
  '  clerks with the same medicine permissions, one without rules, one whose group hides the purchase price and the profit,',
  '  makes the code read-only and has a row rule (status in 0, 1) every row meets. `app.inject` in strict alternation,',
  `  ${h.n0(REQUESTS)} requests per clerk, query and round after a warm-up, each timed alone; ${RUNS} rounds; medians.`,
  `- Target (issue 47): with rules >= ${TARGET}x the throughput without (no rules µs / rules µs).`,
  '',
  '| Query | no rules µs | rules µs | ratio (rounds) | Verdict |',
  '|---|---:|---:|---:|---|',
  ...rows.map((r) => r.row),
  '',
].join('\n');
fs.writeFileSync(path.join(h.HERE, 'FIELD-RULES.md'), report);
console.log(`\n${report}`);
if (!rows.every((r) => r.pass)) process.exitCode = 1;
