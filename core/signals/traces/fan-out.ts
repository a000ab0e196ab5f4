import type { EvidenceDetail } from '../../model/evidence.js';
import { poissonLowerTailLog10 } from '../stats/poisson.js';
import type { TraceAggregation } from './aggregator.js';

export type FanOutDetail = Extract<EvidenceDetail, { type: 'fan_out' }>;

/**
 * When an entity makes markedly fewer calls per request it serves. How many calls a service
 * makes for one request is set by its code and by the mix of requests it is sent; a running
 * system's request mix drifts slowly, so a quarter fewer calls per request from one minute to
 * the next means a code path that stopped making them: an early return, an exception thrown
 * before the calls, a branch that changed. Calls within one request are not independent (they
 * come and go together), which a Poisson test ignores, so the surprise asked for is high, and
 * each period needs enough requests to say what one request costs.
 */
export const fanOutThresholds = {
  /** Calls per request in the window over the baseline's, at most. */
  ratio: 0.75,
  /** −log10 p of so few calls given the baseline's calls per request, at least. */
  surprise: 10,
  /** Requests served in each period, at least. */
  minServed: 20,
} as const;

/** −log10 p values above this are reported as this (the test has long stopped meaning more). */
const MAX_SURPRISE = 300;

/**
 * Each entity's requests served (its root spans and the calls into it) and calls made (its
 * spans under its own, and its calls into other entities) per period, with the change in calls
 * per request. Entities without enough requests or calls in both periods are left out.
 */
export function fanOutShifts(traces: TraceAggregation): FanOutDetail[] {
  const into = new Map<string, { window: number; baseline: number }>();
  const outOf = new Map<string, { window: number; baseline: number }>();
  const add = (map: typeof into, entity: string, window: number, baseline: number): void => {
    const sum = map.get(entity) ?? { window: 0, baseline: 0 };
    sum.window += window;
    sum.baseline += baseline;
    map.set(entity, sum);
  };
  for (const e of traces.edges) {
    add(into, e.callee, e.window.calls, e.baseline.calls);
    add(outOf, e.caller, e.window.calls, e.baseline.calls);
  }
  const out: FanOutDetail[] = [];
  for (const s of traces.entities) {
    const served = {
      window: s.roots.window + (into.get(s.entity)?.window ?? 0),
      baseline: s.roots.baseline + (into.get(s.entity)?.baseline ?? 0),
    };
    // The entity's own spans that are not the requests it served are the work it did for them.
    const calls = {
      window: Math.max(0, s.window.calls - served.window) + (outOf.get(s.entity)?.window ?? 0),
      baseline: Math.max(0, s.baseline.calls - served.baseline) + (outOf.get(s.entity)?.baseline ?? 0),
    };
    if (Math.min(served.window, served.baseline, calls.baseline) < fanOutThresholds.minServed) continue;
    const expected = (calls.baseline / served.baseline) * served.window;
    const surprise = calls.window < expected ? Math.min(MAX_SURPRISE, -poissonLowerTailLog10(calls.window, expected)) : 0;
    out.push({
      type: 'fan_out',
      entity: s.entity,
      windowServed: served.window,
      baselineServed: served.baseline,
      windowCalls: calls.window,
      baselineCalls: calls.baseline,
      ratio: Math.round((calls.window / expected) * 1000) / 1000,
      surprise: Math.round(surprise * 100) / 100,
    });
  }
  return out;
}

/** The one definition of "fewer calls per request": the store ranks evidence with it and the heuristic judges with it. */
export function isFewerCalls(d: FanOutDetail): boolean {
  return (
    Math.min(d.windowServed, d.baselineServed, d.baselineCalls) >= fanOutThresholds.minServed &&
    d.ratio <= fanOutThresholds.ratio &&
    d.surprise >= fanOutThresholds.surprise
  );
}
