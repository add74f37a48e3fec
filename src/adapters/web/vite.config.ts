import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The merchandiser's builder: built into dist/web with content-hashed asset names, served by
 * Vitrine itself at /builder/ (src/adapters/http/sites). No inline script, so the page's
 * Content-Security-Policy can say script-src 'self'.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/builder/',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('../../../dist/web', import.meta.url)),
    emptyOutDir: true,
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: false,
  },
});
