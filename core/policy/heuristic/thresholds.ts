import { CHRONIC_FAILURE_COUNT, delayThresholds, fanOutThresholds, stoppedThresholds } from '../../signals/index.js';

/**
 * The numbers behind the heuristic's judgements, in one place so reviewers can audit them.
 * Each is a rule of thumb an SRE would state on a dashboard, not a value fitted to cases; the
 * comment says why the value. docs/heuristic.md lists them next to the rule table.
 */
export const thresholds = {
  /** An edge's p95 (or median) latency must double — a slowdown a user notices... */
  latencyRatio: 2,
  /** ...and grow by at least 30 ms, so fast calls jittering by 2 ms don't count. */
  latencyDeltaMs: 30,
  /**
   * Caller-side gap (network, queueing) tripled on calls into a node: a delay there. Kept with
   * the predicate in core/signals/traces/delayed.ts, which the evidence store ranks with too.
   */
  gapRatio: delayThresholds.gapRatio,
  /** ...and grown by at least 20 ms (the jitter of a fast hop is not a delay). */
  gapDeltaMs: delayThresholds.gapDeltaMs,
  /**
   * ...or, under client spans, the gap's 95th percentile tripled and grew by at least 100 ms: a
   * rate limit's queue or a lossy link's retransmits delay some calls, not the typical one. A
   * healthy hop's tail holds scheduler waits and GC pauses of tens of ms; Linux's smallest TCP
   * retransmission timeout is 200 ms.
   */
  tailGapDeltaMs: delayThresholds.tailGapDeltaMs,
  /** An error rate 5 points above the baseline's is a failing edge (below that is retry noise)... */
  errorRateDelta: 0.05,
  /** ...and the failures must be unlikely (−log10 p ≥ 2, p ≤ 1 %) at the baseline's error rate... */
  errorSurprise: 2,
  /** ...taken as at least 1 % (a clean baseline of a few calls does not prove a zero rate). */
  minErrorRate: 0.01,
  /** Traffic (calls per minute) up 20 % is a surge: what a capacity alert would page on. */
  surgeRatio: 1.2,
  /** Calls to one dependency up twice as much as the node's own inbound traffic: the surge starts there. */
  sourceSurgeRatio: 2,
  /** ...on at least 20 calls in the window (a ratio of a handful of calls is noise). */
  minSurgeCalls: 20,
  /** Fewer than 5 calls in a period say nothing about its latency or error rate. */
  minCalls: 5,
  /** ...and fewer than 5 error statuses naming a callee say nothing about it either. */
  minAttributedErrors: 5,
  /** A failure event repeated 10 times (its cumulative count) began long before the incident. */
  chronicFailureCount: CHRONIC_FAILURE_COUNT,
  /** A CPU or memory metric must triple to count as saturation: doubling is ordinary load variation. */
  saturationFold: 3,
  /**
   * A share of a capacity (a fraction or a percentage, as its unit says) at 80 % or more is near
   * capacity, whatever its baseline. At half its capacity a container still has half of it free;
   * CPU throttling and memory pressure begin near the limit. (The percentage's floor was 50: on
   * the development parts it fired on a busy service at 52 % beside a network delay, while every
   * injected CPU fault reached 77–100 %.)
   */
  nearCapacityRatio: 0.8,
  /** A robust z-score of 3 (three MADs) marks a metric as anomalous: the usual control-chart limit. */
  anomalyZ: 3,
  /** An error template twice as frequent as the service's traffic explains is surging. */
  templateRateRatio: 2,
  /** A statement logged at a third or less of the rate its service's own volume predicts has (nearly) stopped. */
  droppedRateRatio: 1 / 3,
  /** −log10 p from which a template's change is more than chance (p ≤ 10⁻³: many templates are compared). */
  templateSurprise: 3,
  /** −log10 p from which a statement that vanished counts (p ≤ 1 %: a vanished line is already rare). */
  goneSurprise: 2,
  /**
   * A statement that vanished because the operation it ran in stopped arriving (none of that
   * operation's spans in the window) tells of the requests, not of a code path: only
   * operations seen at least this often in the baseline count, so a name unique to one
   * request (a path with an id in it) is not read as an operation that stopped.
   */
  operationMinSpans: 5,
  /** −log10 p from which a statement that stopped following its predecessor in a span counts (strict: mixes shift). */
  sequenceSurprise: 10,
  /** ...and the statement itself must run at most 0.6× its expected rate. */
  sequenceRateRatio: 0.6,
  /**
   * Calls made per request served at ¾ of the baseline's or fewer: a code path stopped (the
   * request mix of a running system drifts slowly). Kept with the predicate in
   * core/signals/traces/fan-out.ts, which the evidence store ranks with too.
   */
  fanOutRatio: fanOutThresholds.ratio,
  /** ...significant at −log10 p ≥ 10 (calls within one request come together, which the Poisson test ignores)... */
  fanOutSurprise: fanOutThresholds.surprise,
  /** ...on at least 20 requests served in each period. */
  fanOutMinServed: fanOutThresholds.minServed,
  /**
   * Or one operation stops part-way: a call its spans made once in 95 % or more of the baseline
   * spans is on its fixed path (set by its code, not by the request mix)... Kept with the
   * predicate in core/signals/traces/fan-out.ts.
   */
  stoppedMinShare: stoppedThresholds.minShare,
  /** ...and is made in ¾ or less of the window spans that share predicts (the fan-out ratio)... */
  stoppedRatio: stoppedThresholds.ratio,
  /** ...at −log10 p ≥ 5 (a few hundred operation–call pairs are compared; the mix does not move them)... */
  stoppedSurprise: stoppedThresholds.surprise,
  /** ...on at least 8 baseline and 5 window spans of the operation, while another call of its path is still made. */
  stoppedMinSpans: stoppedThresholds.minBaselineSpans,
  /** Names shorter than 3 characters ("db", "ui") would match inside any message. */
  minNameLength: 3,
  /**
   * A deploy rolls out, a config reloads and a flag flips within minutes: a change made more than
   * 5 minutes before the symptoms began, with the service normal meanwhile, is a weaker suspect.
   */
  changeLeadMs: 5 * 60_000,
  /** A cause this strong (0.6) stands on its own even when a neighbour also looks guilty. */
  strongCause: 0.6,
  /** A resource may grow twice as much as the extra traffic and still be the traffic's doing (×1.3 calls explains memory ×2.6, not CPU ×40). */
  surgeAmplification: 2,
  /** An explanation by a neighbour not yet evaluated is worth 0.6 of a confirmed one. */
  unconfirmedExplanation: 0.6,
} as const;

/** The confidence of verdicts that have no cause to combine: fixed, stated values. */
export const verdictConfidence = {
  /** Degraded without a recognisable cause: the least committal verdict. */
  defer: 0.3,
  /** Nothing abnormal in evidence that was there to look at... */
  healthy: 0.7,
  /** ...or nothing to look at at all. */
  healthyWithoutEvidence: 0.5,
  /** A Symptom is never certain: the explaining neighbour may still be revised. */
  maxSymptom: 0.95,
} as const;
