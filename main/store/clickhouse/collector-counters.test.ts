import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { convertCapture } from '../../convert/capture/convert.js';
import type { EvidenceStore } from '../evidence-store.js';
import { importToStore, openEvidenceStore } from '../open.js';
import { ChdbRunner } from './chdb-runner.js';
import {
  EXPORTER_METRICS_DDL,
  otlpMetricsLine,
  writeMetricsAsCollector,
  type MetricSpec,
  type ResourceSpec,
} from './testing/otlp-metrics.js';

// One embedded engine serves the whole file (chdb runs one per process); each test its own directory.
const root = mkdtempSync(join(tmpdir(), 'eog-chdb-counters-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const T0 = 1_772_355_600; // seconds
/** Unix nanoseconds of T0 + `seconds`, with a nanosecond rest (the exporter keeps nanoseconds; the converter rounds to ms). */
const at = (seconds: number, nanos = 0): string => `${T0 + seconds}${String(nanos).padStart(9, '0')}`;
const pod = (name: string): Record<string, string> => ({
  'k8s.namespace.name': 'shop',
  'k8s.pod.name': name,
  'service.name': name.split('-')[0] ?? name,
});

/** A counter with a reset and an out-of-step point, a histogram with empty deltas, a reset and a changed layout, and their delta kinds. */
function incidentMetrics(podName: string, scale: number): ResourceSpec {
  const route = (r: string): Record<string, string> => ({ 'http.route': r, 'http.method': 'GET' });
  const counter = (r: string, values: number[]): MetricSpec['points'] =>
    values.map((v, i) => ({ time: at(60 * i, i === 3 ? 123_456_789 : 0), start: at(0), value: v * scale, attributes: route(r) }));
  const bounds = [10, 50, 100, 250];
  const histogram: [number, number[], number[]?][] = [
    [0, [1, 2, 3, 0, 0]], // first point: none
    [60, [1, 12, 13, 0, 0]], // a delta inside the buckets
    [120, [1, 12, 13, 0, 0]], // an empty delta: none
    [180, [1, 12, 13, 0, 9]], // the overflow bucket
    [240, [0, 1, 1, 0, 0]], // a reset: none
    [300, [0, 5, 30, 40, 0]],
    [360, [0, 5, 30, 40, 0, 2], [10, 50, 100, 250, 500]], // another layout: none
    [420, [3, 5, 30, 40, 0, 2], [10, 50, 100, 250, 500]],
  ];
  return {
    attributes: pod(podName),
    metrics: [
      { name: 'memory.usage', unit: 'By', kind: 'gauge', points: [0, 60, 120].map((s, i) => ({ time: at(s), value: 1000 + i * scale })) },
      { name: 'queue.size', kind: 'sum', temporality: 2, monotonic: false, points: [{ time: at(60), value: 3.5 }] },
      {
        name: 'http.server.request.count',
        unit: '{request}',
        kind: 'sum',
        temporality: 2,
        monotonic: true,
        points: [...counter('/api/cart', [100, 220, 220, 400, 30, 90, 150]), ...counter('/api/pay', [5, 5, 17])],
      },
      {
        name: 'jobs.done',
        kind: 'sum',
        temporality: 1,
        monotonic: true,
        points: [
          { time: at(60), start: at(0), value: 30 },
          { time: at(120), start: at(90), value: 12 },
          { time: at(180), value: 12 }, // no start time: no interval, no rate
        ],
      },
      {
        name: 'http.server.request.duration',
        unit: 'ms',
        kind: 'histogram',
        temporality: 2,
        points: histogram.map(([s, counts, b]) => ({ time: at(s, 500_000), counts: counts.map((c) => c * scale), bounds: b ?? bounds })),
      },
      {
        name: 'db.query.duration',
        unit: 's',
        kind: 'histogram',
        temporality: 1,
        points: [
          { time: at(60), start: at(0), counts: [0, 4, 1], bounds: [0.01, 0.1] },
          { time: at(120), start: at(60), counts: [0, 0, 0], bounds: [0.01, 0.1] },
        ],
      },
    ],
  };
}

interface Shown {
  name: string;
  unit: string | null;
  time: number;
  value: number;
  labels: unknown;
}

/** Every metric point and metric evidence item the store shows for `entity`, in a fixed order. */
function shown(store: EvidenceStore, entity: string): { series: Shown[]; evidence: string[] } {
  const all = { start: 0, end: 4e12 };
  const series = store
    .series()
    .metrics(store.entityKey(entity), all.start, all.end)
    // Labels are compared as objects: the Collector's are its attribute map as JSON (keys sorted).
    .map((p) => ({ ...p, labels: p.labels === '' ? {} : (JSON.parse(p.labels) as unknown) }))
    .sort((a, b) => a.time - b.time || a.name.localeCompare(b.name) || JSON.stringify(a.labels).localeCompare(JSON.stringify(b.labels)));
  const page = store.evidenceFor(entity, all, { limit: 200, kinds: ['metric'] });
  // The rows themselves (the stores' windows differ, so their metric signals may).
  const evidence = page.items
    .filter((i) => i.provenance.extractor === 'raw')
    .map((i) => `${i.time} ${i.summary} ${JSON.stringify(i.detail)}`)
    .sort();
  return { series, evidence };
}

async function read(dir: string, entities: string[]): Promise<Map<string, ReturnType<typeof shown>>> {
  const store = await openEvidenceStore({ kind: 'chdb', dir });
  try {
    return new Map(entities.map((e) => [e, shown(store, e)]));
  } finally {
    store.close();
  }
}

describe('counters and histograms of a database the Collector wrote', () => {
  it('give the series eog convert otlp gives for the same points: rates, p95, resets and first points alike', async () => {
    const resources = [incidentMetrics('cart-fa276-pl9v7', 1), incidentMetrics('pay-7d8bb-rnvjn', 3)];
    const entities = ['shop/Pod/cart-fa276-pl9v7', 'shop/Pod/pay-7d8bb-rnvjn'];
    // Two export lines: the converter carries a series' previous point from one line to the next.
    const file = join(root, 'metrics.jsonl');
    writeFileSync(file, `${otlpMetricsLine(resources.slice(0, 1))}\n${otlpMetricsLine(resources.slice(1))}\n`);
    const converted = convertCapture({ otlp: [file] }, join(root, 'bundle'));
    await importToStore(converted.bundle, { kind: 'chdb', dir: join(root, 'imported') });
    const imported = await read(join(root, 'imported'), entities);

    const runner = await ChdbRunner.open(join(root, 'collector'));
    try {
      for (const sql of EXPORTER_METRICS_DDL) runner.exec(sql);
      expect(writeMetricsAsCollector(runner, resources)).toBe(2 * 27);
    } finally {
      runner.close();
    }
    const collector = await read(join(root, 'collector'), entities);

    for (const entity of entities) {
      const [a, b] = [imported.get(entity), collector.get(entity)];
      const names = new Set(a?.series.map((p) => p.name));
      expect(names).toEqual(
        new Set([
          'memory.usage',
          'queue.size',
          'rate(http.server.request.count)',
          'rate(jobs.done)',
          'p95(http.server.request.duration)',
          'p95(db.query.duration)',
        ]),
      );
      // 5 rates of /api/cart (first point and reset give none), 2 of /api/pay; 4 p95 of 8 cumulative points.
      expect(a?.series.filter((p) => p.name === 'rate(http.server.request.count)')).toHaveLength(7);
      expect(a?.series.filter((p) => p.name === 'p95(http.server.request.duration)')).toHaveLength(4);
      expect(b?.series, entity).toEqual(a?.series);
      expect(b?.evidence.length).toBe(a?.series.length);
      expect(b?.evidence, entity).toEqual(a?.evidence);
    }
  }, 240_000);

  it('score a surge in a counter rate and in a histogram p95 as metric anomalies, and a steady counter as normal', async () => {
    // 90 minutes every 15 s: the Collector window is the last 30 minutes, the baseline before it.
    const steps = Array.from({ length: 361 }, (_, i) => i);
    const isSurge = (i: number): boolean => i > 320;
    const cumulative = <T extends number | number[]>(perStep: (i: number) => T, add: (a: T, b: T) => T, resetAt?: number): T[] => {
      let total: T | undefined;
      return steps.map((i) => (total = total === undefined || i === resetAt ? perStep(i) : add(total, perStep(i))));
    };
    const sum = (a: number, b: number): number => a + b;
    const requests = cumulative((i) => 15 * (isSurge(i) ? 60 : 10 + (i % 4) * 0.5), sum, 80);
    const steady = cumulative((i) => 15 * (5 + (i % 3) * 0.25), sum);
    // Per step most calls under 50 ms before the surge, most between 100 and 250 ms in it.
    const latency = cumulative(
      (i) => (isSurge(i) ? [0, 2, 5, 20, 0] : [0, 20 + (i % 3), 5, 1, 0]),
      (a, b) => a.map((x, j) => x + (b[j] ?? 0)),
    );
    const resource: ResourceSpec = {
      attributes: pod('checkout-5c9f7-x2k4q'),
      metrics: [
        { name: 'requests', kind: 'sum', monotonic: true, points: steps.map((i) => ({ time: at(15 * i), value: requests[i] ?? 0 })) },
        { name: 'heartbeats', kind: 'sum', monotonic: true, points: steps.map((i) => ({ time: at(15 * i), value: steady[i] ?? 0 })) },
        {
          name: 'latency',
          unit: 'ms',
          kind: 'histogram',
          points: steps.map((i) => ({ time: at(15 * i), counts: latency[i] ?? [], bounds: [10, 50, 100, 250] })),
        },
      ],
    };
    const dir = join(root, 'surge');
    const runner = await ChdbRunner.open(dir);
    try {
      for (const sql of EXPORTER_METRICS_DDL) runner.exec(sql);
      writeMetricsAsCollector(runner, [resource]);
    } finally {
      runner.close();
    }
    const store = await openEvidenceStore({ kind: 'chdb', dir });
    try {
      const entity = 'shop/Pod/checkout-5c9f7-x2k4q';
      const signals = store
        .evidenceFor(entity, store.window(), { limit: 20 })
        .items.filter((i) => i.provenance.extractor === 'metric_anomaly');
      const byMetric = new Map(signals.map((i) => [i.detail.type === 'metric_anomaly' ? i.detail.metric : '', i]));
      for (const metric of ['rate(requests)', 'p95(latency)']) {
        const item = byMetric.get(metric);
        expect(item?.id, metric).toBe(`anomaly:${entity}:${metric}`);
        expect(item?.detail).toMatchObject({ direction: 'up' });
        expect(item?.time).toBeGreaterThan(store.window().start);
      }
      expect(byMetric.get('rate(heartbeats)')?.id).toBe(`series:${entity}:rate(heartbeats)`);
      expect(signals[0]?.id.startsWith('anomaly:')).toBe(true);
    } finally {
      store.close();
    }
  }, 240_000);
});

describe('the limits the Collector’s cluster receiver states', () => {
  it('become the pod’s cpuLimitCores and memoryLimitBytes: each container’s latest value, summed over its containers', async () => {
    const container = (name: string, cpu: number[], memory?: number): ResourceSpec => ({
      attributes: { ...pod('cart-fa276-pl9v7'), 'k8s.container.name': name },
      metrics: [
        { name: 'k8s.container.cpu_limit', unit: '{cpu}', kind: 'gauge', points: cpu.map((value, i) => ({ time: at(60 * i), value })) },
        ...(memory === undefined
          ? []
          : [{ name: 'k8s.container.memory_limit', unit: 'By', kind: 'gauge' as const, points: [{ time: at(0), value: memory }] }]),
        { name: 'container.cpu.usage', unit: '{cpu}', kind: 'gauge', points: [0, 60, 120].map((s) => ({ time: at(s), value: 0.2 })) },
      ],
    });
    const dir = join(root, 'limits');
    const runner = await ChdbRunner.open(dir);
    try {
      for (const sql of EXPORTER_METRICS_DDL) runner.exec(sql);
      writeMetricsAsCollector(runner, [container('server', [0.25, 0.5], 268435456), container('proxy', [0.1])]);
    } finally {
      runner.close();
    }
    const store = await openEvidenceStore({ kind: 'chdb', dir });
    try {
      const entity = store.topology().entities.find((e) => e.id === 'shop/Pod/cart-fa276-pl9v7');
      expect(entity?.attrs).toEqual({ cpuLimitCores: 0.6, memoryLimitBytes: 268435456 });
    } finally {
      store.close();
    }
  }, 120_000);
});
