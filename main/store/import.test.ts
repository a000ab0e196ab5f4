import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN, T0, writeBundle } from '../snapshot/testdata/write-bundle.js';
import { importBundle } from './import.js';
import { EvidenceStore } from './index.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'eog-store-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const cart = 'shop/Service/cart';
const iso = (ms: number): string => new Date(ms).toISOString();

function sampleBundle(): string {
  const dir = writeBundle(
    {
      records: {
        alerts: [{ name: 'HighErrorRate', entity: 'shop/Service/frontend', severity: 'critical', startsAt: iso(T0 + 5 * MIN) }],
        changes: [
          {
            time: iso(T0 + 2 * MIN),
            entity: cart,
            kind: 'config',
            summary: 'pool size 10 -> 1',
            diff: [{ path: 'pool', from: 10, to: 1 }],
          },
        ],
        logs: [
          { time: iso(T0 + 3 * MIN), entity: cart, severity: 'ERROR', body: 'connection refused', pod: 'cart-1' },
          { time: T0 + 4 * MIN, entity: cart, body: 'retrying' },
          { time: iso(T0 + 4 * MIN), entity: 'shop/Deployment/cart', body: 'rolled' },
        ],
        metrics: [{ time: iso(T0 + 3 * MIN), entity: cart, name: 'latency_p95', value: 900, unit: 'ms' }],
      },
      gzip: ['metrics'],
    },
    tempDir(),
  );
  dirs.push(dir);
  return dir;
}

describe('importBundle + EvidenceStore', () => {
  it('imports every record with provenance and reports the undeclared entity as a warning', async () => {
    const bundle = sampleBundle();
    const file = join(tempDir(), 'store.sqlite');
    const summary = await importBundle(bundle, file);
    expect(summary.rows).toEqual({ alerts: 1, logs: 3, metrics: 1, changes: 1 });
    expect(summary.totalRows).toBe(6);
    expect(summary.warnings).toEqual([
      { file: 'logs.jsonl', line: 3, message: 'entity "shop/Deployment/cart" is not in topology.json; created it with kind "Deployment"' },
    ]);
    expect(summary.window.source).toBe('alerts');
    expect(summary.window.window.start).toBe(T0 + 5 * MIN - 15 * MIN);

    const store = EvidenceStore.open(file);
    try {
      expect(store.snapshotHash()).toBe(summary.snapshotHash);
      expect(store.manifest().name).toBe('test');
      const topo = store.topology();
      expect(topo.entities.map((e) => e.id)).toContain('shop/Deployment/cart');
      expect(topo.entities.find((e) => e.id === 'shop/Deployment/cart')?.kind).toBe('Deployment');
      expect(topo.edges).toHaveLength(2);

      const log = store.evidenceById('log:1');
      expect(log?.provenance).toMatchObject({ file: 'logs.jsonl', line: 1, extractor: 'raw' });
      expect(log?.provenance.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(log?.summary).toBe('[ERROR] connection refused');
      expect(store.evidenceById('metric:1')?.provenance.file).toBe('metrics.jsonl.gz');
      expect(store.evidenceById('log:99')).toBeNull();
      expect(await store.rawLines('log:1')).toEqual([
        { file: 'logs.jsonl', line: 1, text: expect.stringContaining('"pod":"cart-1"') as unknown as string },
      ]);
      expect(store.alerts().map((a) => a.id)).toEqual(['alert:1']);
    } finally {
      store.close();
    }
  });

  it('ranks changes before raw records and pages with totals of what was left out', async () => {
    const file = join(tempDir(), 'store.sqlite');
    await importBundle(sampleBundle(), file);
    const store = EvidenceStore.open(file);
    try {
      const window = { start: T0, end: T0 + 10 * MIN };
      const all = store.evidenceFor(cart, window, { limit: 10 });
      expect(all.items.map((i) => i.id)).toEqual(['change:1', 'log:1', 'log:2', 'metric:1']);
      expect(all.total).toBe(4);
      expect(all.omittedByKind).toEqual({ alert: 0, event: 0, log: 0, metric: 0, span: 0, change: 0 });

      const page = store.evidenceFor(cart, window, { limit: 2, offset: 1 });
      expect(page.items.map((i) => i.id)).toEqual(['log:1', 'log:2']);
      expect(page.omittedByKind).toMatchObject({ change: 1, metric: 1, log: 0 });

      const logsOnly = store.evidenceFor(cart, window, { limit: 1, kinds: ['log'] });
      expect(logsOnly.items.map((i) => i.id)).toEqual(['log:1']);
      expect(logsOnly.total).toBe(2);
      expect(logsOnly.omittedByKind.log).toBe(1);

      const narrow = store.evidenceFor(cart, { start: T0 + 4 * MIN, end: T0 + 4 * MIN }, { limit: 10 });
      expect(narrow.items.map((i) => i.id)).toEqual(['log:2']);

      // The alert has no end: it is still firing in any later window.
      const later = store.evidenceFor(
        'shop/Service/frontend',
        { start: T0 + 50 * MIN, end: T0 + 60 * MIN },
        { limit: 10, kinds: ['alert'] },
      );
      expect(later.items.map((i) => i.id)).toEqual(['alert:1']);
      const before = store.evidenceFor('shop/Service/frontend', { start: T0, end: T0 + 4 * MIN }, { limit: 10, kinds: ['alert'] });
      expect(before.total).toBe(0);
    } finally {
      store.close();
    }
  });

  it('gives the same ids and snapshot hash for the same bundle, with or without the worker', async () => {
    const bundle = sampleBundle();
    const a = join(tempDir(), 'a.sqlite');
    const b = join(tempDir(), 'b.sqlite');
    const sa = await importBundle(bundle, a, { worker: 'never' });
    const sb = await importBundle(bundle, b, { worker: 'always' });
    expect(sa.snapshotHash).toBe(sb.snapshotHash);
    const ids = (file: string): string[] => {
      const store = EvidenceStore.open(file);
      try {
        return store.evidenceFor(cart, store.window(), { limit: 100 }).items.map((i) => `${i.id} ${i.summary}`);
      } finally {
        store.close();
      }
    };
    expect(ids(a)).toEqual(ids(b));
  });

  it('reads files in parallel workers without changing warnings, entity order or evidence', async () => {
    const pod = (n: number): string => `shop/Pod/cart-${n}`;
    const bundle = writeBundle(
      {
        records: {
          // Pod 2 is named by logs (read by one worker) before spans (another), pod 3 only by spans.
          logs: [
            { time: T0, entity: cart, severity: 'info', body: 'a' },
            { time: T0 + MIN, entity: pod(2), severity: 'Error', body: 'b' },
            { time: T0 + 2 * MIN, entity: cart, body: 'c' },
            { time: T0 + 3 * MIN, entity: cart, severity: 'FATAL', body: 'd' },
            { time: T0 + 4 * MIN, entity: cart, severity: 'error', body: 'e' },
          ],
          metrics: [{ time: T0, entity: pod(4), name: 'cpu', value: 1 }],
          spans: [
            { traceId: 't', spanId: 's1', entity: pod(3), name: 'GET', start: T0, durationMs: 1, status: 'ok' },
            { traceId: 't', spanId: 's2', parentSpanId: 's1', entity: pod(2), name: 'GET', start: T0, durationMs: 1, status: 'ok' },
          ],
        },
      },
      tempDir(),
    );
    const results = [];
    for (const worker of ['never', 'always'] as const) {
      const file = join(tempDir(), `${worker}.sqlite`);
      const summary = await importBundle(bundle, file, { worker });
      const store = EvidenceStore.open(file);
      try {
        const logs = store.evidenceFor(cart, store.window(), { limit: 20, kinds: ['log'] }).items.map((i) => i.id);
        const templates = logs.filter((id) => !id.startsWith('log:')).length;
        results.push({
          warnings: summary.warnings.map((w) => `${w.file}:${w.line ?? ''}`),
          entities: store.topology().entities.map((e) => e.id),
          logs: logs.slice(templates),
          page: store.evidenceFor(cart, store.window(), { limit: 2, offset: templates + 1, kinds: ['log'] }).items.map((i) => i.id),
        });
      } finally {
        store.close();
      }
    }
    expect(results[0]).toEqual({
      warnings: ['logs.jsonl:2', 'metrics.jsonl:1', 'spans.jsonl:1'],
      entities: ['shop/Service/frontend', cart, 'shop/Pod/cart-1', pod(2), pod(4), pod(3)],
      // Error lines first (severity in any case), then the rest, each by time; pages run across both.
      logs: ['log:4', 'log:5', 'log:1', 'log:3'],
      page: ['log:5', 'log:1'],
    });
    expect(results[1]).toEqual(results[0]);
  });
});
