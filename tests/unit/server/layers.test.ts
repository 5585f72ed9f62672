import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The database layer is the lowest floor: nothing under server/db/ may import from the layers
 * above it (crud, auth, routes, plugins, modules, startup). Checked on the import lines of every file.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const ABOVE = ['crud', 'auth', 'routes', 'plugins', 'modules', 'startup'];

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

function imports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]/g),
    ...text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1]!);
}

describe('server layers', () => {
  const dbFiles = files(path.join(root, 'server/db'));
  it('finds the database files and their imports', () => {
    expect(dbFiles.map((f) => path.relative(root, f))).toContain('server/db/sync.ts');
    expect(imports(path.join(root, 'server/db/sync.ts'))).toContain('./columns');
  });
  it.each(dbFiles.map((f) => [path.relative(root, f), f]))('%s imports nothing from above server/db', (_name, file) => {
    const upward = imports(file).filter((spec) => {
      if (!spec.startsWith('.')) return false;
      const target = path.relative(path.join(root, 'server'), path.resolve(path.dirname(file), spec));
      return ABOVE.some((layer) => target === layer || target.startsWith(`${layer}/`));
    });
    expect(upward).toEqual([]);
  });
});
