import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { isClickHouseSpec, parseStoreSpec, type StoreSpec } from '../store/index.js';

/**
 * One message for every refused path, whatever is there: a missing path, a file, a folder and
 * one the host may not read are refused alike, so a client learns nothing of what exists.
 */
export const PATH_NOT_ALLOWED =
  'This path is outside the folders the workbench may use: the paths it was started with (eog serve <snapshot>, --allow <folder>, --store, --cases), its data folder (EOG_DATA_DIR, else ~/.eog) and the folders chosen in the app with Open → Folder… or File…. Start it with --allow <folder>, or choose the folder in the app, to use this one.';

export class PathNotAllowedError extends Error {
  override name = 'PathNotAllowedError';
  constructor() {
    super(PATH_NOT_ALLOWED);
  }
}

/** Symlinks followed before a path counts as unresolvable (Linux's own limit). */
const MAX_LINKS = 40;

/**
 * Where a path really leads, as the operating system would follow it: the real path of its
 * nearest existing ancestor (symlinks and `..` resolved by the system), with the rest, which
 * does not exist yet, appended. A dangling symlink is followed to where a write would create its
 * target. Null when the links loop.
 */
export function realPathOf(input: string, links = 0): string | null {
  // Not path.resolve: normalising `link/..` by its text would skip the link the system follows.
  const absolute = path.isAbsolute(input) ? input : `${process.cwd()}${path.sep}${input}`;
  const parts = absolute.split(path.sep === '\\' ? /[\\/]/ : '/');
  for (let i = parts.length; i >= 1; i--) {
    const head = i === 1 ? `${parts[0] ?? ''}${path.sep}` : parts.slice(0, i).join(path.sep);
    const rest = parts.slice(i);
    try {
      return path.resolve(realpathSync.native(head), ...rest);
    } catch {
      const target = danglingLinkTarget(head);
      if (target === null) continue;
      if (links >= MAX_LINKS) return null;
      const base = i === 1 ? path.sep : parts.slice(0, i - 1).join(path.sep) || path.sep;
      return realPathOf([path.isAbsolute(target) ? target : `${base}${path.sep}${target}`, ...rest].join(path.sep), links + 1);
    }
  }
  return path.resolve(absolute);
}

/** The target of `file` when it is a symlink (one realpath could not follow); null otherwise. */
function danglingLinkTarget(file: string): string | null {
  try {
    return lstatSync(file).isSymbolicLink() ? readlinkSync(file) : null;
  } catch {
    return null;
  }
}

function isInside(file: string, root: string): boolean {
  const relative = path.relative(root, file);
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

/**
 * The paths a host's clients may open, probe and create files under (#48): what the user gave
 * the host (its command line, its data folder, folders chosen in the app's open dialog). Roots
 * and paths are both resolved as the system resolves them at each check, so a symlink inside a
 * root that leads outside it is refused, and a root that is itself a symlink is followed.
 */
export class AllowedRoots {
  private readonly roots = new Set<string>();

  constructor(roots: Iterable<string | null | undefined> = []) {
    for (const root of roots) if (root) this.add(root);
  }

  /** Kept as given (made absolute): it is resolved at each check, as the system would follow it then. */
  add(root: string): void {
    this.roots.add(path.isAbsolute(root) ? root : `${process.cwd()}${path.sep}${root}`);
  }

  list(): string[] {
    return [...this.roots];
  }

  isAllowed(input: string): boolean {
    const real = realPathOf(input);
    if (real === null) return false;
    for (const root of this.roots) {
      const realRoot = realPathOf(root);
      if (realRoot !== null && isInside(real, realRoot)) return true;
    }
    return false;
  }

  /** Throws PathNotAllowedError unless `input` lies under a root. */
  check(input: string): void {
    if (!this.isAllowed(input)) throw new PathNotAllowedError();
  }

  /** Checks the path a snapshot or store text names (a path, `sqlite:PATH`, `chdb:DIR`); a server URL names none. */
  checkSpec(input: string): void {
    const file = specPath(input);
    if (file !== null) this.check(file);
  }
}

/** The file or folder a snapshot or store text names; null for a ClickHouse server (`clickhouse://…`), which is no path. */
export function specPath(input: string): string | null {
  return input.startsWith('sqlite:') || isClickHouseSpec(input) ? storePath(parseStoreSpec(input)) : input;
}

/** The file or folder a store lives in; null for a ClickHouse server. */
export function storePath(spec: StoreSpec): string | null {
  switch (spec.kind) {
    case 'sqlite':
      return spec.file;
    case 'chdb':
      return spec.dir;
    case 'clickhouse':
      return null;
  }
}
