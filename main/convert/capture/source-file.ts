import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { findNodeAtLocation, parseTree, type JSONPath, type Node } from 'jsonc-parser';
import { ConvertInputError } from '../errors.js';

/** One input file: its name as shown in messages and its text (gzip is undone by the `.gz` name). */
export interface SourceFile {
  /** The path as the user gave it; what errors and warnings name. */
  name: string;
  text: string;
}

export function readSourceFile(path: string): SourceFile {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    throw new ConvertInputError(path, null, `cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  if (path.endsWith('.gz')) {
    try {
      bytes = gunzipSync(bytes);
    } catch {
      throw new ConvertInputError(path, null, 'is not valid gzip (truncated or corrupt)');
    }
  }
  return { name: path, text: bytes.toString('utf8').replace(/^\uFEFF/, '') };
}

export function displayName(file: SourceFile): string {
  return basename(file.name);
}

/** 1-based line of a character offset. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/**
 * Parses a whole-document JSON file (a Prometheus or kubectl dump); a syntax error names the
 * line where the parser stopped.
 */
export function parseJsonDocument(file: SourceFile): unknown {
  try {
    return JSON.parse(file.text) as unknown;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(message);
    const line = position ? lineAt(file.text, Number(position[1])) : lineAt(file.text, file.text.length);
    throw new ConvertInputError(file.name, line, `not valid JSON (${message})`);
  }
}

/**
 * The line of the value at `path` in a whole-document JSON file, for an error about that value.
 * Only called on the error path: it parses the file again, keeping offsets.
 */
export function lineOfPath(file: SourceFile, path: JSONPath): number | null {
  return lineFinder(file)(path);
}

/**
 * `lineOfPath` for many values of one file (a reader that names the line of each object it
 * warns about): the file is parsed again once, on the first call, and its line starts kept.
 */
export function lineFinder(file: SourceFile): (path: JSONPath) => number | null {
  let parsed: { root: Node | undefined; lineStarts: number[] } | null = null;
  return (path) => {
    parsed ??= { root: parseTree(file.text), lineStarts: lineStartsOf(file.text) };
    const { root, lineStarts } = parsed;
    if (!root) return null;
    for (let n = path.length; n >= 0; n--) {
      const node = findNodeAtLocation(root, path.slice(0, n));
      if (node) return lineOfOffset(lineStarts, node.offset);
    }
    return null;
  };
}

function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

/** 1-based line of `offset`: the number of line starts at or before it (binary search). */
function lineOfOffset(lineStarts: readonly number[], offset: number): number {
  let [low, high] = [0, lineStarts.length];
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((lineStarts[mid] ?? 0) <= offset) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Field path `a.b[2].c` for messages. */
export function pathText(path: JSONPath): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}
