/**
 * `npm ci`, `npm install` and `npm link` run this in a checkout (package.json "prepare"): it
 * builds dist/main, so the `eog` bin works straight away. About a second of esbuild. Without
 * the dev dependencies (`--omit=dev`) there is nothing to build with: it says so and succeeds.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(new URL('../node_modules/tsx/package.json', import.meta.url))) {
  process.stderr.write('prepare: dev dependencies are not installed; skipped building the CLI (npm run build:main builds it)\n');
  process.exit(0);
}
const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-main.ts'], { cwd: root, stdio: 'inherit' });
process.exit(build.status ?? 1);
