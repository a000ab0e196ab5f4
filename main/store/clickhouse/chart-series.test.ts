import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketOf, makeBuckets, type Buckets } from '../../../core/charts/index.js';
import { tokenizeLine } from '../../../core/signals/index.js';
import { buildEntityCharts } from '../../session/charts/index.js';
import { matchTemplate, metricSeriesOf, type BandPeriod, type LogCounts, type MetricSeries } from '../chart-series.js';
import type { EvidenceStore, SeriesSource } from '../evidence-store.js';
import { importToStore, openEvidenceStore } from '../open.js';

// One embedded engine serves the whole file (chdb runs one per process).
const root = mkdtempSync(join(tmpdir(), 'eog-chart-series-'));
const POD = 'shop/Pod/api-1';
const SERVICE = 'shop/Service/api';
const START = Date.parse('2026-03-01T09:00:00Z');
const SPAN = 60 * 60_000;
const INCIDENT = START + SPAN / 2;

/** A pod whose metric series are long (many points a column), short, at one instant, tied; and logs of a few line classes. */
function writeBundle(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const write = (file: string, rows: readonly unknown[]): void =>
    writeFileSync(join(dir, file), `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`);
  writeFileSync(
    join(dir, 'snapshot.json'),
    JSON.stringify({ format: 'eog-snapshot', version: 1, name: 'chart-series', incidentTime: new Date(INCIDENT).toISOString() }),
  );
  writeFileSync(
    join(dir, 'topology.json'),
    JSON.stringify({
      entities: [
        { id: SERVICE, kind: 'Service', name: 'api', namespace: 'shop' },
        { id: POD, kind: 'Pod', name: 'api-1', namespace: 'shop' },
      ],
      edges: [{ source: SERVICE, target: POD, relation: 'contains' }],
    }),
  );
  write('alerts.jsonl', [{ name: 'HighLatency', entity: SERVICE, severity: 'critical', startsAt: new Date(INCIDENT).toISOString() }]);
  const metrics: unknown[] = [];
  const logs: unknown[] = [];
  const n = 6_000;
  for (let i = 0; i < n; i++) {
    const t = START + Math.floor((i * SPAN) / n);
    const after = t >= INCIDENT;
    // Rounded values repeat, so a column's lowest or highest point is often tied.
    const value = Math.round(((after ? 0.9 : 0.3) + Math.sin(i / 37) * 0.05) * 100) / 100;
    metrics.push({ time: t, entity: POD, name: 'cpu_usage_cores', value, unit: 'cores' });
    if (i % 7 === 0) metrics.push({ time: t, entity: POD, name: 'cpu_usage_cores', value: value + 0.5, unit: 'cores' });
    if (i === 4_444) metrics.push({ time: t, entity: POD, name: 'cpu_usage_cores', value: 40, unit: 'cores' });
    if (i % 3 === 0)
      metrics.push({ time: t, entity: POD, name: 'http_requests', value: i % 11, labels: { code: i % 2 === 0 ? '200' : '500' } });
    if (i % 150 === 0) metrics.push({ time: t, entity: SERVICE, name: 'replicas', value: after ? 3 : 2 });
    const bodies = [
      `request ${i} ok in ${i % 17} ms`,
      `connect pod${(i % 3) + 1} failed after ${i % 5} retries`,
      `cache 0x${(i % 255).toString(16)} miss`,
      after && i % 4 === 0 ? `request ${i} failed: timeout` : `worker w${i % 9} idle`,
    ];
    for (const body of bodies) logs.push({ time: t + (i % 4), entity: POD, severity: body.includes('failed') ? 'ERROR' : 'INFO', body });
  }
  // Many points at one instant: downsampling keeps its lowest and highest.
  for (let i = 0; i < 300; i++) metrics.push({ time: INCIDENT + 1_000, entity: POD, name: 'queue_depth', value: (i * 7) % 13 });
  write('metrics.jsonl', metrics);
  write('logs.jsonl', logs);
}

/** What the charts computed in the process before the store bucketed: the raw rows, grouped and downsampled (chart-series.ts). */
function referenceMetrics(q: SeriesSource, key: number, start: number, end: number, columns: number, band: BandPeriod): MetricSeries[] {
  return metricSeriesOf(q.metrics(key, start, end), columns, band);
}

/** The charts' former log matching: every line tokenized and matched, in the process. */
function referenceLogs(q: SeriesSource, keys: readonly number[], buckets: Buckets, templates: readonly string[]): LogCounts {
  const drawn = templates.map((t) => t.split(' '));
  const all = new Array<number>(buckets.count).fill(0);
  const byTemplate = drawn.map(() => new Array<number>(buckets.count).fill(0));
  for (const key of keys) {
    for (const line of q.logs(key, buckets.start, buckets.end)) {
      const b = bucketOf(buckets, line.time);
      if (b < 0) continue;
      all[b] = (all[b] as number) + 1;
      const k = matchTemplate(drawn, tokenizeLine(line.body));
      if (k >= 0) (byTemplate[k] as number[])[b] = ((byTemplate[k] as number[])[b] as number) + 1;
    }
  }
  return { all, byTemplate };
}

/** The store with its raw chart readers failing: chart building must not call them. */
function withoutRawReaders(store: EvidenceStore): EvidenceStore {
  const refuse = (name: string) => (): never => {
    throw new Error(`the charts read raw rows (${name})`);
  };
  const series = store.series();
  // The store's own methods still reach its raw readers (SQLite's span summary reads its rows); the charts do not.
  const guarded: SeriesSource = {
    metricSeries: series.metricSeries.bind(series),
    logCounts: series.logCounts.bind(series),
    spanSummary: series.spanSummary.bind(series),
    edgeBuckets: series.edgeBuckets.bind(series),
    fanOutBuckets: series.fanOutBuckets.bind(series),
    trace: series.trace.bind(series),
    templates: series.templates.bind(series),
    markers: series.markers.bind(series),
    metrics: refuse('metrics'),
    logs: refuse('logs'),
    spans: refuse('spans'),
  };
  return new Proxy(store, {
    get: (target, prop) => (prop === 'series' ? () => guarded : (Reflect.get(target, prop, target) as unknown)),
  }) as EvidenceStore;
}

let sqlite: EvidenceStore;
let chdb: EvidenceStore;

beforeAll(async () => {
  const bundle = join(root, 'bundle');
  writeBundle(bundle);
  await importToStore(bundle, { kind: 'sqlite', file: join(root, 'store.sqlite') });
  await importToStore(bundle, { kind: 'chdb', dir: join(root, 'chdb') });
  sqlite = await openEvidenceStore({ kind: 'sqlite', file: join(root, 'store.sqlite') });
  chdb = await openEvidenceStore({ kind: 'chdb', dir: join(root, 'chdb') });
}, 180_000);

afterAll(() => {
  sqlite?.close();
  chdb?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('bucketed chart series: SQLite and chdb give what the charts computed from raw rows', () => {
  it.each([120, 700, 5_000])('metric series min/max-downsampled to %i columns, with their baseline bands', (columns) => {
    const [start, end] = [START - 1, START + SPAN + 1];
    // Before the incident, and a stated period of the metrics' own (snapshot.json metricBaseline; a capture's may lie after it).
    const bands: BandPeriod[] = [
      { from: Number.NEGATIVE_INFINITY, until: INCIDENT },
      { from: INCIDENT + SPAN / 10, until: INCIDENT + SPAN / 4 },
    ];
    for (const band of bands) {
      for (const store of [sqlite, chdb]) {
        for (const entity of [POD, SERVICE]) {
          const key = store.entityKey(entity);
          const got = store.series().metricSeries(key, start, end, columns, band);
          expect(got).toEqual(referenceMetrics(sqlite.series(), sqlite.entityKey(entity), start, end, columns, band));
        }
      }
    }
    // The period decides the band.
    const bandOf = (band: BandPeriod) =>
      chdb
        .series()
        .metricSeries(chdb.entityKey(POD), start, end, columns, band)
        .map((s) => s.band);
    expect(bandOf(bands[1] as BandPeriod)).not.toEqual(bandOf(bands[0] as BandPeriod));
    const cpu = chdb
      .series()
      .metricSeries(chdb.entityKey(POD), start, end, columns, { from: Number.NEGATIVE_INFINITY, until: INCIDENT })
      .find((s) => s.name === 'cpu_usage_cores');
    // The long series is downsampled (at most 2 points a column; all of them when as few) and keeps its one-point spike.
    expect(cpu?.x.length).toBe(Math.min(cpu?.points ?? 0, 2 * columns));
    expect(Math.max(...(cpu?.y ?? []))).toBe(40);
    expect(cpu?.band).not.toBeNull();
  });

  it('log lines per bucket and template, including templates an unmasked digit decides', () => {
    const buckets = makeBuckets(START - 60_000, START + SPAN + 60_000, 120);
    const mined = sqlite.series().templates(sqlite.entityKey(POD));
    const texts = [
      ...mined.map((t) => (JSON.parse(t.detail) as { template: string }).template),
      'connect pod2 failed after <NUM> retries',
      'connect <*> failed after <NUM> retries',
      'worker w5 idle',
      'cache <HEX> miss',
      'no such line',
    ];
    expect(mined.length).toBeGreaterThan(0);
    const own = texts.slice(-5);
    const expected = referenceLogs(sqlite.series(), [sqlite.entityKey(POD)], buckets, texts);
    const expectedOwn = referenceLogs(sqlite.series(), [sqlite.entityKey(POD)], buckets, own);
    for (const store of [sqlite, chdb]) {
      expect(store.series().logCounts([store.entityKey(POD)], buckets, texts), store.file).toEqual(expected);
      // Asked without the mined ones first, the first template a line matches takes it.
      expect(store.series().logCounts([store.entityKey(POD)], buckets, own), store.file).toEqual(expectedOwn);
    }
    const total = (row: readonly number[]): number => row.reduce((s, n) => s + n, 0);
    const at = (text: string): number => total(expectedOwn.byTemplate[own.indexOf(text)] as number[]);
    // `pod2` lines alone match the literal template; the wildcard one takes the other pods' lines.
    expect(at('connect pod2 failed after <NUM> retries')).toBe(2_000);
    expect(at('connect <*> failed after <NUM> retries')).toBe(4_000);
    expect(at('worker w5 idle')).toBeGreaterThan(0);
    expect(at('cache <HEX> miss')).toBe(6_000);
    expect(total(expected.all)).toBe(24_000);
  });

  it('charts of the pod and its service are the same on both stores, and read no raw row', () => {
    for (const entity of [POD, SERVICE]) {
      for (const width of [200, 900]) {
        const a = buildEntityCharts(withoutRawReaders(sqlite), entity, null, width);
        const b = buildEntityCharts(withoutRawReaders(chdb), entity, null, width);
        expect(b).toEqual(a);
        expect(a.charts.map((c) => c.kind)).toEqual(expect.arrayContaining(['metric', 'logs']));
      }
    }
  });

  it('the guard notices a chart reading raw rows', () => {
    const guarded = withoutRawReaders(sqlite).series();
    expect(() => guarded.logs(sqlite.entityKey(POD), START, START + SPAN)).toThrow(/raw rows \(logs\)/);
    expect(() => guarded.metrics(sqlite.entityKey(POD), START, START + SPAN)).toThrow(/raw rows \(metrics\)/);
    expect(guarded.templates(sqlite.entityKey(POD)).length).toBeGreaterThan(0);
  });
});
