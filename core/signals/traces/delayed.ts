import type { TraceEdgeDetail } from './detail.js';

/**
 * When the time a caller waits outside its callee's own spans (network, queueing, a proxy)
 * counts as a delay. An SRE's rule of thumb, not a fitted value: the median gap must triple
 * (a hop that took 2 ms now takes 6) and grow by at least 20 ms, so the jitter of fast hops
 * never counts.
 */
export const delayThresholds = {
  /** Median caller-side gap in the window over the baseline's (a baseline under 1 ms counts as 1 ms). */
  gapRatio: 3,
  /** ...and grown by at least this many milliseconds. */
  gapDeltaMs: 20,
  /** Calls each period needs: a median of three is two calls that agree; of one or two, their luck, not the link's. */
  minCalls: 3,
} as const;

/** How many times longer the median caller-side gap got (the baseline taken as at least 1 ms). */
export function gapGrowth(d: TraceEdgeDetail): number {
  return (d.windowGapP50Ms ?? 0) / Math.max(d.baselineGapP50Ms ?? 0, 1);
}

/**
 * The caller waits far longer than the callee works: time lost between them. Both periods
 * need three calls or more, or there is nothing to compare. The one definition of a delayed edge: the
 * store ranks evidence with it and the heuristic policy judges with it.
 */
export function isDelayedEdge(d: TraceEdgeDetail): boolean {
  const w = d.windowGapP50Ms ?? 0;
  const b = d.baselineGapP50Ms ?? 0;
  return (
    d.windowCalls >= delayThresholds.minCalls &&
    d.baselineCalls >= delayThresholds.minCalls &&
    gapGrowth(d) >= delayThresholds.gapRatio &&
    w - b >= delayThresholds.gapDeltaMs
  );
}

/**
 * What the caller's other calls add to each call to `d`'s callee, grown since the baseline: the
 * gap is parent span minus child span, so a caller that waits longer on its other calls in the
 * same request (slower, or made more often) shows a longer gap to every callee. Per call to the
 * callee: Σ over other callees of (their calls ÷ the callee's calls) × their duration (the larger
 * of median and p95). `outbound`: the caller's calls; `isSameCallee`: whether one reaches `d`'s
 * callee (another instance of it is not a sibling: a request calls one of them).
 */
export function siblingGrowthMs(
  d: TraceEdgeDetail,
  outbound: readonly TraceEdgeDetail[],
  isSameCallee: (o: TraceEdgeDetail) => boolean = (o) => o.callee === d.callee,
): number {
  const perCall = (period: 'window' | 'baseline'): number => {
    // Per call to the callee: how long my other calls take (their tail, see `duration`).
    const own = outbound.filter(isSameCallee).reduce((a, o) => a + calls(o, period), 0);
    if (own <= 0) return 0;
    return outbound.filter((o) => !isSameCallee(o)).reduce((a, o) => a + (calls(o, period) / own) * duration(o, period), 0);
  };
  return perCall('window') - perCall('baseline');
}

const calls = (d: TraceEdgeDetail, period: 'window' | 'baseline'): number => (period === 'window' ? d.windowCalls : d.baselineCalls);
/** The larger of a call's median and tail: the median gap of my calls includes the requests whose other calls hit their tail. */
const duration = (d: TraceEdgeDetail, period: 'window' | 'baseline'): number =>
  period === 'window' ? Math.max(d.windowP50Ms ?? 0, d.windowP95Ms) : Math.max(d.baselineP50Ms ?? 0, d.baselineP95Ms);

/**
 * Whether the gap of a delayed edge grew by more than the caller's wait on its other calls:
 * the larger of `callerSiblingGrowthMs` (measured when the signal was derived, over all of the
 * caller instance's calls) and `siblingGrowthMs` over the calls at hand (the caller's side of a
 * packet, every instance of it pooled). Only then is the time lost between the two.
 */
export function outgrowsSiblings(d: TraceEdgeDetail, outbound: readonly TraceEdgeDetail[] = []): boolean {
  const siblings = Math.max(d.callerSiblingGrowthMs ?? Number.NEGATIVE_INFINITY, siblingGrowthMs(d, outbound));
  return (d.windowGapP50Ms ?? 0) - (d.baselineGapP50Ms ?? 0) > siblings;
}
