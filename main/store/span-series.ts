import { bucketOf, errorRate, quantilesPerBucket, type Buckets } from '../../core/charts/index.js';

/** One span as the charts read it (store/series.ts). */
export interface SpanRow {
  line: number;
  entity: string;
  time: number;
  durationMs: number;
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  name: string;
  status: string;
}

/** An entity's (or alias group's) spans per chart bucket: what the request, error and latency charts draw. */
export interface SpanBuckets {
  /** Spans per bucket. */
  count: number[];
  /** Failing share per bucket; null where a bucket has no span. */
  errorRate: (number | null)[];
  /** Nearest-rank latency percentiles per bucket (ms); null where a bucket has no span. */
  p50: (number | null)[];
  p95: (number | null)[];
  p99: (number | null)[];
  /** Spans in the range. */
  points: number;
}

/** The span an exemplar trace is chosen for, and why. */
export interface ExemplarChoice {
  span: SpanRow;
  why: string;
}

export interface SpanSummary {
  /** Null when the range holds no span. */
  buckets: SpanBuckets | null;
  exemplar: ExemplarChoice | null;
}

/** Caller-side (parent) and callee-side (child) p95 latency per bucket of the calls on one edge. */
export interface EdgeBuckets {
  caller: (number | null)[];
  callee: (number | null)[];
  /** Calls (parent/child pairs) in the range. */
  points: number;
}

export const EXEMPLAR_WHY = { error: 'a failing span of this entity', slowest: 'the slowest span of this entity' } as const;

/** The entity's slowest failing span after `since`, else its slowest (the earliest among equals); before `since` only when nothing after. */
export function exemplarSpan(spans: readonly SpanRow[], since: number): ExemplarChoice | null {
  const recent = spans.filter((s) => s.time >= since);
  const pool = recent.length > 0 ? recent : spans;
  let slowestError: SpanRow | null = null;
  let slowest: SpanRow | null = null;
  for (const s of pool) {
    if (s.status === 'error' && (!slowestError || s.durationMs > slowestError.durationMs)) slowestError = s;
    if (!slowest || s.durationMs > slowest.durationMs) slowest = s;
  }
  if (slowestError) return { span: slowestError, why: EXEMPLAR_WHY.error };
  if (slowest) return { span: slowest, why: EXEMPLAR_WHY.slowest };
  return null;
}

/** The span summary of rows in time order (the SQLite store's; ClickHouse computes it in SQL). */
export function summariseSpans(spans: readonly SpanRow[], buckets: Buckets, since: number): SpanSummary {
  if (spans.length === 0) return { buckets: null, exemplar: null };
  const times = spans.map((s) => s.time);
  const count = new Array<number>(buckets.count).fill(0);
  for (const t of times) {
    const i = bucketOf(buckets, t);
    if (i >= 0) count[i] = (count[i] as number) + 1;
  }
  const [p50, p95, p99] = quantilesPerBucket(
    buckets,
    times,
    spans.map((s) => s.durationMs),
    [0.5, 0.95, 0.99],
  ) as [(number | null)[], (number | null)[], (number | null)[]];
  const errors = errorRate(
    buckets,
    times,
    spans.map((s) => s.status === 'error'),
  );
  return { buckets: { count, errorRate: errors, p50, p95, p99, points: spans.length }, exemplar: exemplarSpan(spans, since) };
}

/** One span's key among a capture's spans: its trace id and span id (a span id is unique only within its trace). */
function spanKey(traceId: string, spanId: string): string {
  return `${traceId}\u0000${spanId}`;
}

/** Parent/child pairs from the caller's spans to the callee's, p95 of each side per bucket of the child's time. */
export function pairEdgeSpans(callerSpans: readonly SpanRow[], calleeSpans: readonly SpanRow[], buckets: Buckets): EdgeBuckets | null {
  const parents = new Map<string, SpanRow>();
  for (const s of callerSpans) parents.set(spanKey(s.traceId, s.spanId), s);
  const pairs: { time: number; caller: number; callee: number }[] = [];
  for (const child of calleeSpans) {
    if (child.parentSpanId === null) continue;
    const parent = parents.get(spanKey(child.traceId, child.parentSpanId));
    if (parent) pairs.push({ time: child.time, caller: parent.durationMs, callee: child.durationMs });
  }
  if (pairs.length === 0) return null;
  const times = pairs.map((p) => p.time);
  const p95 = (values: number[]): (number | null)[] => (quantilesPerBucket(buckets, times, values, [0.95]) as [(number | null)[]])[0];
  return { caller: p95(pairs.map((p) => p.caller)), callee: p95(pairs.map((p) => p.callee)), points: pairs.length };
}

/** What a node does for each request it serves, per chart bucket: the fan_out evidence drawn over time. */
export interface FanOutBuckets {
  /** Requests served: its spans whose parent is not one of its own (roots, and calls into it). */
  served: number[];
  /** Calls made for them: its spans under its own, and its callees' spans under its own. */
  calls: number[];
  /** Spans counted (served and calls). */
  points: number;
}

/**
 * Requests served and calls made per bucket by the node whose spans are `own`, as
 * core/signals/traces/fan-out.ts counts them for the whole window (a span with a parent that is
 * no span of the node, even one the capture lacks, is a request it served); `callees` are the
 * spans of the entities it may call, matched to `own` by parent id. Null without a request.
 */
export function fanOutPerBucket(own: readonly SpanRow[], callees: readonly SpanRow[], buckets: Buckets): FanOutBuckets | null {
  const mine = new Set(own.map((s) => spanKey(s.traceId, s.spanId)));
  const isUnderMine = (s: SpanRow): boolean => s.parentSpanId !== null && mine.has(spanKey(s.traceId, s.parentSpanId));
  const served = new Array<number>(buckets.count).fill(0);
  const calls = new Array<number>(buckets.count).fill(0);
  let points = 0;
  const count = (into: number[], time: number): void => {
    const b = bucketOf(buckets, time);
    if (b < 0) return;
    into[b] = (into[b] ?? 0) + 1;
    points += 1;
  };
  for (const s of own) count(isUnderMine(s) ? calls : served, s.time);
  for (const s of callees) if (isUnderMine(s)) count(calls, s.time);
  return served.some((n) => n > 0) ? { served, calls, points } : null;
}

/** Rows of several entities merged in time order (stable: members in the order given). */
export function mergeByTime<T extends { time: number }>(lists: readonly T[][]): T[] {
  if (lists.length === 1) return lists[0] ?? [];
  return lists.flat().sort((a, b) => a.time - b.time);
}
