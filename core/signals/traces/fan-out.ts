import type { EvidenceDetail } from '../../model/evidence.js';
import { binomialLowerTailSurprise } from '../stats/binomial.js';
import { poissonLowerTailLog10 } from '../stats/poisson.js';
import { byText, type OperationCalls, type TraceAggregation } from './aggregator.js';

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
 * When one operation stops part-way. A call that an operation's spans made exactly once in
 * (nearly) every baseline span is on its fixed code path: which calls one operation makes is
 * set by its code, not by the request mix (that only changes how often the operation runs).
 * When many window spans of the operation no longer make it, while an earlier call on the same
 * path is still made as often as before, the path ends between the two: an early return or an
 * exception in the operation, or a failure of the call just before (a failing callee explains
 * it). Requiring a call that is still made keeps out operations that stopped at their start,
 * which is what different input does (nothing to look up, so no calls at all).
 */
export const stoppedThresholds = {
  /** Baseline spans of the operation needed before "every span makes this call" means anything. */
  minBaselineSpans: 8,
  /** Window spans of the operation needed to test it. */
  minWindowSpans: 5,
  /** A call on the fixed path: made once in at least 95 % of the baseline spans (and never more than once on average). */
  minShare: 0.95,
  /** Made in at most ¾ of the window spans its baseline share predicts (the fan-out ratio). */
  ratio: 0.75,
  /** Another call of the path still made in at least 90 % of the window spans its share predicts. */
  keptShare: 0.9,
  /**
   * −log10 p of so few window calls, at least. p ≤ 10⁻⁵: a system has a few hundred
   * operation–call pairs on fixed paths, so a chance alarm at this level comes in well under
   * one investigation in a hundred; calls conditioned on one operation do not drift with the
   * request mix, which is why this is not the log sequence's 10.
   */
  surprise: 5,
} as const;

/** A fixed-path call is never proven certain by a baseline: its share is taken as at most 98 %. */
const MAX_SHARE = 0.98;

type Stopped = NonNullable<FanOutDetail['stopped']>;

/** The most surprising operation of each entity that stopped part-way (see stoppedThresholds). */
export function stoppedOperations(operations: readonly OperationCalls[]): Map<string, Stopped> {
  const t = stoppedThresholds;
  const out = new Map<string, Stopped>();
  for (const op of operations) {
    const nb = op.spans.baseline;
    const nw = op.spans.window;
    if (nb < t.minBaselineSpans || nw < t.minWindowSpans) continue;
    const fixed = op.calls.filter((c) => c.baseline / nb >= t.minShare && c.baseline <= nb);
    const missing: Array<{ call: string; windowCalls: number; baselineCalls: number; surprise: number }> = [];
    let kept: string | null = null;
    for (const c of fixed) {
      const share = Math.min(c.baseline / nb, MAX_SHARE);
      const windowCalls = Math.min(c.window, nw);
      const call = `${c.entity} ${c.name}`;
      if (windowCalls >= t.keptShare * share * nw) {
        kept ??= call;
        continue;
      }
      if (windowCalls > t.ratio * share * nw) continue;
      const surprise = Math.round(Math.min(MAX_SURPRISE, binomialLowerTailSurprise(windowCalls, nw, share)) * 100) / 100;
      if (surprise >= t.surprise) missing.push({ call, windowCalls, baselineCalls: c.baseline, surprise });
    }
    if (kept === null || missing.length === 0) continue;
    missing.sort((a, b) => b.surprise - a.surprise || byText(a.call, b.call));
    const worst = missing[0]!;
    const previous = out.get(op.entity);
    if (previous && previous.surprise >= worst.surprise) continue;
    out.set(op.entity, {
      operation: op.name,
      missing: missing.map((m) => m.call),
      kept,
      baselineSpans: nb,
      windowSpans: nw,
      baselineCalls: worst.baselineCalls,
      windowCalls: worst.windowCalls,
      surprise: worst.surprise,
    });
  }
  return out;
}

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
  const stopped = stoppedOperations(traces.operations);
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
    const stop = stopped.get(s.entity);
    if (Math.min(served.window, served.baseline, calls.baseline) < fanOutThresholds.minServed && !stop) continue;
    const expected = served.baseline > 0 ? (calls.baseline / served.baseline) * served.window : 0;
    const surprise = calls.window < expected ? Math.min(MAX_SURPRISE, -poissonLowerTailLog10(calls.window, expected)) : 0;
    out.push({
      type: 'fan_out',
      entity: s.entity,
      windowServed: served.window,
      baselineServed: served.baseline,
      windowCalls: calls.window,
      baselineCalls: calls.baseline,
      ratio: expected > 0 ? Math.round((calls.window / expected) * 1000) / 1000 : 1,
      surprise: Math.round(surprise * 100) / 100,
      ...(stop ? { stopped: stop } : {}),
    });
  }
  return out;
}

/**
 * The one definition of "fewer calls per request": the store ranks evidence with it and the
 * heuristic judges with it. Fewer calls for all it serves, or one operation stopped part-way.
 */
export function isFewerCalls(d: FanOutDetail): boolean {
  return isFewerCallsPerRequest(d) || (d.stopped !== undefined && d.stopped.surprise >= stoppedThresholds.surprise);
}

/** Fewer calls for all the entity serves (the entity-wide half of isFewerCalls). */
export function isFewerCallsPerRequest(d: FanOutDetail): boolean {
  return (
    Math.min(d.windowServed, d.baselineServed, d.baselineCalls) >= fanOutThresholds.minServed &&
    d.ratio <= fanOutThresholds.ratio &&
    d.surprise >= fanOutThresholds.surprise
  );
}
