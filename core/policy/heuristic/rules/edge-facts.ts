import type { TraceEdgeDetail } from '../../../signals/index.js';
import { binomialUpperTailSurprise } from '../../../signals/index.js';
import { thresholds } from '../thresholds.js';

/** Percentiles and error rates of a handful of calls are noise, not evidence. */
function hasSample(d: TraceEdgeDetail): boolean {
  return d.windowCalls >= thresholds.minCalls && d.baselineCalls >= thresholds.minCalls;
}

/** The tail or the typical call got markedly slower (the median resists a contaminated baseline). */
export function isSlowEdge(d: TraceEdgeDetail): boolean {
  const grew = (w: number, b: number): boolean => w >= b * thresholds.latencyRatio && w - b >= thresholds.latencyDeltaMs;
  return (
    hasSample(d) &&
    (grew(d.windowP95Ms, d.baselineP95Ms) ||
      (d.windowP50Ms !== undefined && d.baselineP50Ms !== undefined && grew(d.windowP50Ms, d.baselineP50Ms)))
  );
}

/** How many times slower calls got: the larger of the tail and median ratios. */
export function slowdown(d: TraceEdgeDetail): number {
  const p95 = d.windowP95Ms / Math.max(d.baselineP95Ms, 1);
  const p50 = d.windowP50Ms !== undefined && d.baselineP50Ms !== undefined ? d.windowP50Ms / Math.max(d.baselineP50Ms, 1) : 0;
  return Math.max(p95, p50);
}

/**
 * More failures than the baseline rate makes likely: 6 of 9 calls failing where half failed
 * before is chance, 30 of 100 where none did is not. Without a usable baseline the edge is
 * assumed to have been (nearly) healthy.
 */
export function isFailingEdge(d: TraceEdgeDetail): boolean {
  if (d.windowCalls < thresholds.minCalls || d.windowErrorRate - d.baselineErrorRate < thresholds.errorRateDelta) return false;
  const p0 = d.baselineCalls >= thresholds.minCalls ? Math.max(d.baselineErrorRate, thresholds.minErrorRate) : thresholds.minErrorRate;
  const failures = Math.round(d.windowErrorRate * d.windowCalls);
  return binomialUpperTailSurprise(failures, d.windowCalls, p0) >= thresholds.errorSurprise;
}

/** Calls per minute up by the surge ratio or more: the ratio; null otherwise. */
export function surgeRatio(d: TraceEdgeDetail): number | null {
  return d.callRateRatio != null && d.callRateRatio >= thresholds.surgeRatio ? d.callRateRatio : null;
}

/**
 * The caller instance (pod) of every edge, when the calls reach at least two distinct callee
 * instances: the common factor of a delay seen on all of them. Null when there is no such
 * asymmetry or the edges do not say which instances they join.
 */
export function commonCaller(edges: readonly TraceEdgeDetail[]): string | null {
  if (edges.length < 2) return null;
  const callers = new Set(edges.map((d) => d.callerInstance));
  const callees = new Set(edges.map((d) => d.calleeInstance));
  if (callers.has(undefined) || callees.has(undefined) || callers.size !== 1 || callees.size < 2) return null;
  return [...callers][0] ?? null;
}

export function describeLatency(d: TraceEdgeDetail): string {
  const median =
    d.windowP50Ms !== undefined && d.baselineP50Ms !== undefined
      ? `, p50 ${Math.round(d.baselineP50Ms)}→${Math.round(d.windowP50Ms)} ms`
      : '';
  return `${d.caller}→${d.callee} p95 ${Math.round(d.baselineP95Ms)}→${Math.round(d.windowP95Ms)} ms${median}`;
}

export function describeErrors(d: TraceEdgeDetail): string {
  return `${d.caller}→${d.callee} errors ${(d.baselineErrorRate * 100).toFixed(1)}→${(d.windowErrorRate * 100).toFixed(1)}%`;
}

export function describeGap(d: TraceEdgeDetail): string {
  return `${Math.round(d.baselineGapP50Ms ?? 0)}→${Math.round(d.windowGapP50Ms ?? 0)} ms`;
}
