/**
 * The numbers behind the heuristic's judgements, in one place so reviewers can audit them.
 * Each is a rule of thumb an SRE would use on a dashboard, not a value fitted to cases.
 */
export const thresholds = {
  /** An edge's p95 latency must grow by this factor... */
  latencyRatio: 2,
  /** ...and by at least this many milliseconds, so fast calls jittering by 2 ms don't count. */
  latencyDeltaMs: 30,
  /** Caller-side overhead (network, queueing) grown this much on calls into a node is a delay there. */
  gapRatio: 3,
  gapDeltaMs: 20,
  /** An error rate this much above the baseline's (absolute) is a failing edge. */
  errorRateDelta: 0.05,
  /** ...and the failures must be unlikely (p <= 1 %) at the baseline's error rate... */
  errorSurprise: 2,
  /** ...taken as at least 1 % (a clean baseline of a few calls does not prove a zero rate). */
  minErrorRate: 0.01,
  /** Traffic (calls or requests per minute) up by this factor is a surge. */
  surgeRatio: 1.2,
  /** Calls to one dependency up this many times more than the node's own inbound traffic: the surge starts there. */
  sourceSurgeRatio: 2,
  /** ...on at least this many calls in the window. */
  minSurgeCalls: 20,
  /** Fewer calls than this in a period say nothing about its latency or error rate. */
  minCalls: 5,
  /** A failure event repeated this often (its cumulative count) began long before the incident. */
  chronicFailureCount: 10,
  /** A CPU or memory metric must grow this many times over to count as saturation. */
  saturationFold: 3,
  /** A robust z-score this large marks a metric as anomalous. */
  anomalyZ: 3,
  /** An error template this much more frequent than the service's traffic explains is surging. */
  templateRateRatio: 2,
  /** A statement logged at a third or less of the rate its service's own volume predicts has (nearly) stopped. */
  droppedRateRatio: 1 / 3,
  /** −log10 p from which a statement that stopped following its predecessor in a span counts (strict: mixes shift). */
  sequenceSurprise: 10,
  /** ...and the statement itself must run at most this share of its expected rate. */
  sequenceRateRatio: 0.6,
  /** −log10 p from which a template's change is more than chance. */
  templateSurprise: 3,
} as const;

/** Metric names are free text across exporters; these patterns group them by meaning. */
export const metricFamilies = {
  cpu: /cpu|throttl/i,
  memory: /mem|heap|rss|oom|working.?set/i,
  latency: /latency|duration|response.?time|p9[059]|rt\b/i,
  errors: /error|fail|5xx|success/i,
  traffic: /request|rps|qps|throughput|workload|calls|traffic/i,
  network: /network|net_|tcp|packet|retrans|rx|tx/i,
} as const;
export type MetricFamily = keyof typeof metricFamilies;

export function metricFamily(name: string): MetricFamily | null {
  for (const family of ['cpu', 'memory', 'latency', 'errors', 'traffic', 'network'] as const) {
    if (metricFamilies[family].test(name)) return family;
  }
  return null;
}
