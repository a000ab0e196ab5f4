import { lstatSync, readdirSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { CodeWarning } from '../../core/code/index.js';
import { isUnsupportedSource, languageFor, type LanguageRoles } from './languages/index.js';

/** Folders of dependencies, builds and caches: not the service's own code. */
const skippedDirs = new Set(['node_modules', 'vendor', 'target', 'build', 'dist', 'bin', 'obj', 'out', '__pycache__', 'venv', '.venv']);
/** Larger files are minified or generated data, not code to read. */
export const maxSourceBytes = 1024 * 1024;
const maxFiles = 50_000;

export interface SourceFile {
  /** Root-relative, `/`-separated. */
  path: string;
  absolute: string;
  language: LanguageRoles;
}

export class CodeSourceError extends Error {
  override name = 'CodeSourceError';
}

/** The source files under `root` in a language with a table, sorted by path; the rest reported once per extension. */
export function discoverSources(root: string): { files: SourceFile[]; warnings: CodeWarning[] } {
  let stat;
  try {
    stat = lstatSync(root);
  } catch {
    throw new CodeSourceError(`${root}: no such source folder`);
  }
  if (!stat.isDirectory()) throw new CodeSourceError(`${root}: not a folder`);
  const files: SourceFile[] = [];
  const warnings: CodeWarning[] = [];
  const unsupported = new Map<string, string>();
  const stack = [root];
  while (stack.length > 0) {
    const dir = stack.pop() as string;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const absolute = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.') && !skippedDirs.has(entry.name)) stack.push(absolute);
        continue;
      }
      if (!entry.isFile()) continue;
      const path = relative(root, absolute).split(sep).join('/');
      const ext = extname(entry.name);
      const language = languageFor(ext);
      if (language === null) {
        if (isUnsupportedSource(ext) && !unsupported.has(ext)) unsupported.set(ext, path);
        continue;
      }
      if (lstatSync(absolute).size > maxSourceBytes) {
        warnings.push({ file: path, message: `skipped: larger than ${maxSourceBytes} bytes` });
        continue;
      }
      files.push({ path, absolute, language });
      if (files.length > maxFiles) throw new CodeSourceError(`${root}: more than ${maxFiles} source files; point --source at one service`);
    }
  }
  for (const [ext, path] of unsupported) warnings.push({ file: path, message: `language of ${ext} files is not supported: not parsed` });
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, warnings };
}
