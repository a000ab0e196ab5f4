/**
 * Bundles the Node side with esbuild: the CLI (ESM, `bin: eog`) and the Electron main and
 * preload (CJS: sandboxed preloads may only `require('electron')`). npm packages stay
 * external so native modules (better-sqlite3) load from node_modules.
 */
import { build, type BuildOptions } from 'esbuild';
import { chmodSync, existsSync, rmSync } from 'node:fs';

const common: BuildOptions = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
};

// One ESM build with code splitting: each subcommand's code is a chunk loaded only when that
// command runs, so `eog --help` starts without openai, the tokenizer or SQLite. Chunks sit next
// to the entries because modules find their worker scripts through import.meta.url.
rmSync('dist/main', { recursive: true, force: true });
await build({
  ...common,
  entryPoints: {
    cli: 'main/cli/main.ts',
    // The import parses in worker threads; each worker is its own entry next to the CLI.
    'import-worker': 'main/store/ingest/import-worker.ts',
    // An import started from the UI runs in its own worker thread so that Cancel can stop it at once.
    'import-job-worker': 'main/app/import/import-job-worker.ts',
    // The code layer parses source files in a second thread on multi-core machines.
    'code-parse-worker': 'main/code/parse-worker.ts',
  },
  outdir: 'dist/main',
  format: 'esm',
  splitting: true,
  chunkNames: 'chunk-[hash]',
});
chmodSync('dist/main/cli.js', 0o755);

for (const [entry, out] of [
  ['main/electron/main.ts', 'dist/electron/main.cjs'],
  ['main/electron/preload.ts', 'dist/electron/preload.cjs'],
] as const) {
  // The store finds its worker through import.meta.url and falls back to the main thread in CJS.
  if (existsSync(entry))
    await build({ ...common, entryPoints: [entry], outfile: out, format: 'cjs', logOverride: { 'empty-import-meta': 'silent' } });
}
