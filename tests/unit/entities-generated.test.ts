import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED, loadEntities, renderGenerated } from '../../scripts/entities';
import { descriptors } from '../../resources';

/**
 * resources/generated/ is the list of entity folders written out for every tool (scripts/entities.ts):
 * it must be the folders' list as they are now. After adding or removing a folder: `npm run entities`.
 */
describe('the generated entity list', () => {
  it('is up to date with the folders of resources/', async () => {
    const expected = await renderGenerated(await loadEntities());
    for (const [name, text] of Object.entries(expected)) {
      const file = path.join(GENERATED, name);
      const written = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
      expect(written, `resources/generated/${name} is stale: run \`npm run entities\``).toBe(text);
    }
    expect(fs.readdirSync(GENERATED).sort()).toEqual(Object.keys(expected).sort());
  });

  it('gives the registry every entity folder, in menu order', async () => {
    const entities = await loadEntities();
    expect(descriptors.map((d) => d.name)).toEqual(entities.map((e) => e.name));
    const positions = descriptors.map((d) => d.menu.position ?? 50);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });
});
