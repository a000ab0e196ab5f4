import type { EvidenceDetail } from '../../model/evidence.js';
import type { ContextPacket } from '../../model/packet.js';
import { classifyAlert, isGoldenSignal } from '../../bootstrap/index.js';
import { edgeFindings } from './edges.js';
import { isType, saturate, type Finding, type Of } from './finding.js';
import { metricFamily, thresholds } from './thresholds.js';

export type { CauseRule, ExplainedBy, ExplainerRule, Finding, SymptomRule } from './finding.js';

/** Runs every rule over the packet's evidence. Deterministic: evidence order is the packet's. */
export function collectFindings(packet: ContextPacket): Finding[] {
  const onsetEnd = packet.incidentTime ?? packet.window.end;
  const ev = packet.evidence;
  const findings: Finding[] = [];

  // Only golden-signal alerts say the node is degraded; a certificate about to expire does not.
  for (const e of ev.filter(isType('alert'))) {
    if (!isGoldenSignal(classifyAlert(e.detail.name, e.summary, e.detail.severity))) continue;
    findings.push({ role: 'symptom', rule: 'alert', evidence: [e.id], text: `alert ${e.detail.name} (${e.detail.severity}) fired` });
  }

  for (const e of ev.filter(isType('change'))) {
    if (e.time > onsetEnd) continue;
    findings.push({
      role: 'cause',
      rule: 'change',
      evidence: [e.id],
      strength: e.detail.changeKind === 'scale' ? 0.5 : 0.85,
      text: `${e.detail.changeKind} change before the incident: ${e.summary}`,
      explainedBy: null,
    });
  }
  for (const e of ev.filter(isType('event'))) {
    // A loop that had restarted dozens of times before it reached the window is chronic.
    if (!e.detail.isFailure || e.detail.count >= thresholds.chronicFailureCount) continue;
    findings.push({
      role: 'cause',
      rule: 'failure_event',
      evidence: [e.id],
      strength: 0.55,
      text: `failure event ${e.detail.reason}`,
      explainedBy: 'surge',
    });
  }
  findings.push(...metricFindings(ev.filter(isType('metric_anomaly'))));
  const templates = ev.filter(isType('log_template'));
  findings.push(...logFindings(templates, dependencyNames(packet)));
  findings.push(...namedDependencies(packet, templates, ev.filter(isType('log'))));
  findings.push(...edgeFindings(packet));
  return findings;
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
      .filter(
        (e) => metricFamily(e.detail.metric) === resource && e.detail.direction === 'up' && Math.abs(e.detail.z) >= thresholds.anomalyZ,
      )
      .map((e) => ({ e, strength: saturationStrength(e.detail) }))
      .filter((x) => x.strength > 0)
      .sort((a, b) => b.strength - a.strength);
    const top = rising[0];
    if (!top) continue;
    const d = top.e.detail;
    const change = d.change == null ? '' : ` (${pct(d.change)})`;
    const magnitude = d.baselineMedian > 0 ? d.windowValue / d.baselineMedian : undefined;
    out.push({
      role: 'cause',
      rule: 'saturation',
      evidence: rising.map((x) => x.e.id),
      strength: top.strength,
      magnitude,
      text: `${resource} saturation: ${d.metric} ${fmt(d.baselineMedian)} → ${fmt(d.windowValue)}${change}, z=${d.z.toFixed(1)}`,
      explainedBy: 'surge',
    });
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
  const foldStrength =
    fold !== null && fold >= thresholds.saturationFold ? 0.6 * saturate(Math.log2(fold / thresholds.saturationFold), 4) : null;
  if (foldStrength === null && !nearCapacity) return 0;
  return Math.min(0.95, 0.2 + (foldStrength ?? 0) + (nearCapacity ? 0.2 : 0));
}

/**
 * Code faults announce themselves in logs: error lines that are new or far more frequent than
 * the service's traffic explains, and statements that stop being logged while their siblings
 * carry on (a code path that returns early or throws). Strength grows with the Poisson surprise.
 */
function logFindings(templates: ReadonlyArray<Of<'log_template'>>, dependencies: readonly string[]): Finding[] {
  const out: Finding[] = [];
  const surprise = (e: Of<'log_template'>): number =>
    e.detail.surprise ?? (e.detail.isNew || e.detail.isGone ? thresholds.templateSurprise : 0);
  // An error that names one of my dependencies ("No instances available for ts-seat-service")
  // reports that dependency's trouble, not a fault in my own code: it is an explainer instead.
  const namesDependency = (e: Of<'log_template'>): boolean =>
    dependencies.some((name) => mentions(`${e.detail.template}\n${e.detail.example ?? ''}`, name));
  const errors = templates.filter(
    (e) =>
      e.detail.isError &&
      e.detail.windowCount > 0 &&
      !namesDependency(e) &&
      (e.detail.isNew || ((e.detail.rateRatio ?? 0) >= thresholds.templateRateRatio && surprise(e) >= thresholds.templateSurprise)),
  );
  if (errors.length > 0) {
    const top = Math.max(...errors.map(surprise));
    const example = errors[0]?.detail.template.slice(0, 120) ?? '';
    out.push({
      role: 'cause',
      rule: 'new_error_logs',
      evidence: errors.map((e) => e.id),
      strength: 0.3 + 0.6 * saturate(top, 10),
      text: `${errors.length} error log template(s) new or surging (surprise ${top.toFixed(1)}), e.g. "${example}"`,
      explainedBy: 'callee',
    });
  }
  // Gone, or nearly so: a statement that now runs at a fraction of the rate the service's own
  // volume predicts (an exception thrown on most requests before it is reached).
  const isDropped = (e: Of<'log_template'>): boolean =>
    e.detail.rateRatio != null && e.detail.rateRatio <= thresholds.droppedRateRatio && surprise(e) >= thresholds.templateSurprise;
  // A statement that runs less and no longer after its predecessor in the same requests. A
  // shift in the request mix also breaks sequences (the predecessor then runs more, not the
  // follower less), so the follower's own rate must have fallen, and the weight is capped.
  const sequenceWeight = (e: Of<'log_template'>): number =>
    (e.detail.sequence?.surprise ?? 0) >= thresholds.sequenceSurprise && (e.detail.rateRatio ?? 1) <= thresholds.sequenceRateRatio
      ? thresholds.templateSurprise
      : 0;
  const gone = templates.filter(
    (e) => !e.detail.isError && ((e.detail.isGone && surprise(e) >= 2) || isDropped(e) || sequenceWeight(e) > 0),
  );
  if (gone.length > 0) {
    const total = gone.reduce((a, e) => a + Math.max(isDropped(e) || e.detail.isGone ? surprise(e) : 0, sequenceWeight(e)), 0);
    out.push({
      role: 'cause',
      rule: 'code_path',
      evidence: gone.map((e) => e.id),
      strength: 0.25 + 0.6 * saturate(total, 8),
      text: `${gone.length} log statement(s) stopped or nearly stopped while the service kept logging (a code path stopped running), e.g. "${gone[0]?.detail.template.slice(0, 120) ?? ''}"`,
      explainedBy: 'callee',
    });
  }
  return out;
}

/** Names (last id segment) of the nodes I call or depend on, long enough to match safely. */
function dependencyNames(packet: ContextPacket): string[] {
  const callees = packet.evidence
    .filter(isType('trace_edge'))
    .filter((e) => e.detail.caller === packet.node)
    .map((e) => e.detail.callee);
  const ids = [...packet.neighbours.filter((n) => n.direction === 'out').map((n) => n.id), ...callees].filter((id) => id !== packet.node);
  const names = ids.map((id) => id.split('/').pop() ?? '');
  return [...new Set(names.filter((name) => name.length >= 3))];
}

/**
 * Error messages often name the dependency that failed ("No instances available for
 * ts-basic-service", "connection refused to cart:6379"): a new or surging error template that
 * names one of my dependencies points at it.
 */
function namedDependencies(
  packet: ContextPacket,
  templates: ReadonlyArray<Of<'log_template'>>,
  lines: ReadonlyArray<Of<'log'>>,
): Finding[] {
  const surging = templates.filter(
    (e) => e.detail.isError && e.detail.windowCount > 0 && (e.detail.isNew || (e.detail.rateRatio ?? 0) >= thresholds.templateRateRatio),
  );
  // Templates may have masked the name away; the raw error lines after the onset still carry it.
  const onset = packet.incidentTime ?? packet.window.start;
  const errorLines =
    surging.length === 0 ? [] : lines.filter((e) => e.time >= onset && /^(error|fatal|critical)$/i.test(e.detail.severity ?? ''));
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
    out.push({
      role: 'explainer',
      rule: 'named_dependency',
      neighbour: n.id,
      evidence: mentioning.slice(0, 5).map((e) => e.id),
      strength: 0.7,
      text: `my error logs name ${name} ("${mentioning[0]?.text.slice(0, 160) ?? ''}")`,
    });
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
