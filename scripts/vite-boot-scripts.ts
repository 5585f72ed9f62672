import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The blocking scripts of index.html's head, in public/ (the CSP refuses inline scripts). */
const BOOT_SCRIPTS = ['theme-boot.js', 'session-boot.js'];

/** `assets/<name>-<hash of the content>.js`, as Vite names what it bundles. */
function hashedName(file: string, source: string): string {
  const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
  return `assets/${path.basename(file, '.js')}-${hash}.js`;
}

/**
 * Gives the head's blocking scripts content-hashed names under /assets/, which the server lets a
 * browser keep for good (server/plugins/static-files.ts). Under their plain names a browser asked for
 * them again on every visit, and the page waited a round trip for the answers before the cached
 * console could start (bench/PHONE.md). Build only: in development Vite serves public/ as it is.
 */
export function bootScripts(): Plugin {
  const renamed = new Map<string, string>();
  let publicDir = '';
  return {
    name: 'boot-scripts',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    buildStart() {
      for (const file of BOOT_SCRIPTS) {
        const source = fs.readFileSync(path.join(publicDir, file), 'utf8');
        const fileName = hashedName(file, source);
        this.emitFile({ type: 'asset', fileName, source });
        renamed.set(`/${file}`, `/${fileName}`);
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        let out = html;
        for (const [plain, hashed] of renamed) {
          const tag = `<script src="${plain}"></script>`;
          if (!out.includes(tag)) throw new Error(`index.html has no ${tag}: the boot scripts must stay blocking scripts in its head`);
          out = out.replace(tag, `<script src="${hashed}"></script>`);
        }
        return out;
      },
    },
  };
}
