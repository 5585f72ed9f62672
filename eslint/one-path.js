// The rules that hold the architecture's promises (docs/architecture.md), as lint:
// - one write path: no module writes a descriptor's table itself; creates, updates and deletes of
//   every declared table go through the service (server/crud/), the database layer (server/db/)
//   creates and syncs them;
// - one branch rule: a `user_branch` is never compared with 0 outside server/auth/scope.ts.
// tests/unit/lint/one-path.test.ts plants a violation of each and sees the rule fail.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const here = import.meta.dirname;

/** Every table a descriptor in resources/ declares (`table: '...'`), read from the declarations. */
export function declaredTables(root = join(here, '..', 'resources')) {
  const tables = new Set();
  const visit = (path) => {
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      if (name === 'generated') continue;
      if (statSync(full).isDirectory()) visit(full);
      else if (name.endsWith('.ts')) for (const m of readFileSync(full, 'utf8').matchAll(/\btable: '([a-z_]+)'/g)) tables.add(m[1]);
    }
  };
  visit(root);
  return [...tables].sort();
}

const WRITES = '/^(insertInto|updateTable|deleteFrom)$/';

/** `no-restricted-syntax` entries: a write to a declared table, named or dynamic (`d.table`). */
export function entityWriteRules(tables = declaredTables()) {
  const named = `/^(${tables.join('|')})$/`;
  const message =
    'Write a declared table through the one service (server/crud/service.ts: create, update, remove, undelete, saveMany), not with your own SQL';
  return [
    { selector: `CallExpression[callee.property.name=${WRITES}][arguments.0.type='Literal'][arguments.0.value=${named}]`, message },
    {
      selector: `CallExpression[callee.property.name=${WRITES}][arguments.0.type='MemberExpression'][arguments.0.property.name='table']`,
      message,
    },
  ];
}

/** `no-restricted-syntax` entries: the branch-0 rule restated. */
export const branchRules = [
  {
    selector: "BinaryExpression[operator=/^[!=]==?$/][left.property.name='user_branch'][right.value=0]",
    message: 'Ask server/auth/scope.ts (seesEveryBranch, branchOf, reaches, scopeOf): the branch-0 rule lives there alone',
  },
  {
    selector: "BinaryExpression[operator=/^[!=]==?$/][right.property.name='user_branch'][left.value=0]",
    message: 'Ask server/auth/scope.ts (seesEveryBranch, branchOf, reaches, scopeOf): the branch-0 rule lives there alone',
  },
];

/**
 * The flat-config blocks: every server file gets the branch rule; all but server/crud, server/db
 * and server/startup the write rule. The first start (server/startup/) creates the Super Admin
 * group and the first administrator before any actor or policy can exist (the administrator has
 * no designation or department, which the users policy requires of every later account).
 */
export function onePathConfig(tables = declaredTables()) {
  return [
    {
      files: ['server/**/*.ts'],
      ignores: ['server/crud/**', 'server/db/**', 'server/startup/**'],
      rules: { 'no-restricted-syntax': ['error', ...entityWriteRules(tables), ...branchRules] },
    },
    {
      files: ['server/crud/**/*.ts', 'server/db/**/*.ts', 'server/startup/**/*.ts'],
      rules: { 'no-restricted-syntax': ['error', ...branchRules] },
    },
  ];
}
