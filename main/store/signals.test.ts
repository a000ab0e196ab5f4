import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN, T0, writeBundle } from '../snapshot/testdata/write-bundle.js';
import { importBundle, type ImportSummary } from './import.js';
import { EvidenceStore } from './index.js';

const cart = 'shop/Service/cart';
const front = 'shop/Service/frontend';
const pod = 'shop/Pod/cart-1';
const iso = (ms: number): string => new Date(ms).toISOString();
const base = { start: T0, end: T0 + 30 * MIN };
const window = { start: T0 + 40 * MIN, end: T0 + 60 * MIN };

/** Baseline: steady logs, metrics and healthy calls; window: new errors, a spike, failing calls, an OOM kill. */
function incidentBundle(dir: string): string {
  const logs: unknown[] = [];
  const metrics: unknown[] = [];
  const spans: unknown[] = [];
  for (let m = 0; m < 60; m++) {
    const t = T0 + m * MIN;
    const inWindow = t >= window.start;
    logs.push({ time: iso(t), entity: cart, severity: 'INFO', body: `served request ${m} in ${m % 7} ms` });
    if (inWindow) logs.push({ time: iso(t), entity: cart, severity: 'ERROR', body: `connection refused to redis:6379 attempt ${m}` });
    metrics.push({ time: iso(t), entity: cart, name: 'latency_p95', value: inWindow ? 900 + m : 100 + (m % 5) });
    for (let k = 0; k < 4; k++) {
      const trace = `t${m}-${k}`;
      const isError = inWindow && k < 2;
      spans.push({
        traceId: trace,
        spanId: 'a',
        entity: front,
        name: 'GET /',
        start: iso(t),
        durationMs: 50,
        status: isError ? 'error' : 'ok',
      });
      spans.push({
        traceId: trace,
        spanId: 'b',
        parentSpanId: 'a',
        entity: cart,
        name: 'getCart',
        start: iso(t),
        durationMs: inWindow ? 400 : 20,
        status: isError ? 'error' : 'ok',
      });
      spans.push({
        traceId: trace,
        spanId: 'c',
        parentSpanId: 'b',
        entity: 'shop/Service/redis',
        name: 'GET',
        start: iso(t),
        durationMs: 1,
        status: 'ok',
      });
    }
  }
  return writeBundle(
    {
      manifest: {
        format: 'eog-snapshot',
        version: 1,
        name: 'incident',
        // The incident time at the window's start: signals are measured over the whole window
        // (without one, the import would estimate the onset from the alert at minute 45).
        incidentTime: iso(window.start),
        window: { start: iso(window.start), end: iso(window.end) },
        baseline: { start: iso(base.start), end: iso(base.end) },
      },
      records: {
        alerts: [{ name: 'HighErrorRate', entity: front, severity: 'critical', startsAt: iso(T0 + 45 * MIN) }],
        events: [
          {
            time: iso(T0 + 42 * MIN),
            entity: pod,
            type: 'Warning',
            reason: 'OOMKilling',
            message: 'Memory cgroup out of memory: Killed process 1',
          },
          { time: iso(T0 + 43 * MIN), entity: pod, type: 'Normal', reason: 'Pulled', message: 'image pulled' },
        ],
        logs,
        metrics,
        spans,
      },
    },
    dir,
  );
}

let root: string;
let store: EvidenceStore;
let summary: ImportSummary;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'eog-signals-'));
  summary = await importBundle(incidentBundle(join(root, 'bundle')), join(root, 'store.sqlite'));
  store = EvidenceStore.open(join(root, 'store.sqlite'));
});
afterAll(() => {
  store.close();
  rmSync(root, { recursive: true, force: true });
});

describe('derived signals', () => {
  it('are counted in the import summary', () => {
    expect(summary.window.source).toBe('manifest');
    expect(summary.signals?.failure_event).toBe(1);
    expect(summary.signals?.metric_anomaly).toBeGreaterThanOrEqual(1);
    expect(summary.signals?.trace_edge).toBe(4); // two edges, each seen from both ends
    expect(summary.signals?.log_template).toBeGreaterThanOrEqual(2);
  });

  it('rank metric anomaly, then the new error template, then failing and discovered edges, before raw records', () => {
    const page = store.evidenceFor(cart, window, { limit: 6 });
    const items = page.items.map((i) => `${i.id} ${i.provenance.extractor}`);
    expect(items.slice(0, 4)).toEqual([
      'anomaly:shop/Service/cart:latency_p95 metric_anomaly',
      'tpl:shop/Service/cart:2 log_template',
      'edge:shop/Service/frontend->shop/Service/cart trace_edge',
      // Discovered (redis is not in the topology), so notable although healthy.
      'edge:shop/Service/cart->shop/Service/redis:caller trace_edge',
    ]);
    const tpl = page.items[1]?.detail;
    expect(tpl).toMatchObject({ type: 'log_template', isNew: true, isError: true, baselineCount: 0, windowCount: 20 });
    const edge = page.items[2]?.detail;
    expect(edge).toMatchObject({
      type: 'trace_edge',
      caller: front,
      callee: cart,
      windowErrorRate: 0.5,
      baselineErrorRate: 0,
      isDiscovered: false,
    });
    expect(page.omittedByKind.log).toBeGreaterThan(0);
  });

  it('lists a failure event in place of its raw event and points at its line', async () => {
    const page = store.evidenceFor(pod, window, { limit: 10 });
    expect(page.items.map((i) => i.id)).toEqual(['fail:1', 'event:2']);
    expect(page.items[0]?.detail).toMatchObject({ type: 'event', reason: 'OOMKilling', isFailure: true });
    expect(page.total).toBe(2);
    expect((await store.rawLines('fail:1')).map((l) => l.line)).toEqual([1]);
  });

  it('keep sample source lines for a template and the anomaly point', async () => {
    const lines = await store.rawLines('tpl:shop/Service/cart:2');
    expect(lines.length).toBe(3);
    expect(lines.every((l) => l.file === 'logs.jsonl' && l.text.includes('connection refused'))).toBe(true);
    const anomaly = store.evidenceById('anomaly:shop/Service/cart:latency_p95');
    expect(anomaly?.provenance.file).toBe('metrics.jsonl');
    const point = await store.rawLines('anomaly:shop/Service/cart:latency_p95');
    expect(point[0]?.text).toContain('"latency_p95"');
  });
});
