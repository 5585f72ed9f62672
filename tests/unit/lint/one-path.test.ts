import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { declaredTables, onePathConfig } from '../../../eslint/one-path.js';

/**
 * The architecture's "one write path" and "one branch rule" are lint rules (eslint/one-path.js):
 * code planted in a feature module that writes a declared table itself, or restates the branch-0
 * rule, fails `npm run lint`; the same write inside server/crud/ passes.
 */
// The blocks eslint.config.js spreads, alone (no type-aware rules: planted files are in no project).
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfigFile: true,
  overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, ...onePathConfig()],
});

async function messagesOf(code: string, path: string) {
  const [result] = await eslint.lintText(code, { filePath: path });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const PLANTED_WRITE = `
import type { Db } from '../../db/database';
export async function sneak(db: Db) {
  await db.updateTable('users').set({ user_name: 'x' }).where('user_id', '=', 1).execute();
}
`;

describe('one write path, held by lint', () => {
  it('is part of the repository lint config', async () => {
    const config: unknown = await new ESLint({ cwd: process.cwd() }).calculateConfigForFile('server/modules/users/routes.ts');
    expect(JSON.stringify(config)).toContain('through the one service');
  });

  it('knows every declared table, users and the catalogues among them', () => {
    const tables = declaredTables();
    // Menus and the permission links (a menu's groups, a group's menus, a user's own grants) among them.
    expect(tables).toEqual(
      expect.arrayContaining(['users', 'user_group', 'branch', 'medicine', 'notification', 'menu', 'permission', 'user_permission']),
    );
  });

  it('refuses a module that updates a declared table with its own SQL', async () => {
    const found = await messagesOf(PLANTED_WRITE, 'server/modules/accounts/planted.ts');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/through the one service/);
  });

  it('refuses a dynamic write to a descriptor table (d.table) outside the service', async () => {
    const code = `
import { dynamic, type Db } from '../../db/database';
import type { ResourceDescriptor } from '../../../resources';
export async function sneak(db: Db, d: ResourceDescriptor) {
  await dynamic(db).deleteFrom(d.table).execute();
}
`;
    expect(await messagesOf(code, 'server/modules/bulk/planted.ts')).toHaveLength(1);
  });

  it('refuses a module that grants a permission or edits a menu with its own SQL', async () => {
    const code = `
import type { Db } from '../../db/database';
export async function grant(db: Db) {
  await db.insertInto('permission').values({ permission_group: 2, menu_id: 5 }).execute();
  await db.updateTable('menu').set({ menu_status: 0 }).execute();
  await db.deleteFrom('user_permission').execute();
}
`;
    expect(await messagesOf(code, 'server/modules/access/planted.ts')).toHaveLength(3);
  });

  it('lets the service itself write, and a module write its own tables', async () => {
    expect(await messagesOf(PLANTED_WRITE, 'server/crud/planted.ts')).toEqual([]);
    const own = `
import type { Db } from '../../db/database';
export async function keep(db: Db) {
  await db.deleteFrom('saved_filter').where('saved_filter_id', '=', 1).execute();
}
`;
    expect(await messagesOf(own, 'server/modules/preferences/planted.ts')).toEqual([]);
  });

  it('holds without an exception: no file of server/ turns the rule off', () => {
    // The notices' delivery claim was the last one; it is the service's `claim` now (server/crud/claim.ts).
    const off = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const full = join(dir, e.name);
        if (e.isDirectory()) return off(full);
        return e.name.endsWith('.ts') && /eslint-disable[^\n]*no-restricted-syntax/.test(readFileSync(full, 'utf8')) ? [full] : [];
      });
    expect(off(join(process.cwd(), 'server'))).toEqual([]);
  });

  it('refuses the branch-0 rule restated outside server/auth/scope.ts', async () => {
    const code = `
export const sees = (viewer: { user_branch: number }) => viewer.user_branch === 0;
`;
    const found = await messagesOf(code, 'server/modules/audit/planted.ts');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/scope\.ts/);
  });
});
