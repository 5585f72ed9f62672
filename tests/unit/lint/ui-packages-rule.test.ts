import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cruise, type IForbiddenRuleType } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * resources/ is loaded by the server (descriptors, icon names, labels): the dependency-cruiser rule
 * `shared-and-server-without-ui-packages` (.dependency-cruiser.json, run by `npm run lint`) keeps
 * React and MUI out of it and out of server/. Here the repository's own rule cruises planted files
 * in a throwaway copy of the layout, so a rule that stops matching (a path typo, node_modules
 * excluded from the graph again) fails this test instead of passing every lint.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const RULE = 'shared-and-server-without-ui-packages';
const config = JSON.parse(fs.readFileSync(path.join(ROOT, '.dependency-cruiser.json'), 'utf8')) as {
  forbidden: IForbiddenRuleType[];
  options: { doNotFollow: { path: string }; exclude: { path: string } };
};
const rule = config.forbidden.find((r) => r.name === RULE);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-packages-rule-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
const plant = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), text);
};
plant('resources/planted-icon.ts', "import People from '@mui/icons-material/People';\nexport const icon = People;\n");
plant('server/planted-react.ts', "import { createElement } from 'react';\nexport const element = createElement;\n");
plant('resources/names-only.ts', "export const ICON_NAMES = ['People'] as const;\n");
plant('src/console-icons.ts', "import People from '@mui/icons-material/People';\nexport const icon = People;\n");

async function violations(): Promise<string[]> {
  const result = await cruise(
    ['resources', 'server', 'src'],
    {
      baseDir: dir,
      ruleSet: { forbidden: rule ? [rule] : [] },
      doNotFollow: config.options.doNotFollow,
      exclude: config.options.exclude,
      tsPreCompilationDeps: true,
      // Paths as in the repository (node_modules/...), not where the link points.
      preserveSymlinks: true,
      validate: true,
    },
    { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  );
  if (typeof result.output === 'string') throw new Error('expected the cruise result as data');
  return result.output.summary.violations.filter((v) => v.rule.name === RULE).map((v) => v.from);
}

describe(`the dependency rule ${RULE}`, () => {
  it('is in the configuration', () => expect(rule).toBeDefined());

  it('refuses React or MUI imported from resources/ or server/, and only there', async () => {
    expect((await violations()).sort()).toEqual(['resources/planted-icon.ts', 'server/planted-react.ts']);
  }, 60_000);
});
