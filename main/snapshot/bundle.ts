import { createHash } from 'node:crypto';
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { z } from 'zod';
import { Topology } from '../../core/model/topology.js';
import { SnapshotManifest, recordFiles, type RecordFileName } from '../../core/snapshot/schema.js';
import { BundleFormatError, BundleMissingFileError, BundlePathError } from './errors.js';
import type { LineFile } from './lines.js';

export interface RecordFile extends LineFile {
  kind: RecordFileName;
}

export interface JsonFile<T> {
  rel: string;
  sha256: string;
  value: T;
}

export interface Bundle {
  /** Real path of the bundle folder. */
  root: string;
  manifest: JsonFile<SnapshotManifest>;
  topology: JsonFile<Topology>;
  /** Present record files in a fixed order (the order of `recordFiles`), so ids are stable. */
  records: RecordFile[];
}

/** Refuses anything that resolves outside the bundle: a bundle is untrusted input. */
export function resolveInside(root: string, rel: string): string {
  const real = realpathSync(join(root, rel));
  if (real !== root && !real.startsWith(root + sep)) throw new BundlePathError(rel, real);
  if (!statSync(real).isFile()) throw new BundleFormatError(rel, null, null, 'expected a regular file');
  return real;
}

function readJson<T>(root: string, rel: string, schema: z.ZodType<T>): JsonFile<T> {
  if (!existsSync(join(root, rel))) throw new BundleMissingFileError(rel, root);
  const bytes = readFileSync(resolveInside(root, rel));
  let raw: unknown;
  try {
    raw = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new BundleFormatError(rel, null, null, `not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BundleFormatError(rel, null, issue?.path.map(String).join('.') || null, issue?.message ?? 'invalid');
  }
  return { rel, sha256: createHash('sha256').update(bytes).digest('hex'), value: parsed.data };
}

function findRecordFile(root: string, kind: RecordFileName): RecordFile | null {
  const plain = `${kind}.jsonl`;
  const gz = `${kind}.jsonl.gz`;
  const hasPlain = existsSync(join(root, plain));
  const hasGz = existsSync(join(root, gz));
  if (hasPlain && hasGz) throw new BundleFormatError(gz, null, null, `both ${plain} and ${gz} exist; keep only one`);
  if (!hasPlain && !hasGz) return null;
  const rel = hasGz ? gz : plain;
  return { kind, rel, path: resolveInside(root, rel), gzip: hasGz };
}

/** Opens a native bundle (design.md §5): reads the two small JSON files and locates record files. */
export function openBundle(dir: string): Bundle {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new BundleMissingFileError('snapshot.json', dir);
  const root = realpathSync(dir);
  const manifest = readJson(root, 'snapshot.json', SnapshotManifest);
  const topology = readJson(root, 'topology.json', Topology);
  const records: RecordFile[] = [];
  for (const kind of Object.keys(recordFiles) as RecordFileName[]) {
    const file = findRecordFile(root, kind);
    if (file) records.push(file);
  }
  return { root, manifest, topology, records };
}
