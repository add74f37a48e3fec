import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The storefront script: one minified file with no dependency (an IIFE a plain <script> loads),
 * built into dist/storefront and served by Vitrine at /storefront/ (src/adapters/http/sites).
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../../../dist/storefront', import.meta.url)),
    emptyOutDir: true,
    target: 'es2019',
    minify: true,
    sourcemap: false,
    lib: {
      entry: fileURLToPath(new URL('vitrine-events.ts', import.meta.url)),
      formats: ['iife'],
      name: 'VitrineEvents',
      fileName: () => 'vitrine-events.js',
    },
  },
});
