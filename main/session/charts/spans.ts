import { baselineBand, bucketCentres, type Chart, type ChartSeries } from '../../../core/charts/index.js';
import type { EdgeBuckets, FanOutBuckets, SpanBuckets } from '../../store/index.js';
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

/** Request rate, error rate and latency percentiles of the spans the entity served (bucketed by the store). */
export function spanCharts(spans: SpanBuckets | null, range: ChartRange): Chart[] {
  if (!spans) return [];
  const x = bucketCentres(range.buckets);
  const n = spans.points;
  const perMinute = spans.count.map((c) => (c * 60_000) / range.buckets.width);
  return [
    {
      id: 'requests',
      kind: 'requests',
      title: 'Request rate',
      unit: '/min',
      series: [series('requests', 'value', x, perMinute, range, n)],
    },
    {
      id: 'errors',
      kind: 'errors',
      title: 'Error rate',
      unit: 'ratio',
      series: [series('errors', 'error', x, spans.errorRate, range, n)],
    },
    {
      id: 'latency',
      kind: 'latency',
      title: 'Latency',
      unit: 'ms',
      series: [
        series('p50', 'p50', x, spans.p50, range, n),
        series('p95', 'p95', x, spans.p95, range, n),
        series('p99', 'p99', x, spans.p99, range, n),
      ],
    },
  ];
}

/**
 * Caller-side against callee-side latency of one call edge: the parent span's duration (what
 * the caller waited) and the child's (what the callee spent), p95 per bucket (paired and
 * bucketed by the store). The gap between them is where network delay or client-side
 * queueing shows.
 */
export function edgeChart(caller: string, callee: string, pairs: EdgeBuckets | null, range: ChartRange): Chart | null {
  if (!pairs) return null;
  const x = bucketCentres(range.buckets);
  return {
    id: `edge:${caller}->${callee}`,
    kind: 'edge',
    title: `${caller} → ${callee} latency (p95)`,
    unit: 'ms',
    series: [
      series('caller side', 'caller', x, pairs.caller, range, pairs.points),
      series('callee side', 'callee', x, pairs.callee, range, pairs.points),
    ],
  };
}

/**
 * Calls the node made per request it served, per bucket (fan_out evidence: a code path that
 * stopped making its calls shows as a drop here while the request rate holds).
 */
export function fanOutChart(buckets: FanOutBuckets | null, range: ChartRange): Chart | null {
  if (!buckets) return null;
  const x = bucketCentres(range.buckets);
  const perRequest = buckets.served.map((n, i) => (n > 0 ? (buckets.calls[i] ?? 0) / n : null));
  return {
    id: 'fan_out',
    kind: 'fan_out',
    title: 'Calls per request',
    unit: 'calls/request',
    series: [series('calls per request', 'value', x, perRequest, range, buckets.points)],
  };
}
