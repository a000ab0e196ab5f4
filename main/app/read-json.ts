import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { z } from 'zod';
import { SnapshotFormatError } from './errors.js';

export interface FileRead {
  /** Path relative to the bundle root, as shown to users. */
  name: string;
  bytes: Buffer;
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.length ? i.path.join('.') : '(record)'}: ${i.message}`).join('; ');
}

export function parseJsonFile<S extends z.ZodType>(file: FileRead, schema: S): z.output<S> {
  let value: unknown;
  try {
    value = JSON.parse(file.bytes.toString('utf8'));
  } catch (error) {
    throw new SnapshotFormatError(file.name, null, `not valid JSON (${(error as Error).message})`);
  }
  const result = schema.safeParse(value);
  if (!result.success) throw new SnapshotFormatError(file.name, null, describeIssues(result.error));
  return result.data;
}

/** Parses every non-blank line; one bad line fails the whole file (all-or-nothing import). */
export function parseJsonLines<S extends z.ZodType>(file: FileRead, schema: S): z.output<S>[] {
  const out: z.output<S>[] = [];
  const lines = file.bytes.toString('utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] as string).trim();
    if (line === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new SnapshotFormatError(file.name, i + 1, 'not valid JSON');
    }
    const result = schema.safeParse(value);
    if (!result.success) throw new SnapshotFormatError(file.name, i + 1, describeIssues(result.error));
    out.push(result.data);
  }
  return out;
}

/** Reads `<base>.jsonl` or `<base>.jsonl.gz` if either exists. */
export function readRecordFile(root: string, base: string): FileRead | null {
  for (const name of [`${base}.jsonl`, `${base}.jsonl.gz`]) {
    const file = path.join(root, name);
    if (!existsSync(file)) continue;
    const raw = readFileSync(file);
    try {
      return { name, bytes: name.endsWith('.gz') ? gunzipSync(raw) : raw };
    } catch (error) {
      throw new SnapshotFormatError(name, null, `cannot decompress (${(error as Error).message})`);
    }
  }
  return null;
}

/** Epoch milliseconds from an ISO-8601 string with a zone, or from epoch ms. */
export function toEpochMs(value: string | number, file: string, line: number | null, field: string): number {
  if (typeof value === 'number') return value;
  const hasZone = /(?:Z|[+-]\d\d:?\d\d)$/i.test(value);
  const ms = Date.parse(value);
  if (!hasZone || Number.isNaN(ms)) {
    throw new SnapshotFormatError(file, line, `${field}: "${value.slice(0, 60)}" is not an ISO-8601 time with a zone`);
  }
  return ms;
}
