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

for (const [entry, out] of [
  ['main/electron/main.ts', 'dist/electron/main.cjs'],
  ['main/electron/preload.ts', 'dist/electron/preload.cjs'],
] as const) {
  if (existsSync(entry)) await build({ ...common, entryPoints: [entry], outfile: out, format: 'cjs' });
}
