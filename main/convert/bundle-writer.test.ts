import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeBundle, type BundleInput } from './bundle-writer.js';
import { InvalidBundleRecordError } from './errors.js';
import { readBundleStrict } from './test-helpers.js';
import { tempDir } from '../platform/testing/temp-dirs.js';

function sample(): BundleInput {
  return {
    manifest: { format: 'eog-snapshot', version: 1, name: 'demo', incidentTime: '2026-03-01T10:04:00Z' },
    topology: {
      entities: [
        { id: 'shop/Service/cart', kind: 'Service', name: 'cart', namespace: 'shop', labels: {}, attrs: {} },
        { id: 'shop/Service/frontend', kind: 'Service', name: 'frontend', namespace: 'shop', labels: {}, attrs: {} },
      ],
      edges: [{ source: 'shop/Service/frontend', target: 'shop/Service/cart', relation: 'calls' }],
    },
    records: {
      logs: [{ time: '2026-03-01T10:03:00Z', entity: 'shop/Service/cart', severity: 'ERROR', body: 'boom <script>' }],
      alerts: [],
    },
    groundTruthYaml: 'groups: []\n',
  };
}

describe('writeBundle', () => {
  it('writes files that read back valid, skipping empty record files', () => {
    const dir = join(tempDir('eog-bw-'), 'b');
    writeBundle(dir, sample());
    const bundle = readBundleStrict(dir);
    expect(bundle.files).toEqual(['ground_truth.yaml', 'logs.jsonl.gz', 'snapshot.json', 'topology.json']);
    expect(bundle.records.logs[0]?.body).toBe('boom <script>');
    expect(bundle.topology.edges).toHaveLength(1);
  });

  it('rejects an invalid record naming file, record and field, and leaves nothing behind', () => {
    const parent = tempDir('eog-bw-');
    const input = sample();
    input.records.spans = [
      { traceId: 't', spanId: 's', entity: 'shop/Service/cart', name: 'x', start: 1, durationMs: -1, status: 'unset' },
    ];
    expect(() => writeBundle(join(parent, 'b'), input)).toThrow(InvalidBundleRecordError);
    expect(() => writeBundle(join(parent, 'b'), input)).toThrow(/spans\.jsonl\.gz record 1, field "durationMs"/);
    expect(readdirSync(parent)).toEqual([]);
  });

  it('rejects an edge to an entity the topology does not have', () => {
    const input = sample();
    input.topology.edges.push({ source: 'shop/Service/cart', target: 'shop/Service/db', relation: 'calls' });
    const dir = join(tempDir('eog-bw-'), 'b');
    expect(() => writeBundle(dir, input)).toThrow(/unknown entity "shop\/Service\/db"/);
    expect(existsSync(dir)).toBe(false);
  });

  it('replaces an existing bundle as a whole', () => {
    const dir = join(tempDir('eog-bw-'), 'b');
    writeBundle(dir, sample());
    const second = sample();
    second.records = {};
    delete second.groundTruthYaml;
    writeBundle(dir, second);
    expect(readdirSync(dir).sort()).toEqual(['snapshot.json', 'topology.json']);
  });
});
