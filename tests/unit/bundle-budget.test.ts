import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';

/**
 * Issue 14's build check: the JavaScript the sign-in page loads before anything runs (the entry
 * script of dist/index.html, its static imports and modulepreload links) may not grow past the
 * budget. Bytes only, never time: the machines are shared. dist/ is written by `npm run build`,
 * which `npm test` runs first.
 *
 * The budget is 1.1 × the minimal react-admin app's JavaScript (bench/minimal-ra/: one resource,
 * ra-data-simple-rest, ListGuesser, our library versions), gzip -9: 340,124 bytes as measured by
 * `npm run bench:first-visit` on 2026-11-23 (bench/FIRST-VISIT.md), so 1.1 × 340,124 = 374,136.
 * Re-measure there when react-admin, MUI or React are upgraded, and change this one number.
 */
export const SIGN_IN_BUDGET_GZIP9 = 374_136;

const dist = path.resolve(import.meta.dirname, '../../dist');

/** Static `import ... from "./x.js"` / `import "./x.js"` of a built chunk (not `import("./x.js")`). */
function staticImports(code: string): string[] {
  const found: string[] = [];
  for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+\.js)["']/g)) found.push(m[1]!);
  return found;
}

/** The entry scripts and everything they load statically, as files of dist/. */
function signInScripts(): string[] {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const queue = [
    ...[...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!),
  ].map((u) => path.join(dist, u));
  const seen = new Set<string>();
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const rel of staticImports(fs.readFileSync(file, 'utf8'))) queue.push(path.resolve(path.dirname(file), rel));
  }
  return [...seen];
}

describe('the sign-in page', () => {
  it(`loads at most ${SIGN_IN_BUDGET_GZIP9.toLocaleString('en')} bytes of JavaScript (gzip -9) before it runs`, () => {
    expect(fs.existsSync(path.join(dist, 'index.html')), 'run `npm run build` first').toBe(true);
    const files = signInScripts();
    expect(files.length).toBeGreaterThan(0);
    const sizes = files.map((f) => ({ file: path.relative(dist, f), gzip9: zlib.gzipSync(fs.readFileSync(f), { level: 9 }).length }));
    const total = sizes.reduce((a, s) => a + s.gzip9, 0);
    expect(total, `initial JavaScript: ${JSON.stringify(sizes)}`).toBeLessThanOrEqual(SIGN_IN_BUDGET_GZIP9);
  });

  it('leaves the rich-text editor, the socket client and the other languages to later chunks', () => {
    const initial = signInScripts()
      .map((f) => fs.readFileSync(f, 'utf8'))
      .join('\n');
    // Distinctive strings of tiptap/ProseMirror, socket.io-client and the Spanish catalogue.
    expect(initial).not.toContain('ProseMirror-focused');
    expect(initial).not.toContain('io server disconnect');
    expect(initial).not.toContain('Iniciar sesión');
  });
});
