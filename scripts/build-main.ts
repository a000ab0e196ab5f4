/**
 * Bundles the Node side with esbuild: the CLI (ESM, `bin: eog`) and the Electron main and
 * preload (CJS: sandboxed preloads may only `require('electron')`). npm packages stay
 * external so native modules (better-sqlite3) load from node_modules.
 */
import { build, type BuildOptions } from 'esbuild';
import { chmodSync, existsSync } from 'node:fs';

const common: BuildOptions = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
};

await build({
  ...common,
  entryPoints: ['main/cli/main.ts'],
  outfile: 'dist/main/cli.js',
  format: 'esm',
});
chmodSync('dist/main/cli.js', 0o755);
// The import parses in a worker thread; the worker is its own entry next to the CLI.
await build({ ...common, entryPoints: ['main/store/ingest/import-worker.ts'], outfile: 'dist/main/import-worker.js', format: 'esm' });
// An import started from the UI runs in its own worker thread so that Cancel can stop it at once.
await build({ ...common, entryPoints: ['main/app/import/import-job-worker.ts'], outfile: 'dist/main/import-job-worker.js', format: 'esm' });

for (const [entry, out] of [
  ['main/electron/main.ts', 'dist/electron/main.cjs'],
  ['main/electron/preload.ts', 'dist/electron/preload.cjs'],
] as const) {
  // The store finds its worker through import.meta.url and falls back to the main thread in CJS.
  if (existsSync(entry))
    await build({ ...common, entryPoints: [entry], outfile: out, format: 'cjs', logOverride: { 'empty-import-meta': 'silent' } });
}
