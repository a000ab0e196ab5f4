import type { EvidenceDetail } from '../../model/evidence.js';
import type { ContextPacket } from '../../model/packet.js';
import { binomialUpperTailSurprise } from '../../signals/index.js';
import { isType, saturate, type Finding, type Of } from './finding.js';
import { thresholds } from './thresholds.js';

/** Percentiles and error rates of a handful of calls are noise, not evidence. */
function hasSample(d: Extract<EvidenceDetail, { type: 'trace_edge' }>): boolean {
  return d.windowCalls >= thresholds.minCalls && d.baselineCalls >= thresholds.minCalls;
}

/** The tail or the typical call got markedly slower (the median resists a contaminated baseline). */
export function isSlowEdge(d: Extract<EvidenceDetail, { type: 'trace_edge' }>): boolean {
  const grew = (w: number, b: number): boolean => w >= b * thresholds.latencyRatio && w - b >= thresholds.latencyDeltaMs;
  return (
    hasSample(d) &&
    (grew(d.windowP95Ms, d.baselineP95Ms) ||
      (d.windowP50Ms !== undefined && d.baselineP50Ms !== undefined && grew(d.windowP50Ms, d.baselineP50Ms)))
  );
}

/** How many times slower calls got: the larger of the tail and median ratios. */
export function slowdown(d: Extract<EvidenceDetail, { type: 'trace_edge' }>): number {
  const p95 = d.windowP95Ms / Math.max(d.baselineP95Ms, 1);
  const p50 = d.windowP50Ms !== undefined && d.baselineP50Ms !== undefined ? d.windowP50Ms / Math.max(d.baselineP50Ms, 1) : 0;
  return Math.max(p95, p50);
}

/**
 * More failures than the baseline rate makes likely: 6 of 9 calls failing where half failed
 * before is chance, 30 of 100 where none did is not. Without a usable baseline the edge is
 * assumed to have been (nearly) healthy.
 */
export function isFailingEdge(d: Extract<EvidenceDetail, { type: 'trace_edge' }>): boolean {
  if (d.windowCalls < thresholds.minCalls || d.windowErrorRate - d.baselineErrorRate < thresholds.errorRateDelta) return false;
  const p0 = d.baselineCalls >= thresholds.minCalls ? Math.max(d.baselineErrorRate, thresholds.minErrorRate) : thresholds.minErrorRate;
  const failures = Math.round(d.windowErrorRate * d.windowCalls);
  return binomialUpperTailSurprise(failures, d.windowCalls, p0) >= thresholds.errorSurprise;
}

/** The caller waits far longer than the callee works: time lost between them. */
export function isDelayedEdge(d: Extract<EvidenceDetail, { type: 'trace_edge' }>): boolean {
  const w = d.windowGapP50Ms ?? 0;
  const b = d.baselineGapP50Ms ?? 0;
  return d.windowCalls > 0 && d.baselineCalls > 0 && w >= Math.max(b, 1) * thresholds.gapRatio && w - b >= thresholds.gapDeltaMs;
}

export function surgeRatio(d: Extract<EvidenceDetail, { type: 'trace_edge' }>): number | null {
  return d.callRateRatio != null && d.callRateRatio >= thresholds.surgeRatio ? d.callRateRatio : null;
}

/** Findings from the trace edges into and out of the node. */
export function edgeFindings(packet: ContextPacket): Finding[] {
  const me = packet.node;
  const edges = packet.evidence.filter(isType('trace_edge'));
  const out: Finding[] = [];
  const inbound = edges.filter((e) => e.detail.callee === me && e.detail.caller !== me);
  const outbound = edges.filter((e) => e.detail.caller === me && e.detail.callee !== me);
  const slowIn = inbound.filter((e) => isSlowEdge(e.detail));
  const failingIn = inbound.filter((e) => isFailingEdge(e.detail));
  const slowOut = outbound.filter((e) => isSlowEdge(e.detail));
  const failingOut = outbound.filter((e) => isFailingEdge(e.detail));
  if (slowIn.length)
    out.push({
      role: 'symptom',
      rule: 'served_latency',
      evidence: slowIn.map((e) => e.id),
      text: `calls to me are slower (${slowIn.map((e) => describeLatency(e.detail)).join('; ')})`,
    });
  if (failingIn.length)
    out.push({
      role: 'symptom',
      rule: 'served_errors',
      evidence: failingIn.map((e) => e.id),
      text: `calls to me fail more often (${failingIn.map((e) => describeErrors(e.detail)).join('; ')})`,
    });
  for (const e of failingOut)
    out.push({
      role: 'explainer',
      rule: 'failing_callee',
      neighbour: e.detail.callee,
      evidence: [e.id],
      strength: 0.8,
      text: `my calls to ${e.detail.callee} fail (${describeErrors(e.detail)})`,
    });
  for (const e of slowOut)
    out.push({
      role: 'explainer',
      rule: 'slow_callee',
      neighbour: e.detail.callee,
      evidence: [e.id],
      strength: 0.7,
      text: `my calls to ${e.detail.callee} are slower (${describeLatency(e.detail)})`,
    });
  // Time lost between me and a callee (its own spans unchanged): the delay is on its side or the
  // link — unless the delayed calls share my instance but reach several of theirs, which makes
  // my instance the one thing they have in common.
  const delayedOutAll = outbound.filter((e) => isDelayedEdge(e.detail) && !slowOut.includes(e));
  const egress = commonCaller(delayedOutAll);
  const delayedOut = egress ? [] : delayedOutAll;
  for (const e of delayedOut)
    out.push({
      role: 'explainer',
      rule: 'slow_callee',
      neighbour: e.detail.callee,
      evidence: [e.id],
      strength: 0.7,
      text: `my calls to ${e.detail.callee} wait ${Math.round(e.detail.baselineGapP50Ms ?? 0)}→${Math.round(e.detail.windowGapP50Ms ?? 0)} ms outside its own spans`,
    });
  for (const e of inbound) {
    const ratio = surgeRatio(e.detail);
    if (ratio !== null)
      out.push({
        role: 'explainer',
        rule: 'upstream_surge',
        neighbour: e.detail.caller,
        evidence: [e.id],
        strength: 0.75,
        ratio,
        text: `traffic from ${e.detail.caller} up ×${ratio.toFixed(2)}`,
      });
  }
  // Slow or failing to my callers while everything I call is fine: the fault is in me.
  if (failingIn.length && !failingOut.length) {
    const worst = Math.max(...failingIn.map((e) => e.detail.windowErrorRate - e.detail.baselineErrorRate));
    out.push({
      role: 'cause',
      rule: 'own_errors',
      evidence: failingIn.map((e) => e.id),
      strength: 0.3 + 0.5 * saturate(worst, 0.2),
      text: `I fail requests (+${Math.round(worst * 100)} points of errors) while my own calls succeed`,
      explainedBy: 'callee',
    });
  }
  // Latency alone names no fault (no resource, error or change to cite) and busy services slow
  // down with load, so it is the weakest cause: it wins only where nothing more specific shows.
  if (slowIn.length && !slowOut.length && !failingOut.length && !delayedOut.length) {
    const worst = Math.max(...slowIn.map((e) => slowdown(e.detail)));
    out.push({
      role: 'cause',
      rule: 'own_latency',
      evidence: slowIn.map((e) => e.id),
      magnitude: worst,
      strength: 0.15 + 0.35 * saturate(worst - thresholds.latencyRatio, 5),
      text: `I answer ×${worst.toFixed(1)} slower while my own calls are not slower`,
      explainedBy: 'surge',
    });
  }
  const delayedIn = inbound.filter((e) => isDelayedEdge(e.detail));
  // Delayed calls from one caller instance into several of mine: the delay travels with the caller.
  const followsCaller = commonCaller(delayedIn);
  if (followsCaller) {
    const caller = delayedIn[0]?.detail.caller ?? '';
    out.push({
      role: 'explainer',
      rule: 'delaying_caller',
      neighbour: caller,
      evidence: delayedIn.map((e) => e.id),
      strength: 0.8,
      text: `only calls from one instance of ${caller} are delayed, into ${new Set(delayedIn.map((e) => e.detail.calleeInstance)).size} of my instances: the delay is on its side`,
    });
  }
  if (egress) {
    const worst = Math.max(...delayedOutAll.map((e) => (e.detail.windowGapP50Ms ?? 0) / Math.max(e.detail.baselineGapP50Ms ?? 0, 1)));
    out.push({
      role: 'cause',
      rule: 'network_delay',
      evidence: delayedOutAll.map((e) => e.id),
      strength: Math.min(0.97, 0.4 + 0.6 * saturate(worst, 10)),
      text: `my calls out from ${egress} wait ×${worst.toFixed(0)} longer outside the callees' spans, to ${new Set(delayedOutAll.map((e) => e.detail.calleeInstance)).size} different instances: the delay is on my side`,
      explainedBy: null,
    });
  }
  out.push(...trafficSource(inbound, outbound));
  const delayed = followsCaller ? [] : delayedIn;
  if (delayed.length > 0) {
    const worst = Math.max(...delayed.map((e) => (e.detail.windowGapP50Ms ?? 0) / Math.max(e.detail.baselineGapP50Ms ?? 0, 1)));
    // A delay on my side slows every call that touches me: callers' calls in and mine out.
    const both = delayedOut.length > 0 ? 0.15 : 0;
    const several = delayed.length >= 2 ? 0.1 : 0;
    const strength = Math.min(0.97, 0.3 + 0.6 * saturate(worst, 10) + both + several);
    out.push({
      role: 'cause',
      rule: 'network_delay',
      evidence: [...delayed, ...delayedOut].map((e) => e.id),
      strength,
      text: `calls into me spend ×${worst.toFixed(0)} longer outside my own spans (network or queueing delay on my side)${delayedOut.length ? ', and so do my own calls out' : ''}: ${delayed.map((e) => `${e.detail.caller} ${Math.round(e.detail.baselineGapP50Ms ?? 0)}→${Math.round(e.detail.windowGapP50Ms ?? 0)} ms`).join('; ')}`,
      explainedBy: null,
    });
  }
  return out;
}

/**
 * A surge that starts here: I send far more calls to one dependency while the traffic I receive
 * did not grow in proportion and my other calls stay level — a job, a retry loop or a client
 * bug in me, not load passing through. Entry points (no callers in the evidence) are left out:
 * their traffic is their users' to change.
 */
function trafficSource(inbound: ReadonlyArray<Of<'trace_edge'>>, outbound: ReadonlyArray<Of<'trace_edge'>>): Finding[] {
  const ratio = (e: Of<'trace_edge'>): number => e.detail.callRateRatio ?? 0;
  const received = inbound.filter((e) => e.detail.callRateRatio != null && e.detail.baselineCalls >= thresholds.minCalls);
  if (received.length === 0) return [];
  const inRatio = Math.max(1, ...received.map(ratio));
  // Rates of a handful of calls are noise: both periods need a real sample.
  const surging = outbound.filter(
    (e) =>
      e.detail.baselineCalls >= thresholds.minCalls &&
      e.detail.windowCalls >= thresholds.minSurgeCalls &&
      ratio(e) >= Math.max(thresholds.sourceSurgeRatio, thresholds.sourceSurgeRatio * inRatio),
  );
  const level = outbound.filter(
    (e) => e.detail.callRateRatio != null && e.detail.baselineCalls >= thresholds.minCalls && ratio(e) < thresholds.surgeRatio,
  );
  if (surging.length === 0 || level.length === 0) return [];
  const worst = Math.max(...surging.map(ratio));
  const callees = [...new Set(surging.map((e) => e.detail.callee))];
  return [
    {
      role: 'cause',
      rule: 'traffic_source',
      evidence: surging.map((e) => e.id),
      strength: Math.min(0.9, 0.45 + 0.4 * saturate(worst / inRatio - thresholds.sourceSurgeRatio, 2)),
      text: `I send ×${worst.toFixed(1)} more calls to ${callees.join(', ')} while what I receive grew at most ×${inRatio.toFixed(1)} and my other calls stay level: the extra load starts here`,
      explainedBy: null,
    },
  ];
}

/**
 * The caller instance (pod) of every edge, when the calls reach at least two distinct callee
 * instances: the common factor of a delay seen on all of them. Null when there is no such
 * asymmetry or the edges do not say which instances they join.
 */
function commonCaller(edges: ReadonlyArray<Of<'trace_edge'>>): string | null {
  if (edges.length < 2) return null;
  const callers = new Set(edges.map((e) => e.detail.callerInstance));
  const callees = new Set(edges.map((e) => e.detail.calleeInstance));
  if (callers.has(undefined) || callees.has(undefined) || callers.size !== 1 || callees.size < 2) return null;
  return [...callers][0] ?? null;
}

function describeLatency(d: Extract<EvidenceDetail, { type: 'trace_edge' }>): string {
  const median =
    d.windowP50Ms !== undefined && d.baselineP50Ms !== undefined
      ? `, p50 ${Math.round(d.baselineP50Ms)}→${Math.round(d.windowP50Ms)} ms`
      : '';
  return `${d.caller}→${d.callee} p95 ${Math.round(d.baselineP95Ms)}→${Math.round(d.windowP95Ms)} ms${median}`;
}

function describeErrors(d: Extract<EvidenceDetail, { type: 'trace_edge' }>): string {
  return `${d.caller}→${d.callee} errors ${(d.baselineErrorRate * 100).toFixed(1)}→${(d.windowErrorRate * 100).toFixed(1)}%`;
}
