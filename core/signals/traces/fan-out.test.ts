import { describe, expect, it } from 'vitest';
import { TraceEdgeAggregator, type SpanInput, type SpanPeriod } from './aggregator.js';
import { fanOutShifts, fanOutThresholds, isFewerCalls } from './fan-out.js';

const FE = 'shop/Pod/frontend-1';
const ADS = 'shop/Pod/ads-1';
const CART = 'shop/Pod/cart-1';

/**
 * One request at the frontend (a root span): its own client spans to ads and cart, each with the
 * callee's server span under it. `calls` says which callees this request reaches.
 */
function request(t: string, calls: readonly string[]): SpanInput[] {
  const out: SpanInput[] = [{ traceId: t, spanId: 'root', entity: FE, durationMs: 20, status: 'ok' }];
  for (const callee of calls) {
    out.push({ traceId: t, spanId: `c-${callee}`, parentSpanId: 'root', entity: FE, durationMs: 8, status: 'ok' });
    out.push({ traceId: t, spanId: `s-${callee}`, parentSpanId: `c-${callee}`, entity: callee, durationMs: 5, status: 'ok' });
  }
  return out;
}

function aggregate(periods: Array<{ period: SpanPeriod; n: number; calls: (i: number) => readonly string[] }>) {
  const agg = new TraceEdgeAggregator();
  let i = 0;
  for (const p of periods) for (let k = 0; k < p.n; k++, i++) for (const s of request(`t${i}`, p.calls(k))) agg.add(s, p.period);
  return agg.finish([]);
}

const both = (): readonly string[] => [ADS, CART];
const frontendOf = (shifts: ReturnType<typeof fanOutShifts>) => shifts.find((d) => d.entity === FE);

describe('fanOutShifts', () => {
  it('counts what the frontend served (its root spans) and the calls it made for them (client spans and the calls they carry)', () => {
    const traces = aggregate([
      { period: 'baseline', n: 40, calls: both },
      { period: 'window', n: 60, calls: both },
    ]);
    expect(traces.entities.find((e) => e.entity === FE)?.roots).toEqual({ window: 60, baseline: 40 });
    const fe = frontendOf(fanOutShifts(traces));
    // Two client spans and two calls into other entities per request.
    expect(fe).toMatchObject({ baselineServed: 40, windowServed: 60, baselineCalls: 160, windowCalls: 240, ratio: 1, surprise: 0 });
    expect(fe && isFewerCalls(fe)).toBe(false);
  });

  it('finds a service that stopped making most of its calls per request, however much traffic it serves', () => {
    // An early return on two requests in three: more requests (they are quicker), far fewer calls each.
    const traces = aggregate([
      { period: 'baseline', n: 60, calls: both },
      { period: 'window', n: 120, calls: (k) => (k % 3 === 0 ? [ADS, CART] : []) },
    ]);
    const fe = frontendOf(fanOutShifts(traces));
    expect(fe?.ratio).toBeCloseTo(1 / 3, 2);
    expect(fe?.surprise).toBeGreaterThan(fanOutThresholds.surprise);
    expect(fe && isFewerCalls(fe)).toBe(true);
    // The callees serve fewer requests, but each costs them what it did (nothing): not theirs.
    expect(
      fanOutShifts(traces)
        .filter(isFewerCalls)
        .map((d) => d.entity),
    ).toEqual([FE]);
  });

  it('does not count a small drop, nor a drop on too few requests to say what one costs', () => {
    const slight = aggregate([
      { period: 'baseline', n: 200, calls: both },
      { period: 'window', n: 200, calls: (k) => (k % 10 === 0 ? [ADS] : [ADS, CART]) },
    ]);
    const fe = frontendOf(fanOutShifts(slight));
    expect(fe?.ratio).toBeCloseTo(0.95, 2);
    expect(fe && isFewerCalls(fe)).toBe(false);
    const few = aggregate([
      { period: 'baseline', n: 40, calls: both },
      { period: 'window', n: fanOutThresholds.minServed - 1, calls: () => [] },
    ]);
    expect(frontendOf(fanOutShifts(few))).toBeUndefined();
  });
});
