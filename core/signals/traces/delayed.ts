import type { TraceEdgeDetail } from './detail.js';

/**
 * When the time a caller waits outside its callee's own spans (network, queueing, a proxy)
 * counts as a delay. An SRE's rule of thumb, not a fitted value: the median gap must triple
 * (a hop that took 2 ms now takes 6) and grow by at least 20 ms, so the jitter of fast hops
 * never counts. A delay that hits only some calls (a rate limit's queue fills in bursts, a
 * lossy link retransmits) leaves the median alone and shows in the tail: the 95th percentile
 * of the gap tripling and growing by at least 100 ms counts too. The tail of a healthy hop
 * already holds scheduler waits and collector pauses of tens of milliseconds, so its floor is
 * higher; Linux's smallest TCP retransmission timeout (200 ms) clears it twice over.
 */
export const delayThresholds = {
  /** Median caller-side gap in the window over the baseline's (a baseline under 1 ms counts as 1 ms). */
  gapRatio: 3,
  /** ...and grown by at least this many milliseconds. */
  gapDeltaMs: 20,
  /** The gap's 95th percentile, tripled (gapRatio) and grown by at least this many milliseconds. */
  tailGapDeltaMs: 100,
} as const;

/** How many times longer the median caller-side gap got (the baseline taken as at least 1 ms). */
function medianGapGrowth(d: TraceEdgeDetail): number {
  return (d.windowGapP50Ms ?? 0) / Math.max(d.baselineGapP50Ms ?? 0, 1);
}

/** How many times longer the 95th percentile of the gap got (the baseline taken as at least 1 ms). */
function tailGapGrowth(d: TraceEdgeDetail): number {
  return (d.windowGapP95Ms ?? 0) / Math.max(d.baselineGapP95Ms ?? 0, 1);
}

const isMedianDelay = (d: TraceEdgeDetail): boolean =>
  medianGapGrowth(d) >= delayThresholds.gapRatio && (d.windowGapP50Ms ?? 0) - (d.baselineGapP50Ms ?? 0) >= delayThresholds.gapDeltaMs;
const isTailDelay = (d: TraceEdgeDetail): boolean =>
  tailGapGrowth(d) >= delayThresholds.gapRatio && (d.windowGapP95Ms ?? 0) - (d.baselineGapP95Ms ?? 0) >= delayThresholds.tailGapDeltaMs;

/** Only the tail of the gap is delayed: some calls, not the typical one. */
export function isTailOnlyDelay(d: TraceEdgeDetail): boolean {
  return !isMedianDelay(d) && isTailDelay(d);
}

/** How many times longer the gap got, at the median or, where only the tail is delayed, at the tail. */
export function gapGrowth(d: TraceEdgeDetail): number {
  return isTailOnlyDelay(d) ? tailGapGrowth(d) : medianGapGrowth(d);
}

/**
 * The caller waits far longer than the callee works: time lost between them. Both periods
 * need calls, or there is nothing to compare; one call is enough, since a delay on a pod's
 * network adds its time to every call that touches the pod (docs/heuristic.md, "Network
 * delays"), and the ratio and the milliseconds together keep a fast hop's jitter out. The one
 * definition of a delayed edge: the store ranks evidence with it and the heuristic policy judges with it.
 */
export function isDelayedEdge(d: TraceEdgeDetail): boolean {
  return d.windowCalls > 0 && d.baselineCalls > 0 && (isMedianDelay(d) || isTailDelay(d));
}
