import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SignalOptionError } from '../errors.js';
import { TraceEdgeAggregator, type SpanInput, type SpanPeriod } from './aggregator.js';
import { toTraceEdgeDetail } from './detail.js';

const FE = 'shop/Service/frontend';
const CART = 'shop/Service/cart';
const REDIS = 'shop/Service/redis';

function span(
  traceId: string,
  spanId: string,
  parent: string | null,
  entity: string,
  durationMs: number,
  status: SpanInput['status'] = 'ok',
): SpanInput {
  return { traceId, spanId, parentSpanId: parent, entity, durationMs, status };
}

/** frontend → frontend (internal) → cart → redis, one trace per index. */
function trace(i: number, cartMs: number, redisStatus: SpanInput['status']): SpanInput[] {
  const t = `t${i}`;
  return [
    span(t, 'a', null, FE, cartMs + 10),
    span(t, 'b', 'a', FE, cartMs + 5),
    span(t, 'c', 'b', CART, cartMs),
    span(t, 'd', 'c', REDIS, 2, redisStatus),
  ];
}

function run(spans: [SpanInput, SpanPeriod][], knownEdges = [{ source: FE, target: CART }]) {
  const agg = new TraceEdgeAggregator();
  for (const [s, p] of spans) agg.add(s, p);
  return agg.finish(knownEdges);
}

describe('TraceEdgeAggregator', () => {
  const input: [SpanInput, SpanPeriod][] = [];
  for (let i = 0; i < 20; i++) for (const s of trace(i, 10 + i, 'ok')) input.push([s, 'baseline']);
  for (let i = 20; i < 40; i++) for (const s of trace(i, 100 + i, i % 2 ? 'error' : 'ok')) input.push([s, 'window']);
  const result = run(input);

  it('builds cross-entity edges with calls, error rates and latency per period', () => {
    expect(result.edges.map((e) => [e.caller, e.callee])).toEqual([
      [CART, REDIS],
      [FE, CART],
    ]);
    const [cartRedis, feCart] = result.edges;
    // The caller's span b outlasts cart's span c by 5 ms every time: that is the gap.
    expect(feCart?.baseline).toEqual({ calls: 20, errors: 0, errorRate: 0, p50Ms: 19, p95Ms: 28, gapP50Ms: 5, gapP95Ms: null });
    expect(feCart?.window).toMatchObject({ calls: 20, errorRate: 0, p50Ms: 129, p95Ms: 138 });
    expect(feCart?.latencyRatio).toBeCloseTo(138 / 28, 10);
    expect(cartRedis?.window.errorRate).toBe(0.5);
    expect(cartRedis?.errorRateDelta).toBe(0.5);
    expect(result).toMatchObject({ spans: 160, rootSpans: 40, unresolvedSpans: 0 });
  });

  it('marks edges missing from the known edges as discovered, direction included', () => {
    expect(result.edges.find((e) => e.callee === CART)?.isDiscovered).toBe(false);
    expect(result.edges.find((e) => e.callee === REDIS)?.isDiscovered).toBe(true);
    const reversed = run(input, [{ source: CART, target: FE }]);
    expect(reversed.edges.every((e) => e.isDiscovered)).toBe(true);
  });

  it('summarises each entity’s own spans', () => {
    const fe = result.entities.find((e) => e.entity === FE);
    expect(fe?.window.calls).toBe(40);
    expect(fe?.baseline.calls).toBe(40);
    expect(result.entities.map((e) => e.entity)).toEqual([CART, FE, REDIS]);
  });

  it('resolves children that arrive before their parents', () => {
    const reversed = run([...input].reverse());
    expect(reversed.edges).toEqual(result.edges);
    expect(reversed.unresolvedSpans).toBe(0);
  });

  it('gives the same edges for any arrival order when memory suffices', () => {
    const small = input.slice(0, 40).concat(input.slice(80, 120));
    fc.assert(
      fc.property(fc.shuffledSubarray(small, { minLength: small.length, maxLength: small.length }), (shuffled) => {
        expect(run(shuffled).edges).toEqual(run(small).edges);
      }),
      { numRuns: 30 },
    );
  });

  it('counts children as unresolved when the caps drop their parents instead of guessing', () => {
    const agg = new TraceEdgeAggregator({ maxKnownSpans: 2, maxPendingSpans: 1 });
    agg.add(span('t', 'c1', 'p', CART, 1), 'window');
    agg.add(span('t', 'c2', 'p', CART, 1), 'window'); // evicts c1's wait
    agg.add(span('u', 'x', 'missing', CART, 1), 'window'); // evicts c2's wait
    agg.add(span('t', 'p', null, FE, 1), 'window');
    const r = agg.finish([]);
    expect(r.edges).toEqual([]);
    expect(r.unresolvedSpans).toBe(3);
  });

  it('forgets the oldest spans beyond maxKnownSpans', () => {
    const agg = new TraceEdgeAggregator({ maxKnownSpans: 2 });
    agg.add(span('t', 'p', null, FE, 1), 'window');
    agg.add(span('t', 'q', null, FE, 1), 'window');
    agg.add(span('t', 'c1', 'q', CART, 1), 'window'); // q still known; p is forgotten now
    agg.add(span('t', 'c2', 'p', CART, 1), 'window');
    const r = agg.finish([]);
    expect(r.edges[0]?.window.calls).toBe(1);
    expect(r.unresolvedSpans).toBe(1);
  });

  it('keeps resolving correctly through many evictions (queue compaction)', () => {
    const agg = new TraceEdgeAggregator({ maxKnownSpans: 50, maxPendingSpans: 10 });
    for (let i = 0; i < 5000; i++) {
      agg.add(span(`t${i}`, 'c', 'p', CART, 1), 'window'); // child first
      agg.add(span(`t${i}`, 'p', null, FE, 1), 'window');
      if (i % 3 === 0) agg.add(span(`t${i}`, 'o', 'never', REDIS, 1), 'window');
    }
    const r = agg.finish([]);
    expect(r.edges.map((e) => [e.caller, e.callee, e.window.calls])).toEqual([[FE, CART, 5000]]);
    expect(r.unresolvedSpans).toBe(1667);
  });

  it('indexes spans outside both periods so their children still resolve', () => {
    const r = run([
      [span('t', 'p', null, FE, 5), null],
      [span('t', 'c', 'p', CART, 3), 'window'],
      [span('t', 'd', 'c', REDIS, 1), null],
    ]);
    expect(r.edges.map((e) => e.callee)).toEqual([CART]);
    expect(r.entities.map((e) => e.entity)).toEqual([CART]);
  });

  it('converts to the trace_edge evidence detail, with 0 latency for a period without calls', () => {
    const r = run([
      [span('t', 'p', null, FE, 5), 'window'],
      [span('t', 'c', 'p', CART, 3, 'error'), 'window'],
    ]);
    expect(r.edges[0] && toTraceEdgeDetail(r.edges[0])).toEqual({
      type: 'trace_edge',
      caller: FE,
      callee: CART,
      windowCalls: 1,
      baselineCalls: 0,
      windowErrorRate: 1,
      baselineErrorRate: 0,
      windowP95Ms: 3,
      baselineP95Ms: 0,
      windowP50Ms: 3,
      baselineP50Ms: 0,
      isDiscovered: false,
      windowGapP50Ms: 2,
      baselineGapP50Ms: 0,
      windowGapP95Ms: 0,
      baselineGapP95Ms: 0,
    });
    expect(r.edges[0]?.baseline.p95Ms).toBeNull();
  });

  it('keeps the tail of the gap only under client spans, whose duration is the caller waiting on one call', () => {
    const spans: [SpanInput, SpanPeriod][] = [];
    for (let i = 0; i < 40; i++) {
      // frontend's client span waits 10 ms more than cart works in the baseline, 300 ms more on every tenth call in the window.
      const period: SpanPeriod = i < 20 ? 'baseline' : 'window';
      const extra = period === 'window' && i % 10 === 0 ? 300 : 10;
      spans.push([{ ...span(`t${i}`, 'a', null, FE, 30 + extra), kind: 'client' }, period]);
      spans.push([{ ...span(`t${i}`, 'b', 'a', CART, 30), kind: 'server' }, period]);
      // cart's server span calls redis directly: a gap under a server span holds cart's own work.
      spans.push([{ ...span(`t${i}`, 'c', 'b', REDIS, 2) }, period]);
    }
    const r = run(spans);
    const feCart = r.edges.find((e) => e.caller === FE && e.callee === CART);
    const cartRedis = r.edges.find((e) => e.caller === CART && e.callee === REDIS);
    expect(feCart?.baseline.gapP95Ms).toBe(10);
    expect(feCart?.window.gapP95Ms).toBe(300);
    expect(feCart?.window.gapP50Ms).toBe(10);
    expect(cartRedis?.window.gapP50Ms).toBe(28);
    expect(cartRedis?.window.gapP95Ms).toBeNull();
  });

  it('handles empty input and rejects unusable caps', () => {
    expect(new TraceEdgeAggregator().finish([])).toEqual({
      edges: [],
      operations: [],
      entities: [],
      statusMessages: [],
      spans: 0,
      rootSpans: 0,
      unresolvedSpans: 0,
    });
    expect(() => new TraceEdgeAggregator({ maxKnownSpans: 0 })).toThrow(SignalOptionError);
  });

  it('counts the status messages of each entity’s own error spans per period, not of ok spans', () => {
    const agg = new TraceEdgeAggregator();
    const err = (id: string, message: string) => ({
      traceId: 't',
      spanId: id,
      entity: FE,
      durationMs: 1,
      status: 'error' as const,
      statusMessage: message,
    });
    agg.add(err('1', 'HTTP 500 from cart'), 'window');
    agg.add(err('2', 'HTTP 500 from cart'), 'window');
    agg.add(err('3', 'HTTP 500 from cart'), 'baseline');
    agg.add(err('4', 'HTTP 500 from cart'), null);
    agg.add({ traceId: 't', spanId: '5', entity: FE, durationMs: 1, status: 'ok', statusMessage: 'fine' }, 'window');
    expect(agg.finish([]).statusMessages).toEqual([{ entity: FE, messages: [{ text: 'HTTP 500 from cart', window: 2, baseline: 1 }] }]);
  });

  it('keys spans by trace and span id, so ids that would run together stay apart', () => {
    // Concatenated, trace "t1" + span "2a" and trace "t12" + span "a" would read alike.
    const result = run([
      [span('t12', 'a', null, FE, 50), 'window'],
      [span('t1', '2a', null, REDIS, 50), 'window'],
      [span('t1', 'c', '2a', CART, 10), 'window'],
    ]);
    expect(result.edges.map((e) => `${e.caller}->${e.callee}`)).toEqual([`${REDIS}->${CART}`]);
  });
});
