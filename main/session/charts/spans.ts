import {
  baselineBand,
  bucketCentres,
  errorRate,
  quantilesPerBucket,
  ratePerMinute,
  type Chart,
  type ChartSeries,
} from '../../../core/charts/index.js';
import type { SpanRow } from '../../store/index.js';
import type { ChartRange } from './range.js';

function series(
  name: string,
  role: ChartSeries['role'],
  x: number[],
  y: (number | null)[],
  range: ChartRange,
  points: number,
): ChartSeries {
  return { name, role, x, y, band: baselineBand(x, y, range.baselineUntil), evidenceId: null, sourcePoints: points };
}

/** Request rate, error rate and latency percentiles of the spans the entity served. */
export function spanCharts(spans: readonly SpanRow[], range: ChartRange): Chart[] {
  if (spans.length === 0) return [];
  const x = bucketCentres(range.buckets);
  const times = spans.map((s) => s.time);
  const [p50, p95, p99] = quantilesPerBucket(
    range.buckets,
    times,
    spans.map((s) => s.durationMs),
    [0.5, 0.95, 0.99],
  ) as [(number | null)[], (number | null)[], (number | null)[]];
  const n = spans.length;
  return [
    {
      id: 'requests',
      kind: 'requests',
      title: 'Request rate',
      unit: '/min',
      series: [series('requests', 'value', x, ratePerMinute(range.buckets, times), range, n)],
    },
    {
      id: 'errors',
      kind: 'errors',
      title: 'Error rate',
      unit: 'ratio',
      series: [
        series(
          'errors',
          'error',
          x,
          errorRate(
            range.buckets,
            times,
            spans.map((s) => s.status === 'error'),
          ),
          range,
          n,
        ),
      ],
    },
    {
      id: 'latency',
      kind: 'latency',
      title: 'Latency',
      unit: 'ms',
      series: [series('p50', 'p50', x, p50, range, n), series('p95', 'p95', x, p95, range, n), series('p99', 'p99', x, p99, range, n)],
    },
  ];
}

/**
 * Caller-side against callee-side latency of one call edge: the parent span's duration (what
 * the caller waited) and the child's (what the callee spent), p95 per bucket. The gap between
 * them is where network delay or client-side queueing shows.
 */
export function edgeChart(
  caller: string,
  callee: string,
  callerSpans: readonly SpanRow[],
  calleeSpans: readonly SpanRow[],
  range: ChartRange,
): Chart | null {
  const parents = new Map<string, SpanRow>();
  for (const s of callerSpans) parents.set(`${s.traceId}\u0000${s.spanId}`, s);
  const pairs: { time: number; caller: number; callee: number }[] = [];
  for (const child of calleeSpans) {
    if (child.parentSpanId === null) continue;
    const parent = parents.get(`${child.traceId}\u0000${child.parentSpanId}`);
    if (parent) pairs.push({ time: child.time, caller: parent.durationMs, callee: child.durationMs });
  }
  if (pairs.length === 0) return null;
  const x = bucketCentres(range.buckets);
  const times = pairs.map((p) => p.time);
  const [callerP95] = quantilesPerBucket(
    range.buckets,
    times,
    pairs.map((p) => p.caller),
    [0.95],
  ) as [(number | null)[]];
  const [calleeP95] = quantilesPerBucket(
    range.buckets,
    times,
    pairs.map((p) => p.callee),
    [0.95],
  ) as [(number | null)[]];
  return {
    id: `edge:${caller}->${callee}`,
    kind: 'edge',
    title: `${caller} → ${callee} latency (p95)`,
    unit: 'ms',
    series: [
      series('caller side', 'caller', x, callerP95, range, pairs.length),
      series('callee side', 'callee', x, calleeP95, range, pairs.length),
    ],
  };
}
