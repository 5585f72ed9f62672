import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { signedInPreload } from './scripts/vite-signed-in-preload';
import { earlySignIn } from './scripts/vite-early-sign-in';
import { bootScripts } from './scripts/vite-boot-scripts';

// The server serves dist/ with an SPA fallback; in development Vite proxies the API to it.
/**
 * react-router's package points every import at its development build (extra checks and warnings
 * on each render); the built console takes its production build, which it ships beside it.
 */
const routerProduction = (command: string) =>
  command === 'build'
    ? [
        {
          find: /^react-router$/,
          replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)),
        },
        {
          find: /^react-router\/dom$/,
          replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)),
        },
      ]
    : [];

export default defineConfig(({ command }) => ({
  plugins: [react(), signedInPreload(), earlySignIn(), bootScripts()],
  resolve: {
    alias: [
      // An ES5 polyfill chain (get-intrinsic, call-bind, ...) of node-polyglot: the built-in suffices.
      { find: 'object.entries', replacement: fileURLToPath(new URL('./src/shims/object-entries.cjs', import.meta.url)) },
      // The column chooser's accent folding: String.prototype.normalize does it (see the shim).
      { find: 'diacritic', replacement: fileURLToPath(new URL('./src/shims/diacritic.cjs', import.meta.url)) },
      ...routerProduction(command),
    ],
  },
  build: {
    // src/shims/ holds CommonJS stand-ins for packages' CommonJS dependencies.
    commonjsOptions: { include: [/node_modules/, /src\/shims\//] },
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 2500,
    // Terser, not Vite's default esbuild: the first visit's JavaScript is 4 % smaller gzipped
    // (384.6 -> 370.1 kB, against a budget of 1.1 x the minimal react-admin app), for ~15 s
    // more build time.
    minify: 'terser',
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false, ws: true },
    },
  },
}));
