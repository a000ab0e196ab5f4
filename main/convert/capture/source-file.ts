import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { findNodeAtLocation, parseTree, type JSONPath } from 'jsonc-parser';
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
  const root = parseTree(file.text);
  if (!root) return null;
  for (let n = path.length; n >= 0; n--) {
    const node = findNodeAtLocation(root, path.slice(0, n));
    if (node) return lineAt(file.text, node.offset);
  }
  return null;
}

/** Field path `a.b[2].c` for messages. */
export function pathText(path: JSONPath): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}
