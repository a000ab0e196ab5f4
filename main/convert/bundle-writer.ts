import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { isProcessAlive } from '../platform/index.js';
import { dirname, basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { z } from 'zod';
import { Topology } from '../../core/model/topology.js';
import { SnapshotManifest, recordFiles, type RecordFileName } from '../../core/snapshot/schema.js';
import { InvalidBundleRecordError } from './errors.js';

export interface BundleInput {
  manifest: SnapshotManifest;
  topology: Topology;
  records: { [K in RecordFileName]?: readonly z.input<(typeof recordFiles)[K]>[] };
  /** ground_truth.yaml text, written verbatim (only scoring reads it). */
  groundTruthYaml?: string;
}

/**
 * Writes a native bundle (design.md §5) to `dir`. Everything is validated against the bundle
 * schemas first and written to a sibling temporary folder that is renamed into place, so a
 * failed conversion never leaves a half-written bundle behind.
 */
export function writeBundle(dir: string, bundle: BundleInput): void {
  validate('snapshot.json', 0, SnapshotManifest, bundle.manifest);
  validate('topology.json', 0, Topology, bundle.topology);
  checkEdgeEnds(bundle.topology);
  const lines: [string, string][] = [];
  for (const name of Object.keys(recordFiles) as RecordFileName[]) {
    const records = bundle.records[name];
    if (!records || records.length === 0) continue;
    const file = `${name}.jsonl.gz`;
    records.forEach((record, index) => validate(file, index, recordFiles[name], record));
    lines.push([file, records.map((record) => JSON.stringify(record)).join('\n') + '\n']);
  }

  const temp = join(dirname(dir), `${partialPrefix(dir)}${process.pid}`);
  removeAbandonedPartials(dir);
  rmSync(temp, { recursive: true, force: true });
  mkdirSync(temp, { recursive: true });
  try {
    writeFileSync(join(temp, 'snapshot.json'), JSON.stringify(bundle.manifest, null, 2) + '\n');
    writeFileSync(join(temp, 'topology.json'), JSON.stringify(bundle.topology, null, 1) + '\n');
    for (const [file, text] of lines) writeFileSync(join(temp, file), gzipSync(text));
    if (bundle.groundTruthYaml !== undefined) writeFileSync(join(temp, 'ground_truth.yaml'), bundle.groundTruthYaml);
    if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
    renameSync(temp, dir);
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    throw error;
  }
}

const partialPrefix = (dir: string): string => `.${basename(dir)}.partial-`;

/** A conversion killed before its rename leaves its temporary folder; the next one into the same place removes it. */
function removeAbandonedPartials(dir: string): void {
  const prefix = partialPrefix(dir);
  let names: string[];
  try {
    names = readdirSync(dirname(dir));
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(name.slice(prefix.length));
    if (name.startsWith(prefix) && Number.isInteger(pid) && pid !== process.pid && !isProcessAlive(pid)) {
      rmSync(join(dirname(dir), name), { recursive: true, force: true });
    }
  }
}

function validate(file: string, index: number, schema: z.ZodType, value: unknown): void {
  const result = schema.safeParse(value);
  if (result.success) return;
  const issue = result.error.issues[0];
  throw new InvalidBundleRecordError(file, index, issue?.path.join('.') ?? '', issue?.message ?? 'invalid');
}

function checkEdgeEnds(topology: Topology): void {
  const ids = new Set(topology.entities.map((e) => e.id));
  topology.edges.forEach((edge, index) => {
    for (const end of ['source', 'target'] as const) {
      if (!ids.has(edge[end])) {
        throw new InvalidBundleRecordError('topology.json', index, `edges.${end}`, `unknown entity "${edge[end]}"`);
      }
    }
  });
}
