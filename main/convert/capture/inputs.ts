import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { UnrecognisedInputError } from '../errors.js';

/** Files a format reads from a folder given instead of files. */
const EXTENSIONS = /\.(json|jsonl|ndjson)(\.gz)?$/;

/** Each input as files: a file as given, a folder as its JSON files in name order. */
export function expandInputs(inputs: readonly string[], format: string): string[] {
  const files: string[] = [];
  for (const input of inputs) {
    if (!existsSync(input)) throw new UnrecognisedInputError(`${format} input ${input} does not exist`);
    if (statSync(input).isDirectory()) {
      const found = readdirSync(input)
        .filter((n) => EXTENSIONS.test(n))
        .sort()
        .map((n) => join(input, n));
      if (found.length === 0) throw new UnrecognisedInputError(`${format} input folder ${input} holds no .json/.jsonl files`);
      files.push(...found);
    } else files.push(input);
  }
  return files;
}
