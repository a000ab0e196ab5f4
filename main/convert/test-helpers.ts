import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Topology } from '../../core/model/topology.js';
import { SnapshotManifest, recordFiles, type RecordFileName } from '../../core/snapshot/schema.js';

/** Reads a bundle back and validates every file against the native schemas (tests only). */
export function readBundleStrict(dir: string): {
  manifest: SnapshotManifest;
  topology: Topology;
  records: Record<RecordFileName, Record<string, unknown>[]>;
  files: string[];
} {
  const manifest = SnapshotManifest.parse(JSON.parse(readFileSync(join(dir, 'snapshot.json'), 'utf8')));
  const topology = Topology.parse(JSON.parse(readFileSync(join(dir, 'topology.json'), 'utf8')));
  const records = {} as Record<RecordFileName, Record<string, unknown>[]>;
  for (const name of Object.keys(recordFiles) as RecordFileName[]) {
    const file = join(dir, `${name}.jsonl.gz`);
    const lines = existsSync(file) ? gunzipSync(readFileSync(file)).toString('utf8').split('\n').filter(Boolean) : [];
    records[name] = lines.map((line) => recordFiles[name].parse(JSON.parse(line)) as Record<string, unknown>);
  }
  return { manifest, topology, records, files: readdirSync(dir).sort() };
}
