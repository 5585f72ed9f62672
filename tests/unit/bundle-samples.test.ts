import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { descriptors } from '../../resources';
import { samplesByResource } from '../../resources/generated/samples';

/**
 * Sample records are server-only: the built console (dist/, written by `npm run build`, which
 * `npm test` runs first) must not contain any of them. The bundle is read as shipped.
 */
const root = path.resolve(import.meta.dirname, '../..');
const dist = path.join(root, 'dist');

function newest(dir: string): number {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .map((e) => (e.isDirectory() ? newest(path.join(dir, e.name)) : fs.statSync(path.join(dir, e.name)).mtimeMs))
    .reduce((a, b) => Math.max(a, b), 0);
}

/**
 * Distinctive sample texts: every string value of at least 12 characters (names, descriptions)
 * that is not also declared by a descriptor (a choice such as "Single Vision" belongs in the bundle).
 */
const declared = JSON.stringify(descriptors);
const sampleTexts = [
  ...new Set(
    Object.values(samplesByResource)
      .flat()
      .flatMap((s) => Object.values(s))
      .filter((v): v is string => typeof v === 'string' && v.length >= 12)
      .filter((v) => !declared.includes(JSON.stringify(v)))
      .map((v) => v.slice(0, 40)),
  ),
];

describe('the browser bundle', () => {
  it('is built from the current descriptors', () => {
    expect(fs.existsSync(path.join(dist, 'index.html')), 'run `npm run build` first').toBe(true);
    const built = fs.statSync(path.join(dist, 'index.html')).mtimeMs;
    expect(built, 'dist/ is older than resources/: run `npm run build`').toBeGreaterThanOrEqual(newest(path.join(root, 'resources')));
  });

  it('carries the descriptors but no sample record', () => {
    const js = fs
      .readdirSync(path.join(dist, 'assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => fs.readFileSync(path.join(dist, 'assets', f), 'utf8'))
      .join('\n');
    // The search works: descriptor field names are in the bundle.
    expect(js).toContain('medicine_purchase_price');
    expect(sampleTexts.length).toBeGreaterThan(30);
    expect(sampleTexts).toContain('Napa 500 mg (Paracetamol)');
    expect(sampleTexts.filter((t) => js.includes(t))).toEqual([]);
  });
});
