import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { signedInPreload } from './scripts/vite-signed-in-preload';

// The server serves dist/ with an SPA fallback; in development Vite proxies the API to it.
export default defineConfig({
  plugins: [react(), signedInPreload()],
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 2500 },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false, ws: true },
    },
  },
});
