import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export class PackageRootNotFoundError extends Error {
  override name = 'PackageRootNotFoundError';
  constructor(from: string) {
    super(`Cannot find the EoG Workbench folder (package.json) above ${from}; run from a checkout or an install.`);
  }
}

/**
 * The folder holding package.json, found by walking up from `fromUrl` (the caller's
 * `import.meta.url`). Works both from the sources under tsx and from the bundles. Callers pass
 * the URL because the CommonJS Electron bundle has no `import.meta`.
 */
export function findPackageRoot(fromUrl: string): string {
  const start = path.dirname(fileURLToPath(fromUrl));
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new PackageRootNotFoundError(start);
  }
}

export function readPackageVersion(root: string): string {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version?: unknown };
  return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
}

/** The bundled sample snapshot, opened when none is given. */
export function defaultSnapshotDir(root: string): string {
  return path.join(root, 'resources', 'sample');
}

/** The user's data folder (lessons, the case library): `EOG_DATA_DIR`, else `~/.eog`. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.EOG_DATA_DIR ?? path.join(homedir(), '.eog');
}
