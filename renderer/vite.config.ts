// Build configuration: runs in Node at build time, not in the browser, so the renderer's
// import rules do not apply to this file.
// eslint-disable-next-line eog/layering
import react from '@vitejs/plugin-react';
// eslint-disable-next-line eog/layering
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react()],
  worker: { format: 'es' },
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    // No inline assets: the CSP allows data: only for images.
    assetsInlineLimit: 0,
    sourcemap: true,
    // One desktop bundle loaded from disk or localhost: chunk size does not cost a network.
    chunkSizeWarningLimit: 2048,
  },
});
