import type { Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rollup';

/** The module whose chunk is the signed-in shell (one dynamic import, see src/signed-in.ts). */
const SHELL_MODULE = '/src/signed-in.ts';

/** A chunk's file and every chunk it imports statically, transitively. */
function withImports(bundle: OutputBundle, first: OutputChunk): Set<string> {
  const seen = new Set<string>();
  const queue = [first.fileName];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') queue.push(...chunk.imports);
  }
  return seen;
}

/**
 * Lists the signed-in shell's scripts (those the sign-in page does not already load) in
 * `<meta name="signed-in-scripts">`, so public/session-boot.js can start fetching them for a
 * returning user while the main script is still downloading and running, so the first list row
 * comes sooner. Build only: in development Vite serves modules one by one.
 */
export function signedInPreload(): Plugin {
  return {
    name: 'signed-in-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return [];
        const shell = Object.values(bundle).find(
          (c): c is OutputChunk => c.type === 'chunk' && c.moduleIds.some((id) => id.endsWith(SHELL_MODULE)),
        );
        if (!shell) throw new Error(`no chunk for ${SHELL_MODULE}: the signed-in shell must stay one dynamic import`);
        const already = withImports(bundle, entry);
        const files = [...withImports(bundle, shell)].filter((f) => !already.has(f));
        return [
          { tag: 'meta', attrs: { name: 'signed-in-scripts', content: files.map((f) => `/${f}`).join(' ') }, injectTo: 'head-prepend' },
        ];
      },
    },
  };
}
