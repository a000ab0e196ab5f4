import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { UnrecognisedInputError } from '../errors.js';

/** Files a format reads from a folder given instead of files. */
const EXTENSIONS = /\.(json|jsonl|ndjson)(\.gz)?$/;

/**
 * Each input as files: a file as given, a folder as its JSON files in name order (with
 * `recursive`, those of its subfolders too, each folder's entries in name order).
 */
export function expandInputs(inputs: readonly string[], format: string, recursive = false): string[] {
  const files: string[] = [];
  for (const input of inputs) {
    if (!existsSync(input)) throw new UnrecognisedInputError(`${format} input ${input} does not exist`);
    if (statSync(input).isDirectory()) {
      const found = listFolder(input, recursive);
      if (found.length === 0) throw new UnrecognisedInputError(`${format} input folder ${input} holds no .json/.jsonl files`);
      files.push(...found);
    } else files.push(input);
  }
  return files;
}

function listFolder(dir: string, recursive: boolean): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (recursive) out.push(...listFolder(path, true));
    } else if (EXTENSIONS.test(entry.name)) out.push(path);
  }
  return out;
}
