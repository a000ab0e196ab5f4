import type { TraceEdgeDetail } from '../../../signals/index.js';
import { binomialUpperTailSurprise, isTailOnlyDelay } from '../../../signals/index.js';
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

/**
 * The caller's own error statuses attribute its failures to this callee ("HTTP 500 from X",
 * "call to X failed") more than the baseline's did, as a failing edge is judged: at least a
 * handful, the rate up by the failing-edge margin, and unlikely at the baseline's rate.
 */
export function attributedErrors(d: TraceEdgeDetail): { count: number; example: string } | null {
  const count = (d.attributedTo ?? []).reduce((s, a) => s + a.count, 0);
  const baseline = (d.attributedTo ?? []).reduce((s, a) => s + a.baselineCount, 0);
  if (count < thresholds.minAttributedErrors) return null;
  const calls = Math.max(d.windowCalls, count);
  const baselineRate = d.baselineCalls >= thresholds.minCalls ? Math.min(1, baseline / d.baselineCalls) : 0;
  if (count / calls - baselineRate < thresholds.errorRateDelta) return null;
  const p0 = Math.max(baselineRate, thresholds.minErrorRate);
  if (binomialUpperTailSurprise(count, calls, p0) < thresholds.errorSurprise) return null;
  return { count, example: d.attributedTo?.[0]?.example ?? '' };
}

/** Calls per minute up by the surge ratio or more: the ratio; null otherwise. */
export function surgeRatio(d: Pick<TraceEdgeDetail, 'callRateRatio'>): number | null {
  return d.callRateRatio != null && d.callRateRatio >= thresholds.surgeRatio ? d.callRateRatio : null;
}

/** The calls between the node and one neighbour, over every instance pair that carries them. */
export interface NeighbourTraffic<E> {
  neighbour: string;
  edges: E[];
  windowCalls: number;
  baselineCalls: number;
  /** Calls per minute in the window over the baseline's, for all pairs together; null without baseline calls. */
  callRateRatio: number | null;
}

/**
 * The node's traffic with each neighbour service, its instance pairs summed. A load balancer
 * deals calls among pods as it likes, so one pod pair sending ×1.4 while the other sends ×0.8
 * is the same traffic dealt differently: only the sum says whether a caller sends more. Pairs
 * that are new in the window count with their calls. Ordered by neighbour id.
 */
export function trafficByNeighbour<E extends { detail: TraceEdgeDetail }>(
  edges: readonly E[],
  side: 'caller' | 'callee',
): Array<NeighbourTraffic<E>> {
  const groups = new Map<string, E[]>();
  for (const e of edges) {
    const group = groups.get(e.detail[side]);
    if (group) group.push(e);
    else groups.set(e.detail[side], [e]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([neighbour, group]) => {
      const windowCalls = group.reduce((n, e) => n + e.detail.windowCalls, 0);
      const baselineCalls = group.reduce((n, e) => n + e.detail.baselineCalls, 0);
      // Every pair shares the window and baseline lengths: the pair with the most calls gives their proportion.
      const ref = group
        .map((e) => e.detail)
        .filter((d) => d.callRateRatio != null && d.windowCalls > 0 && d.baselineCalls > 0)
        .sort((a, b) => b.windowCalls - a.windowCalls)[0];
      const perCall = ref ? ((ref.callRateRatio ?? 0) * ref.baselineCalls) / ref.windowCalls : null;
      const callRateRatio =
        group.length === 1
          ? (group[0]?.detail.callRateRatio ?? null)
          : perCall === null || baselineCalls === 0
            ? null
            : Math.round(((perCall * windowCalls) / baselineCalls) * 1000) / 1000;
      return { neighbour, edges: group, windowCalls, baselineCalls, callRateRatio };
    });
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
  if (isTailOnlyDelay(d)) return `p95 ${Math.round(d.baselineGapP95Ms ?? 0)}→${Math.round(d.windowGapP95Ms ?? 0)} ms`;
  return `${Math.round(d.baselineGapP50Ms ?? 0)}→${Math.round(d.windowGapP50Ms ?? 0)} ms`;
}

/** Growth of the median caller-side gap, in ms. */
export function gapDeltaMs(d: TraceEdgeDetail): number {
  return (d.windowGapP50Ms ?? 0) - (d.baselineGapP50Ms ?? 0);
}
