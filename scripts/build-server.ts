import path from 'node:path';
import { build, type BuildOptions } from 'esbuild';

/**
 * `npm run build` (and so `npm start`): the server bundled into one ES module, `dist-server/main.js`,
 * run by plain `node`. Running the TypeScript through tsx's loader at start-up cost ~2 s of
 * compilation on every start and kept the compiler and its caches in the server's memory
 * (measured with the start-up benchmark). npm packages stay external (native addons, assets read from their folders).
 * The output sits one folder below the repository, like `server/`, so paths the server resolves
 * from its own location (`config.ts`: `dist/`, `data/`) are the same either way.
 */
export const ROOT = path.resolve(import.meta.dirname, '..');

export const serverBundle = (entry: string, outfile: string): BuildOptions => ({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: 'linked',
  // Not minified, so a stack trace into the bundle is readable as it is. `npm start` does not
  // pass --enable-source-maps: node then parses and keeps the source maps of every loaded package
  // (~6 MB of the 150 MB RSS budget); `node --enable-source-maps
  // dist-server/main.js` maps traces to the TypeScript when debugging.
  sourcesContent: false,
  logLevel: 'warning',
});

if (import.meta.url === `file://${process.argv[1]}`) {
  const outfile = path.join(ROOT, 'dist-server', 'main.js');
  await build(serverBundle(path.join(ROOT, 'server', 'main.ts'), outfile));
  console.log(`server bundled: ${path.relative(ROOT, outfile)}`);
}
