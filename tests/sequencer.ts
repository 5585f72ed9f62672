import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files in the order that ends the run soonest on a 2-core machine: the longest first, so that no
 * long file starts near the end while the other workers sit idle (vitest's own order, without a
 * cache of earlier runs as on a fresh clone, is project by project, by file size). Durations come from
 * `tests/durations.json` (seconds per file, from a full run; `npm run test:durations` writes it
 * from a JSON report); a file not listed counts as DEFAULT_SECONDS.
 *
 * A project whose files share a worker (`isolate: false`) keeps its files together: vitest hands
 * a worker the next file only when that file is of the same project, so its files go as one block,
 * placed by the time the block takes across the workers.
 */
const DEFAULT_SECONDS = 10;
const durations: Record<string, number> = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'durations.json'), 'utf8'));

export default class LongestFirst extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const seconds = (f: TestSpecification) => durations[path.relative(root, f.moduleId)] ?? DEFAULT_SECONDS;
    const workers = this.ctx.config.maxWorkers || 1;
    const blocks = new Map<string, { files: TestSpecification[]; key: number }>();
    for (const f of files) {
      const shared = !f.project.config.isolate;
      const id = shared ? `project:${f.project.name}` : `file:${f.moduleId}`;
      const block = blocks.get(id) ?? { files: [], key: 0 };
      block.files.push(f);
      block.key += shared ? seconds(f) / workers : seconds(f);
      blocks.set(id, block);
    }
    const byLength = (a: TestSpecification, b: TestSpecification) => seconds(b) - seconds(a);
    return Promise.resolve([...blocks.values()].sort((a, b) => b.key - a.key).flatMap((b) => b.files.sort(byLength)));
  }
}
