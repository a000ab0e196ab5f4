import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { z } from 'zod';
import { Topology } from '../../core/model/topology.js';
import { recordFiles, SnapshotManifest, type RecordFileName } from '../../core/snapshot/schema.js';

/** Test helper: a generated bundle read back and validated line by line against the bundle schemas. */
export interface ReadBundle {
  manifest: SnapshotManifest;
  topology: Topology;
  records: { [K in RecordFileName]: z.output<(typeof recordFiles)[K]>[] };
  /** Pod id → service id, from the topology's Service contains Pod edges. */
  serviceOfPod: Map<string, string>;
}

export class BundleLineError extends Error {
  override name = 'BundleLineError';
}

function lines(dir: string, base: string): string[] {
  const plain = join(dir, `${base}.jsonl`);
  const zipped = `${plain}.gz`;
  if (existsSync(plain))
    return readFileSync(plain, 'utf8')
      .split('\n')
      .filter((l) => l.length > 0);
  if (existsSync(zipped))
    return gunzipSync(readFileSync(zipped))
      .toString('utf8')
      .split('\n')
      .filter((l) => l.length > 0);
  return [];
}

function parseLines<S extends z.ZodType>(dir: string, base: string, schema: S): z.output<S>[] {
  return lines(dir, base).map((line, i) => {
    const result = schema.safeParse(JSON.parse(line));
    if (!result.success)
      throw new BundleLineError(`${base} line ${i + 1}: ${result.error.issues[0]?.path.join('.')} ${result.error.issues[0]?.message}`);
    return result.data;
  });
}

export function readBundle(dir: string): ReadBundle {
  const manifest = SnapshotManifest.parse(JSON.parse(readFileSync(join(dir, 'snapshot.json'), 'utf8')));
  const topology = Topology.parse(JSON.parse(readFileSync(join(dir, 'topology.json'), 'utf8')));
  const records = {
    alerts: parseLines(dir, 'alerts', recordFiles.alerts),
    events: parseLines(dir, 'events', recordFiles.events),
    logs: parseLines(dir, 'logs', recordFiles.logs),
    metrics: parseLines(dir, 'metrics', recordFiles.metrics),
    spans: parseLines(dir, 'spans', recordFiles.spans),
    changes: parseLines(dir, 'changes', recordFiles.changes),
  };
  const serviceOfPod = new Map<string, string>();
  for (const e of topology.edges)
    if (e.relation === 'contains' && e.source.includes('/Service/') && e.target.includes('/Pod/')) serviceOfPod.set(e.target, e.source);
  return { manifest, topology, records, serviceOfPod };
}

export interface CallStats {
  calls: number;
  errors: number;
  p95: number;
}

/** Nearest-rank p95 of a copy (test data only). */
export function p95Of(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}

/**
 * Caller → callee statistics from the spans, per period, with entities mapped by `key`
 * (e.g. pod → service). Calls inside one entity are not edges, as in the trace aggregator.
 */
export function edgeStats(bundle: ReadBundle, inPeriod: (t: number) => boolean, key: (entity: string) => string): Map<string, CallStats> {
  const byId = new Map(bundle.records.spans.map((s) => [`${s.traceId}/${s.spanId}`, s]));
  const durations = new Map<string, { d: number[]; errors: number }>();
  for (const s of bundle.records.spans) {
    if (s.parentSpanId === undefined || !inPeriod(Date.parse(String(s.start)))) continue;
    const parent = byId.get(`${s.traceId}/${s.parentSpanId}`);
    if (!parent) continue;
    const from = key(parent.entity);
    const to = key(s.entity);
    if (from === to) continue;
    const k = `${from} -> ${to}`;
    const entry = durations.get(k) ?? { d: [], errors: 0 };
    entry.d.push(s.durationMs);
    if (s.status === 'error') entry.errors += 1;
    durations.set(k, entry);
  }
  return new Map([...durations].map(([k, v]) => [k, { calls: v.d.length, errors: v.errors, p95: p95Of(v.d) }]));
}
