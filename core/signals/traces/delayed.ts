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
} as const;

/** How many times longer the median caller-side gap got (the baseline taken as at least 1 ms). */
export function gapGrowth(d: TraceEdgeDetail): number {
  return (d.windowGapP50Ms ?? 0) / Math.max(d.baselineGapP50Ms ?? 0, 1);
}

/**
 * The caller waits far longer than the callee works: time lost between them. Both periods
 * need calls, or there is nothing to compare; one call is enough, since a delay on a pod's
 * network adds its time to every call that touches the pod (docs/heuristic.md, "Network
 * delays"), and the ratio and the milliseconds together keep a fast hop's jitter out. The one
 * definition of a delayed edge: the store ranks evidence with it and the heuristic policy judges with it.
 */
export function isDelayedEdge(d: TraceEdgeDetail): boolean {
  const w = d.windowGapP50Ms ?? 0;
  const b = d.baselineGapP50Ms ?? 0;
  return d.windowCalls > 0 && d.baselineCalls > 0 && gapGrowth(d) >= delayThresholds.gapRatio && w - b >= delayThresholds.gapDeltaMs;
}
