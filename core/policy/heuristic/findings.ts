import type { EvidenceDetail, EvidenceItem } from '../../model/evidence.js';
import type { ContextPacket } from '../../model/packet.js';
import { binomialUpperTailSurprise } from '../../signals/index.js';
import { metricFamily, thresholds } from './thresholds.js';

/**
 * What one rule saw in the packet. `cause` findings can make the node an Origin; `symptom`
 * findings say it is degraded; `explainer` findings name a neighbour that may explain it.
 */
export type Finding =
  | { role: 'cause'; rule: CauseRule; evidence: string[]; strength: number; text: string; explainedBy: ExplainedBy; magnitude?: number }
  | { role: 'symptom'; rule: SymptomRule; evidence: string[]; text: string }
  | { role: 'explainer'; rule: ExplainerRule; neighbour: string; evidence: string[]; strength: number; text: string; ratio?: number };

export type CauseRule = 'change' | 'failure_event' | 'saturation' | 'new_error_logs' | 'code_path' | 'own_latency' | 'own_errors' | 'network_delay';
export type SymptomRule = 'alert' | 'served_latency' | 'served_errors' | 'metric';
export type ExplainerRule = 'failing_callee' | 'slow_callee' | 'upstream_surge' | 'named_dependency' | 'delaying_caller';
/**
 * What can explain a cause away: `surge` — saturation that follows extra traffic from a caller
 * that is itself part of the incident; `callee` — error logs and changed code paths in a node
 * whose own calls fail (the errors are about the dependency); null — nothing (a change is a
 * cause in its own right).
 */
export type ExplainedBy = 'surge' | 'callee' | null;

type Of<T extends EvidenceDetail['type']> = EvidenceItem & { detail: Extract<EvidenceDetail, { type: T }> };
const isType = <T extends EvidenceDetail['type']>(type: T) => (e: EvidenceItem): e is Of<T> => e.detail.type === type;

/** Percentiles and error rates of a handful of calls are noise, not evidence. */
function hasSample(d: Extract<EvidenceDetail, { type: 'trace_edge' }>): boolean {
  return d.windowCalls >= thresholds.minCalls && d.baselineCalls >= thresholds.minCalls;
}

/** The tail or the typical call got markedly slower (the median resists a contaminated baseline). */
export function isSlowEdge(d: Extract<EvidenceDetail, { type: 'trace_edge' }>): boolean {
  const grew = (w: number, b: number): boolean => w >= b * thresholds.latencyRatio && w - b >= thresholds.latencyDeltaMs;
  return hasSample(d) && (grew(d.windowP95Ms, d.baselineP95Ms) || (d.windowP50Ms !== undefined && d.baselineP50Ms !== undefined && grew(d.windowP50Ms, d.baselineP50Ms)));
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

/** Runs every rule over the packet's evidence. Deterministic: evidence order is the packet's. */
export function collectFindings(packet: ContextPacket): Finding[] {
  const onsetEnd = packet.incidentTime ?? packet.window.end;
  const ev = packet.evidence;
  const findings: Finding[] = [];

  for (const e of ev.filter(isType('alert'))) findings.push({ role: 'symptom', rule: 'alert', evidence: [e.id], text: `alert ${e.detail.name} (${e.detail.severity}) fired` });

  for (const e of ev.filter(isType('change'))) {
    if (e.time > onsetEnd) continue;
    findings.push({ role: 'cause', rule: 'change', evidence: [e.id], strength: e.detail.changeKind === 'scale' ? 0.5 : 0.85, text: `${e.detail.changeKind} change before the incident: ${e.summary}`, explainedBy: null });
  }
  for (const e of ev.filter(isType('event'))) {
    if (!e.detail.isFailure) continue;
    findings.push({ role: 'cause', rule: 'failure_event', evidence: [e.id], strength: 0.55, text: `failure event ${e.detail.reason}`, explainedBy: 'surge' });
  }
  findings.push(...metricFindings(ev.filter(isType('metric_anomaly'))));
  const templates = ev.filter(isType('log_template'));
  findings.push(...logFindings(templates, dependencyNames(packet)));
  findings.push(...namedDependencies(packet, templates, ev.filter(isType('log'))));
  findings.push(...edgeFindings(packet));
  return findings;
}

function edgeFindings(packet: ContextPacket): Finding[] {
  const me = packet.node;
  const edges = packet.evidence.filter(isType('trace_edge'));
  const out: Finding[] = [];
  const inbound = edges.filter((e) => e.detail.callee === me && e.detail.caller !== me);
  const outbound = edges.filter((e) => e.detail.caller === me && e.detail.callee !== me);
  const slowIn = inbound.filter((e) => isSlowEdge(e.detail));
  const failingIn = inbound.filter((e) => isFailingEdge(e.detail));
  const slowOut = outbound.filter((e) => isSlowEdge(e.detail));
  const failingOut = outbound.filter((e) => isFailingEdge(e.detail));
  if (slowIn.length) out.push({ role: 'symptom', rule: 'served_latency', evidence: slowIn.map((e) => e.id), text: `calls to me are slower (${slowIn.map((e) => describeLatency(e.detail)).join('; ')})` });
  if (failingIn.length) out.push({ role: 'symptom', rule: 'served_errors', evidence: failingIn.map((e) => e.id), text: `calls to me fail more often (${failingIn.map((e) => describeErrors(e.detail)).join('; ')})` });
  for (const e of failingOut) out.push({ role: 'explainer', rule: 'failing_callee', neighbour: e.detail.callee, evidence: [e.id], strength: 0.8, text: `my calls to ${e.detail.callee} fail (${describeErrors(e.detail)})` });
  for (const e of slowOut) out.push({ role: 'explainer', rule: 'slow_callee', neighbour: e.detail.callee, evidence: [e.id], strength: 0.7, text: `my calls to ${e.detail.callee} are slower (${describeLatency(e.detail)})` });
  // Time lost between me and a callee (its own spans unchanged): the delay is on its side or the
  // link — unless the delayed calls share my instance but reach several of theirs, which makes
  // my instance the one thing they have in common.
  const delayedOutAll = outbound.filter((e) => isDelayedEdge(e.detail) && !slowOut.includes(e));
  const egress = commonCaller(delayedOutAll);
  const delayedOut = egress ? [] : delayedOutAll;
  for (const e of delayedOut) out.push({ role: 'explainer', rule: 'slow_callee', neighbour: e.detail.callee, evidence: [e.id], strength: 0.7, text: `my calls to ${e.detail.callee} wait ${Math.round(e.detail.baselineGapP50Ms ?? 0)}→${Math.round(e.detail.windowGapP50Ms ?? 0)} ms outside its own spans` });
  for (const e of inbound) {
    const ratio = surgeRatio(e.detail);
    if (ratio !== null) out.push({ role: 'explainer', rule: 'upstream_surge', neighbour: e.detail.caller, evidence: [e.id], strength: 0.75, ratio, text: `traffic from ${e.detail.caller} up ×${ratio.toFixed(2)}` });
  }
  // Slow or failing to my callers while everything I call is fine: the fault is in me.
  if (failingIn.length && !failingOut.length) {
    const worst = Math.max(...failingIn.map((e) => e.detail.windowErrorRate - e.detail.baselineErrorRate));
    out.push({ role: 'cause', rule: 'own_errors', evidence: failingIn.map((e) => e.id), strength: 0.3 + 0.5 * saturate(worst, 0.2), text: `I fail requests (+${Math.round(worst * 100)} points of errors) while my own calls succeed`, explainedBy: 'callee' });
  }
  // Latency alone names no fault (no resource, error or change to cite) and busy services slow
  // down with load, so it is the weakest cause: it wins only where nothing more specific shows.
  if (slowIn.length && !slowOut.length && !failingOut.length && !delayedOut.length) {
    const worst = Math.max(...slowIn.map((e) => slowdown(e.detail)));
    out.push({ role: 'cause', rule: 'own_latency', evidence: slowIn.map((e) => e.id), magnitude: worst, strength: 0.15 + 0.35 * saturate(worst - thresholds.latencyRatio, 5), text: `I answer ×${worst.toFixed(1)} slower while my own calls are not slower`, explainedBy: 'surge' });
  }
  const delayedIn = inbound.filter((e) => isDelayedEdge(e.detail));
  // Delayed calls from one caller instance into several of mine: the delay travels with the caller.
  const followsCaller = commonCaller(delayedIn);
  if (followsCaller) {
    const caller = delayedIn[0]?.detail.caller ?? '';
    out.push({ role: 'explainer', rule: 'delaying_caller', neighbour: caller, evidence: delayedIn.map((e) => e.id), strength: 0.8, text: `only calls from one instance of ${caller} are delayed, into ${new Set(delayedIn.map((e) => e.detail.calleeInstance)).size} of my instances: the delay is on its side` });
  }
  if (egress) {
    const worst = Math.max(...delayedOutAll.map((e) => (e.detail.windowGapP50Ms ?? 0) / Math.max(e.detail.baselineGapP50Ms ?? 0, 1)));
    out.push({ role: 'cause', rule: 'network_delay', evidence: delayedOutAll.map((e) => e.id), strength: Math.min(0.97, 0.4 + 0.6 * saturate(worst, 10)), text: `my calls out from ${egress} wait ×${worst.toFixed(0)} longer outside the callees' spans, to ${new Set(delayedOutAll.map((e) => e.detail.calleeInstance)).size} different instances: the delay is on my side`, explainedBy: null });
  }
  const delayed = followsCaller ? [] : delayedIn;
  if (delayed.length > 0) {
    const worst = Math.max(...delayed.map((e) => (e.detail.windowGapP50Ms ?? 0) / Math.max(e.detail.baselineGapP50Ms ?? 0, 1)));
    // A delay on my side slows every call that touches me: callers' calls in and mine out.
    const both = delayedOut.length > 0 ? 0.15 : 0;
    const several = delayed.length >= 2 ? 0.1 : 0;
    const strength = Math.min(0.97, 0.3 + 0.6 * saturate(worst, 10) + both + several);
    out.push({ role: 'cause', rule: 'network_delay', evidence: [...delayed, ...delayedOut].map((e) => e.id), strength, text: `calls into me spend ×${worst.toFixed(0)} longer outside my own spans (network or queueing delay on my side)${delayedOut.length ? ', and so do my own calls out' : ''}: ${delayed.map((e) => `${e.detail.caller} ${Math.round(e.detail.baselineGapP50Ms ?? 0)}→${Math.round(e.detail.windowGapP50Ms ?? 0)} ms`).join('; ')}`, explainedBy: null });
  }
  return out;
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

/**
 * Saturation per resource (CPU, memory): several metrics of one resource (usage and usage
 * rate, RSS and working set) are one observation, so the strongest speaks for all of them.
 */
function metricFindings(anomalies: ReadonlyArray<Of<'metric_anomaly'>>): Finding[] {
  const out: Finding[] = [];
  const pct = (x: number): string => `${x >= 0 ? '+' : ''}${Math.round(x * 100)}%`;
  for (const resource of ['cpu', 'memory'] as const) {
    const rising = anomalies
      .filter((e) => metricFamily(e.detail.metric) === resource && e.detail.direction === 'up' && Math.abs(e.detail.z) >= thresholds.anomalyZ)
      .map((e) => ({ e, strength: saturationStrength(e.detail) }))
      .filter((x) => x.strength > 0)
      .sort((a, b) => b.strength - a.strength);
    const top = rising[0];
    if (!top) continue;
    const d = top.e.detail;
    const change = d.change == null ? '' : ` (${pct(d.change)})`;
    const magnitude = d.baselineMedian > 0 ? d.windowValue / d.baselineMedian : undefined;
    out.push({ role: 'cause', rule: 'saturation', evidence: rising.map((x) => x.e.id), strength: top.strength, magnitude, text: `${resource} saturation: ${d.metric} ${fmt(d.baselineMedian)} → ${fmt(d.windowValue)}${change}, z=${d.z.toFixed(1)}`, explainedBy: 'surge' });
  }
  for (const e of anomalies) {
    const family = metricFamily(e.detail.metric);
    if (Math.abs(e.detail.z) < thresholds.anomalyZ || (family !== 'latency' && family !== 'errors')) continue;
    const change = e.detail.change == null ? '' : ` (${pct(e.detail.change)})`;
    out.push({ role: 'symptom', rule: 'metric', evidence: [e.id], text: `${e.detail.metric} ${e.detail.direction}${change}` });
  }
  return out;
}

const fmt = (x: number): string => (Math.abs(x) >= 100 ? x.toFixed(0) : x.toPrecision(3));

/**
 * Resource saturation is about magnitude, not just unusualness: a pod whose CPU doubles from
 * 1 % to 2 % is not saturated, however quiet its baseline was. The strength grows with the
 * fold change (from ×2) and with a utilisation near capacity (percent or ratio metrics).
 */
function saturationStrength(d: Extract<EvidenceDetail, { type: 'metric_anomaly' }>): number {
  // The host's metrics describe every pod on it, not this one.
  if (/^node/i.test(d.metric)) return 0;
  const isPercent = /percent|util|ratio|rate|%/i.test(d.metric);
  const nearCapacity = isPercent && (d.windowValue <= 1 ? d.windowValue >= 0.8 : d.windowValue >= 50 && d.windowValue <= 100);
  // A series that was zero in the baseline has no meaningful fold change (it may not have been reported).
  const fold = d.baselineMedian > 0 ? d.windowValue / d.baselineMedian : null;
  const foldStrength = fold !== null && fold >= thresholds.saturationFold ? 0.6 * saturate(Math.log2(fold / thresholds.saturationFold), 4) : null;
  if (foldStrength === null && !nearCapacity) return 0;
  return Math.min(0.95, 0.2 + (foldStrength ?? 0) + (nearCapacity ? 0.2 : 0));
}

/** x / (x + k): 0 at 0, ½ at k, → 1; turns an unbounded surprise into a strength. */
export function saturate(x: number, k: number): number {
  return x <= 0 ? 0 : x / (x + k);
}

/**
 * Code faults announce themselves in logs: error lines that are new or far more frequent than
 * the service's traffic explains, and statements that stop being logged while their siblings
 * carry on (a code path that returns early or throws). Strength grows with the Poisson surprise.
 */
function logFindings(templates: ReadonlyArray<Of<'log_template'>>, dependencies: readonly string[]): Finding[] {
  const out: Finding[] = [];
  const surprise = (e: Of<'log_template'>): number => e.detail.surprise ?? (e.detail.isNew || e.detail.isGone ? thresholds.templateSurprise : 0);
  // An error that names one of my dependencies ("No instances available for ts-seat-service")
  // reports that dependency's trouble, not a fault in my own code: it is an explainer instead.
  const namesDependency = (e: Of<'log_template'>): boolean => dependencies.some((name) => mentions(`${e.detail.template}\n${e.detail.example ?? ''}`, name));
  const errors = templates.filter((e) => e.detail.isError && e.detail.windowCount > 0 && !namesDependency(e) && (e.detail.isNew || ((e.detail.rateRatio ?? 0) >= thresholds.templateRateRatio && surprise(e) >= thresholds.templateSurprise)));
  if (errors.length > 0) {
    const top = Math.max(...errors.map(surprise));
    const example = errors[0]?.detail.template.slice(0, 120) ?? '';
    out.push({ role: 'cause', rule: 'new_error_logs', evidence: errors.map((e) => e.id), strength: 0.3 + 0.6 * saturate(top, 10), text: `${errors.length} error log template(s) new or surging (surprise ${top.toFixed(1)}), e.g. "${example}"`, explainedBy: 'callee' });
  }
  // Gone, or nearly so: a statement that now runs at a fraction of the rate the service's own
  // volume predicts (an exception thrown on most requests before it is reached).
  const isDropped = (e: Of<'log_template'>): boolean => e.detail.rateRatio != null && e.detail.rateRatio <= thresholds.droppedRateRatio && surprise(e) >= thresholds.templateSurprise;
  const gone = templates.filter((e) => !e.detail.isError && ((e.detail.isGone && surprise(e) >= 2) || isDropped(e)));
  if (gone.length > 0) {
    const total = gone.reduce((a, e) => a + surprise(e), 0);
    out.push({ role: 'cause', rule: 'code_path', evidence: gone.map((e) => e.id), strength: 0.25 + 0.6 * saturate(total, 8), text: `${gone.length} log statement(s) stopped or nearly stopped while the service kept logging (a code path stopped running), e.g. "${gone[0]?.detail.template.slice(0, 120) ?? ''}"`, explainedBy: 'callee' });
  }
  return out;
}

/** Names (last id segment) of the nodes I call or depend on, long enough to match safely. */
function dependencyNames(packet: ContextPacket): string[] {
  const callees = packet.evidence.filter(isType('trace_edge')).filter((e) => e.detail.caller === packet.node).map((e) => e.detail.callee);
  const ids = [...packet.neighbours.filter((n) => n.direction === 'out').map((n) => n.id), ...callees].filter((id) => id !== packet.node);
  const names = ids.map((id) => id.split('/').pop() ?? '');
  return [...new Set(names.filter((name) => name.length >= 3))];
}

/**
 * Error messages often name the dependency that failed ("No instances available for
 * ts-basic-service", "connection refused to cart:6379"): a new or surging error template that
 * names one of my dependencies points at it.
 */
function namedDependencies(packet: ContextPacket, templates: ReadonlyArray<Of<'log_template'>>, lines: ReadonlyArray<Of<'log'>>): Finding[] {
  const surging = templates.filter((e) => e.detail.isError && e.detail.windowCount > 0 && (e.detail.isNew || (e.detail.rateRatio ?? 0) >= thresholds.templateRateRatio));
  // Templates may have masked the name away; the raw error lines after the onset still carry it.
  const onset = packet.incidentTime ?? packet.window.start;
  const errorLines = surging.length === 0 ? [] : lines.filter((e) => e.time >= onset && /^(error|fatal|critical)$/i.test(e.detail.severity ?? ''));
  const errors = [
    ...surging.map((e) => ({ id: e.id, text: `${e.detail.template}\n${e.detail.example ?? ''}` })),
    ...errorLines.map((e) => ({ id: e.id, text: e.summary })),
  ];
  const out: Finding[] = [];
  const seen = new Set<string>();
  for (const n of packet.neighbours) {
    if (n.direction !== 'out' || seen.has(n.id) || n.id === packet.node) continue;
    const name = n.id.split('/').pop() ?? '';
    if (name.length < 3) continue;
    const mentioning = errors.filter((e) => mentions(e.text, name));
    if (mentioning.length === 0) continue;
    seen.add(n.id);
    out.push({ role: 'explainer', rule: 'named_dependency', neighbour: n.id, evidence: mentioning.slice(0, 5).map((e) => e.id), strength: 0.7, text: `my error logs name ${name} ("${mentioning[0]?.text.slice(0, 160) ?? ''}")` });
  }
  return out;
}

/** `name` as a whole word of `text` (not a prefix of a longer name). */
function mentions(text: string, name: string): boolean {
  let at = text.indexOf(name);
  while (at !== -1) {
    const before = text[at - 1] ?? ' ';
    const after = text[at + name.length] ?? ' ';
    if (!/[\w-]/.test(before) && !/[\w-]/.test(after)) return true;
    at = text.indexOf(name, at + 1);
  }
  return false;
}

function describeLatency(d: Extract<EvidenceDetail, { type: 'trace_edge' }>): string {
  const median = d.windowP50Ms !== undefined && d.baselineP50Ms !== undefined ? `, p50 ${Math.round(d.baselineP50Ms)}→${Math.round(d.windowP50Ms)} ms` : '';
  return `${d.caller}→${d.callee} p95 ${Math.round(d.baselineP95Ms)}→${Math.round(d.windowP95Ms)} ms${median}`;
}

function describeErrors(d: Extract<EvidenceDetail, { type: 'trace_edge' }>): string {
  return `${d.caller}→${d.callee} errors ${(d.baselineErrorRate * 100).toFixed(1)}→${(d.windowErrorRate * 100).toFixed(1)}%`;
}
