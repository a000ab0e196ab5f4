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

/**
 * How strongly each rule's match speaks: for the node being the origin (a cause) or for a
 * neighbour explaining it (an explainer); symptoms have none. What the numbers do, which is what
 * their order means: a standing cause of `thresholds.strongCause` (0.6) or more makes an Origin
 * beside any explanation; a weaker one must outweigh the best confirmed explanation, an
 * explainer's strength times its neighbour's own confidence. An Origin's confidence is
 * 1 − Π(1 − s) over its standing causes and a Symptom's its strongest explanation; the ranking
 * orders nodes by label and that confidence, so these numbers set the order of the causes.
 *
 * A curve is base + gain · s(x, scale), s(x, k) = x / (x + k) (rules/rule.ts `saturate`): the
 * base where x is 0, half the gain at x = scale, base + gain the ceiling it approaches. Each
 * entry names the commit that set it; none of those commits states a measurement of its number,
 * and own_latency's is the one a benchmark record ties to real cases. The change, failure_event,
 * status_names_callee and delaying_caller strengths have met no real case at all: no system of
 * the accuracy protocol makes those rules fire (docs/heuristic.md, "Rules the real cases do not
 * judge").
 */
export const strengths = {
  /**
   * change. One made within `changeLeadMs` of the onset, or whose surge is observed, is the first
   * suspect (deploys, reloads and flags act within minutes): 0.85, the strongest fixed strength,
   * over `strongCause` and every explainer; of single matches only a delay seen by several callers
   * and on both sides (from ×10) or a curve near its ceiling is stronger. An earlier change is
   * weaker (0.45: under `strongCause`, under a crash) and needs corroboration. A scale change that
   * adds capacity is at most 0.5, under `strongCause`: it relieves more often than it breaks (one
   * that removes capacity counts in full). 0.85 and 0.5 from the first rules (82902ac), 0.45 from
   * ec70a1b.
   */
  change: { recent: 0.85, earlier: 0.45, addsCapacity: 0.5 },
  /**
   * failure_event. The record that a container of the node was killed or crash-loops says that it
   * died, not why: load kills pods too (a crash after a confirmed surge is that load's), and a
   * loop on a node that otherwise serves normally is chronic noise. Just under `strongCause`, so a
   * crash alone gives way to a confirmed explanation of 0.55 or more (a failing callee held at
   * confidence 11/16 or more); under a recent change, over an earlier one. First rules (82902ac).
   */
  failureEvent: 0.55,
  /**
   * saturation: base + gain · s(log2(fold / saturationFold), scale), + nearCapacity when the use is
   * near its capacity, at most max. Saturation is magnitude, not unusualness (CPU going from 1 % to
   * 2 % saturates nothing), and a fold is a ratio: x counts doublings past the 3× fold, each alike.
   * scale 4: half the gain four doublings past it (×48 the baseline median). At the fold alone 0.2,
   * the lowest start of any cause but own_latency; near capacity, where CPU throttling and memory
   * pressure begin, adds 0.2 (0.4 with no fold at all), and it stands on its own from ×12 near
   * capacity, ×768 without. base + gain + nearCapacity is 1: the cap keeps it under 1, binding only
   * near capacity 44 doublings out, a bound rather than a level. ffa8200 (then from a 2× fold),
   * 82f3d7c.
   */
  saturation: { base: 0.2, gain: 0.6, scale: 4, nearCapacity: 0.2, max: 0.95 },
  /**
   * new_error_logs: base + gain · s(top surprise, scale), the surprise being −log10 p of the error
   * template's change against what the service's own traffic predicts (a new template without one
   * counts as templateSurprise: 0.44). scale 10: one chance in 10¹⁰ gives half the gain, exactly
   * `strongCause`; from there the node's new errors stand beside any explanation but a failing
   * dependency, which explains them away whatever their strength. Ceiling 0.9, over own_errors'
   * 0.8 and code_path's 0.85. 18f008a ("heuristic strengths from surprise", for a fixed 0.7).
   */
  newErrorLogs: { base: 0.3, gain: 0.6, scale: 10 },
  /**
   * code_path: base + gain · s(Σ surprise, scale), over the statements that stopped (a broken
   * sequence adds at most templateSurprise). Surprises add as the p-values of independent
   * statements multiply: scale 8 is the statements together one chance in 10⁸, half the gain. One
   * vanished statement at goneSurprise gives 0.37; it stands on its own from Σ ≈ 11. Base and
   * ceiling (0.85) sit 0.05 under new_error_logs': at equal surprise new errors rank first (the
   * history gives no reason for the 0.05). 18f008a (for a fixed 0.6).
   */
  codePath: { base: 0.25, gain: 0.6, scale: 8 },
  /**
   * fewer_calls: base + gain · s(1 / ratio − 1, scale), the ratio being the calls per request (or
   * the share of an operation's spans still making a call of its fixed path) against the
   * baseline's. 1 / ratio − 1 is the calls lost per call still made: ⅓ at the fanOutRatio floor
   * (0.425); scale 1, half the calls gone, gives half the gain (0.55); from ratio 0.4 it stands on
   * its own; ceiling 0.8. A path that makes no call at all has no finite 1 / ratio, so the ratio is
   * taken as at least minRatio (×100 fewer already gives 0.795). Base and gain are own_errors'.
   * 7c596ed, which measured the rule (OnlineBoutique f02 rank 5 → 1, no case worse), not the curve.
   */
  fewerCalls: { base: 0.3, gain: 0.5, scale: 1, minRatio: 0.01 },
  /**
   * own_errors: base + gain · s(worst error-rate increase, scale), x in points of errors over the
   * baseline's: 0.4 at the errorRateDelta floor (+5 points); scale 0.2: +20 points gives half the
   * gain (0.55), +30 points stands on its own; ceiling 0.8. 18f008a (for a fixed 0.55).
   */
  ownErrors: { base: 0.3, gain: 0.5, scale: 0.2 },
  /**
   * own_latency: base + gain · s(slowdown − latencyRatio, scale), the weakest cause: latency alone
   * names no fault (no resource, error or change to cite) and busy services slow down with load,
   * so it wins only where nothing more specific shows. Its ceiling, 0.5, is under `strongCause`:
   * it never stands beside a confirmed explanation that outweighs it. scale 5: half the gain at
   * ×7, five past the doubling that makes an edge slow. 3cc1ad9 lowered it from 0.2 + 0.5·s: one
   * of the changes BENCHMARKS.md lists from TrainTicket AC@1 71.9 % to 90.6 % (all 32 cases, before
   * the development/validation split), its own share not recorded.
   */
  ownLatency: { base: 0.15, gain: 0.35, scale: 5 },
  /**
   * network_delay: base + gain · s(gap growth, scale), + bothWays when my calls out are delayed
   * too, + severalCallers for two or more delayed callers, at most max. A delayed pod slows every
   * call that touches it, on both sides and for every caller (docs/heuristic.md, "Network
   * delays"): each bonus is one more of those predictions observed (92a0993). x is how many times
   * the caller-side gap grew (×3 to count: 0.44); scale 10: ×10 gives half the gain, exactly
   * `strongCause`; with both bonuses a delay stands on its own from ×3 (0.69). base + gain + both
   * bonuses is 1.15: the cap keeps it under 1. The egress reading (all my delayed calls out leave
   * my one instance for several callee instances) starts at egressBase with the same gain and
   * scale and no bonus (667c8d8, no reason given for 0.4).
   */
  networkDelay: { base: 0.3, gain: 0.6, scale: 10, bothWays: 0.15, severalCallers: 0.1, max: 0.97, egressBase: 0.4 },
  /**
   * traffic_source: base + gain · s(out/in − sourceSurgeRatio, scale), at most max. A surge that
   * starts here (a job, a retry loop, a client bug) is the node's own fault, never explained away;
   * x is how far the calls sent outgrow twice the node's own inbound growth: 0.45 at the
   * threshold, under `strongCause`; scale 2: ×4 gives half the gain (0.65); it stands on its own
   * from ×3.2. The ceiling base + gain is 0.85, so the cap 0.9 never binds. 7bfd562.
   */
  trafficSource: { base: 0.45, gain: 0.4, scale: 2, max: 0.9 },
  /**
   * failing_callee: my own calls to a callee fail more than chance allows: the callee's failure
   * measured where I meet it. With status_names_callee and delaying_caller the strongest
   * explanation: held at confidence c it outweighs my causes under 0.8·c (those under
   * `strongCause`), and the Symptom it makes is held at 0.8. First rules (82902ac).
   */
  failingCallee: 0.8,
  /**
   * status_names_callee: the caller's own span status names the callee: at least as telling as
   * its error rate (failing_callee). 66e6896.
   */
  statusNamesCallee: 0.8,
  /**
   * named_dependency: an error log of mine names a dependency (its name as a whole word): 0.1
   * under failing_callee and status_names_callee, which count the failing calls themselves.
   * d9395ca, no reason given for the 0.1.
   */
  namedDependency: 0.7,
  /**
   * slow_callee: a callee answers slowly, or my calls to it wait outside its spans. It explains
   * only latency, and own_latency (the one latency cause) never fires beside it, since it needs my
   * calls out neither slow nor delayed: this number only weighs in the confidence of the Symptom
   * it makes, with named_dependency's the weakest explainer. First rules (82902ac).
   */
  slowCallee: 0.7,
  /**
   * upstream_surge: a caller sends more traffic. It explains only load-sized causes, in proportion
   * (`surgeAmplification`) and once the caller is confirmed; between the slow and the failing
   * callee. First rules (82902ac).
   */
  upstreamSurge: 0.75,
  /**
   * delaying_caller: every delayed call into me comes from one caller instance into several of
   * mine: that instance is the one thing they share, the same weight as a failing callee. 667c8d8.
   */
  delayingCaller: 0.8,
} as const;
