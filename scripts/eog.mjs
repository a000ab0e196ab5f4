/**
 * `npm run eog -- <args>`: runs the built CLI (dist/main/cli.js), rebuilding it first when any
 * source it is built from is newer. Plain JavaScript on purpose: a TypeScript loader would
 * cost the second of start-up this launcher exists to avoid.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const cli = join(root, 'dist', 'main', 'cli.js');
/** What the Node bundle is built from; tests and the renderer are not part of it. */
const SOURCE_DIRS = ['core', 'main'];
const SOURCE_FILES = ['package.json', 'package-lock.json', 'scripts/build-main.ts'];

function mtimeOrZero(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function newestSource(dir, newest) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = newestSource(path, newest);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) newest = Math.max(newest, mtimeOrZero(path));
  }
  return newest;
}

function isStale() {
  const built = mtimeOrZero(cli);
  if (built === 0) return true;
  let newest = 0;
  for (const file of SOURCE_FILES) newest = Math.max(newest, mtimeOrZero(join(root, file)));
  for (const dir of SOURCE_DIRS) newest = newestSource(join(root, dir), newest);
  return newest > built;
}

if (isStale()) {
  process.stderr.write('eog: sources changed since the last build; rebuilding dist/main (npm run build:main)\n');
  const build = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'build-main.ts')], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// The CLI reads process.argv as `node <script> <args>`; this script stands in for it.
await import(pathToFileURL(cli).href);
