import { describe, expect, it } from 'vitest';
import { TraceEdgeAggregator, type SpanInput, type SpanPeriod } from './aggregator.js';
import { fanOutShifts, fanOutThresholds, isFewerCalls, isFewerCallsPerRequest, stoppedThresholds } from './fan-out.js';

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

const CO = 'shop/Pod/checkout-1';
const PAY = 'shop/Pod/payment-1';

/**
 * One order at checkout: its PlaceOrder span calls ChargeCard (which calls payment) and, on a
 * whole path, ShipOrder then SendConfirmation, each once. `steps` says how far the path runs.
 */
function order(t: string, steps: 'whole' | 'charged' | 'nothing'): SpanInput[] {
  const out: SpanInput[] = [{ traceId: t, spanId: 'po', entity: CO, name: 'PlaceOrder', durationMs: 30, status: 'unset' }];
  const child = (id: string, name: string): void => {
    out.push({ traceId: t, spanId: id, parentSpanId: 'po', entity: CO, name, durationMs: 5, status: 'unset' });
  };
  if (steps === 'nothing') return out;
  child('charge', 'ChargeCard');
  out.push({ traceId: t, spanId: 'pay', parentSpanId: 'charge', entity: PAY, name: 'Charge', durationMs: 2, status: 'unset' });
  if (steps === 'charged') return out;
  child('ship', 'ShipOrder');
  child('mail', 'SendConfirmation');
  return out;
}

/** Orders per period, all wholly inside it unless `cut` says which window orders straddle its end. */
function orders(baseline: number, window: ReadonlyArray<'whole' | 'charged' | 'nothing'>, cut: (k: number) => boolean = () => false) {
  const agg = new TraceEdgeAggregator();
  for (let k = 0; k < baseline; k++) for (const s of order(`b${k}`, 'whole')) agg.add(s, 'baseline', 'baseline');
  window.forEach((steps, k) => {
    for (const s of order(`w${k}`, steps)) agg.add(s, 'window', cut(k) ? null : 'window');
  });
  return agg.finish([]);
}

type Steps = 'whole' | 'charged' | 'nothing';
const checkoutOf = (shifts: ReturnType<typeof fanOutShifts>) => shifts.find((d) => d.entity === CO);

describe('an operation that stops part-way (fan_out.stopped)', () => {
  it('counts each operation and the calls its spans made, by callee and operation, within an entity too', () => {
    const traces = orders(10, ['whole', 'charged']);
    const placeOrder = traces.operations.find((o) => o.entity === CO && o.name === 'PlaceOrder');
    expect(placeOrder?.spans).toEqual({ window: 2, baseline: 10 });
    expect(placeOrder?.calls).toEqual([
      { entity: CO, name: 'ChargeCard', window: 2, baseline: 10 },
      { entity: CO, name: 'SendConfirmation', window: 1, baseline: 10 },
      { entity: CO, name: 'ShipOrder', window: 1, baseline: 10 },
    ]);
    expect(traces.operations.find((o) => o.name === 'ChargeCard')?.calls).toEqual([
      { entity: PAY, name: 'Charge', window: 2, baseline: 10 },
    ]);
  });

  it('finds checkout when most orders stop after the charge, though its calls per request barely fell', () => {
    const window = Array.from({ length: 8 }, (_, k): Steps => (k < 5 ? 'charged' : 'whole'));
    const co = checkoutOf(fanOutShifts(orders(30, window)));
    expect(co?.stopped).toMatchObject({
      operation: 'PlaceOrder',
      kept: `${CO} ChargeCard`,
      missing: [`${CO} SendConfirmation`, `${CO} ShipOrder`],
      baselineSpans: 30,
      windowSpans: 8,
      windowCalls: 3,
    });
    expect(co?.stopped?.surprise).toBeGreaterThanOrEqual(stoppedThresholds.surprise);
    expect(co && isFewerCallsPerRequest(co)).toBe(false);
    expect(co && isFewerCalls(co)).toBe(true);
    // Payment serves fewer charges? No: as many as before; nothing stopped there.
    expect(
      fanOutShifts(orders(30, window))
        .filter(isFewerCalls)
        .map((d) => d.entity),
    ).toEqual([CO]);
  });

  it('does not read orders cut by the end of the capture as orders that stopped', () => {
    const window = Array.from({ length: 8 }, (_, k): Steps => (k < 5 ? 'charged' : 'whole'));
    // The five short orders are the ones the capture's end cut: they straddle it and are not compared.
    const co = checkoutOf(fanOutShifts(orders(30, window, (k) => k < 5)));
    expect(co?.stopped).toBeUndefined();
  });

  it('does not count an operation that makes no calls at all (different input, not a path that broke), nor a few spans', () => {
    const nothing = Array.from({ length: 8 }, (_, k): Steps => (k < 5 ? 'nothing' : 'whole'));
    expect(checkoutOf(fanOutShifts(orders(30, nothing)))?.stopped).toBeUndefined();
    const few = Array.from({ length: stoppedThresholds.minWindowSpans - 1 }, () => 'charged' as const);
    expect(checkoutOf(fanOutShifts(orders(30, few)))?.stopped).toBeUndefined();
    // One order in eight stopping is within what a fixed path's 98 % share allows.
    const one = Array.from({ length: 8 }, (_, k): Steps => (k < 1 ? 'charged' : 'whole'));
    expect(checkoutOf(fanOutShifts(orders(30, one)))?.stopped).toBeUndefined();
  });
});
