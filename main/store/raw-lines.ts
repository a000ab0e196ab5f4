import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { resolveInside } from '../snapshot/bundle.js';
import { streamLines } from '../snapshot/lines.js';

export interface RawLine {
  file: string;
  line: number;
  text: string;
}

/** The bundle an item came from is no longer where it was imported from. */
export class SourceUnavailableError extends Error {
  override name = 'SourceUnavailableError';
  constructor(file: string, root: string) {
    super(`${file} is not available under ${root}; the raw lines are read from the imported bundle, so keep it in place or re-import`);
  }
}

/**
 * Reads the given 1-based lines of a bundle file, stopping as soon as the last one is read,
 * so the inspector does not scan a large file to its end.
 */
export async function readRawLines(root: string, rel: string, wanted: readonly number[]): Promise<RawLine[]> {
  if (wanted.length === 0) return [];
  if (!existsSync(join(root, rel))) throw new SourceUnavailableError(rel, root);
  const path = resolveInside(root, rel);
  const want = new Set(wanted);
  const last = Math.max(...wanted);
  const found: RawLine[] = [];
  await streamLines({ path, rel, gzip: rel.endsWith('.gz') }, (text, line) => {
    if (want.has(line)) found.push({ file: rel, line, text });
    return line < last;
  });
  return found;
}
