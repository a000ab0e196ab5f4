/**
 * Ranking of evidence, higher first (issue: alerts, failure events, changes, metric
 * anomalies by |z|, notable log templates, trace error/latency edges, then the rest).
 * Each tier leaves room below the next for its own ordering term.
 */
export const TIER = {
  alert: 1000,
  failureEvent: 900,
  change: 800,
  metricAnomaly: 600,
  notableTemplate: 500,
  notableEdge: 400,
  template: 200,
  edge: 190,
  metricSeries: 180,
} as const;

/** Maps an unbounded strength (|z|, a surprise) into [0, 99] so it cannot cross tiers. */
export function within(strength: number): number {
  const s = Math.max(0, Number.isFinite(strength) ? strength : 0);
  return (99 * s) / (s + 10);
}
