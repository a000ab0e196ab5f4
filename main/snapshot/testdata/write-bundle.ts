import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { RecordFileName } from '../../../core/snapshot/schema.js';

/** Test helper: writes a small native bundle into a fresh temp folder. */
export interface BundleSpec {
  manifest?: Record<string, unknown>;
  topology?: Record<string, unknown>;
  records?: Partial<Record<RecordFileName, readonly unknown[]>>;
  /** Record files to write gzipped. */
  gzip?: readonly RecordFileName[];
}

export const T0 = Date.parse('2026-03-01T10:00:00Z');
export const MIN = 60_000;

export function sampleTopology(): Record<string, unknown> {
  return {
    entities: [
      { id: 'shop/Service/frontend', kind: 'Service', name: 'frontend', namespace: 'shop' },
      { id: 'shop/Service/cart', kind: 'Service', name: 'cart', namespace: 'shop' },
      { id: 'shop/Pod/cart-1', kind: 'Pod', name: 'cart-1', namespace: 'shop' },
    ],
    edges: [
      { source: 'shop/Service/frontend', target: 'shop/Service/cart', relation: 'calls' },
      { source: 'shop/Service/cart', target: 'shop/Pod/cart-1', relation: 'contains' },
    ],
  };
}

export function writeBundle(spec: BundleSpec = {}, dir = mkdtempSync(join(tmpdir(), 'eog-bundle-'))): string {
  mkdirSync(dir, { recursive: true });
  const manifest = spec.manifest ?? { format: 'eog-snapshot', version: 1, name: 'test', incidentTime: new Date(T0).toISOString() };
  writeFileSync(join(dir, 'snapshot.json'), JSON.stringify(manifest));
  writeFileSync(join(dir, 'topology.json'), JSON.stringify(spec.topology ?? sampleTopology()));
  for (const [kind, rows] of Object.entries(spec.records ?? {})) {
    const text = rows.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n') + '\n';
    const isGzip = spec.gzip?.some((k) => k === kind) ?? false;
    writeFileSync(join(dir, `${kind}.jsonl${isGzip ? '.gz' : ''}`), isGzip ? gzipSync(text) : text);
  }
  return dir;
}
