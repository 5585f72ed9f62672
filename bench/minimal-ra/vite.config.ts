import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Builds the minimal react-admin app (bench/minimal-ra/) the way the console is built (same Vite,
 * same React plugin, production mode). The output directory is chosen by bench/first-visit.ts
 * (`--outDir`), a temp folder: never dist/.
 */
export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [react()],
  logLevel: 'warn',
  build: { emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 5000 },
});
