import { describe, expect, it } from 'vitest';
import type { EvidenceItem } from '../model/index.js';
import { citationsFor } from './citations.js';
import type { Chart, ExemplarTrace } from './schema.js';

const provenance = { file: 'x.jsonl', line: 1, sha256: '', extractor: 'raw' } as const;
function item(id: string, detail: EvidenceItem['detail'], time = 1000): EvidenceItem {
  return { id, entity: 'e', kind: 'metric', time, summary: `about ${id}`, score: 1, detail, provenance };
}
function chart(id: string, kind: Chart['kind'], series: { name: string; evidenceId?: string }[]): Chart {
  return {
    id,
    kind,
    title: id,
    unit: '',
    series: series.map((s) => ({
      name: s.name,
      x: [],
      y: [],
      band: null,
      role: 'value',
      evidenceId: s.evidenceId ?? null,
      sourcePoints: 0,
    })),
  };
}

const charts = [
  chart('latency', 'latency', [{ name: 'p50' }]),
  chart('metric:cpu', 'metric', [{ name: 'value' }]),
  chart('logs', 'logs', [{ name: 'all lines' }, { name: 'conn refused <*>', evidenceId: 'tpl:e:3' }]),
  chart('edge:a->b', 'edge', [{ name: 'caller side' }, { name: 'callee side' }]),
];
const trace: ExemplarTrace = {
  traceId: 't',
  reason: 'r',
  omittedSpans: 0,
  spans: [
    {
      spanId: 's1',
      parentSpanId: null,
      entity: 'e',
      name: 'GET',
      start: 900,
      durationMs: 5,
      status: 'ok',
      depth: 0,
      isMarked: true,
      evidenceId: 'span:7',
    },
  ],
};

describe('where cited evidence is on the charts', () => {
  it('puts every kind of item on a chart, a series, a span or a marker', () => {
    const found = citationsFor(
      [
        item('anomaly:e:cpu', {
          type: 'metric_anomaly',
          metric: 'cpu',
          windowValue: 93,
          baselineMedian: 10,
          baselineMad: 1,
          z: 9,
          direction: 'up',
          change: 8,
        }),
        item('tpl:e:3', {
          type: 'log_template',
          template: 'conn refused <*>',
          windowCount: 5,
          baselineCount: 0,
          rateRatio: null,
          isNew: true,
          isGone: false,
          isError: true,
        }),
        item('edge:a->b', {
          type: 'trace_edge',
          caller: 'a',
          callee: 'b',
          windowCalls: 1,
          baselineCalls: 1,
          windowErrorRate: 0,
          baselineErrorRate: 0,
          windowP95Ms: 420,
          baselineP95Ms: 20,
          isDiscovered: false,
        }),
        item('span:7', { type: 'span', status: 'ok', durationMs: 5 }),
        item('change:2', { type: 'change', changeKind: 'config', diff: [], actor: null }, 500),
        item('metric:9', { type: 'metric', metric: 'memory', value: 3 }),
      ],
      charts,
      trace,
    );
    const by = new Map(found.map((c) => [c.evidenceId, c]));
    expect(by.get('anomaly:e:cpu')).toMatchObject({ chartId: 'metric:cpu', series: 'value', value: 93, time: 1000 });
    expect(by.get('tpl:e:3')).toMatchObject({ chartId: 'logs', series: 'conn refused <*>' });
    expect(by.get('edge:a->b')).toMatchObject({ chartId: 'edge:a->b', value: 420 });
    expect(by.get('span:7')).toMatchObject({ chartId: 'latency', value: 5, spanId: 's1', time: 900 });
    expect(by.get('change:2')).toMatchObject({ chartId: null, value: null, time: 500 });
    // No chart for this metric: a marker across every chart, never lost.
    expect(by.get('metric:9')).toMatchObject({ chartId: null, time: 1000 });
    expect(found).toHaveLength(6);
  });

  it('puts fewer calls per request on the calls-per-request chart, else on the request rate', () => {
    const fanOut = item('fanout:e', {
      type: 'fan_out',
      entity: 'e',
      windowServed: 40,
      baselineServed: 80,
      windowCalls: 60,
      baselineCalls: 320,
      ratio: 0.375,
      surprise: 30,
    });
    const withChart = citationsFor(
      [fanOut],
      [...charts, chart('requests', 'requests', [{ name: 'requests' }]), chart('fan_out', 'fan_out', [{ name: 'calls per request' }])],
      null,
    );
    expect(withChart[0]).toMatchObject({ chartId: 'fan_out', series: 'calls per request', value: 1.5 });
    const without = citationsFor([fanOut], [...charts, chart('requests', 'requests', [{ name: 'requests' }])], null);
    expect(without[0]).toMatchObject({ chartId: 'requests', value: null });
  });
});
