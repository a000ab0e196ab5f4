import { NORMAL_SERIES_PREFIX, type EvidenceDetail, type EvidenceKind } from '../../../core/model/evidence.js';
import type { TimeWindow } from '../../../core/model/packet.js';
import {
  OVERFLOW_TEMPLATE_ID,
  compareTemplateCounts,
  describeMetricShift,
  fanOutShifts,
  isDelayedEdge,
  isTailOnlyDelay,
  isFewerCalls,
  toTraceEdgeDetail,
  type BrokenSequence,
  type FanOutDetail,
  type KnownEdge,
  type MetricAnomaly,
  type TraceAggregation,
  type TraceEdgeDetail,
  metricMeaning,
} from '../../../core/signals/index.js';
import type { RecordFileName } from '../../../core/snapshot/schema.js';
import type { WindowInfo } from '../window.js';
import { attributeStatusMessages, attributedTo, type NamedEntity, type UnresolvedCallee } from './attribution.js';
import type { FailureEvent, SignalCollector } from './collect.js';
import { templateLookup, type LogTemplateState } from './log-templates.js';
import { Periods } from './periods.js';
import { TIER, within } from './score.js';

export interface SignalCounts {
  log_template: number;
  metric_anomaly: number;
  trace_edge: number;
  trace_fanout: number;
  failure_event: number;
}

export interface SignalContext {
  final: WindowInfo;
  extent: TimeWindow | null;
  knownEdges: readonly KnownEdge[];
  /** Topology entities, to resolve the callee names error status messages mention (none: no attribution). */
  entities?: readonly NamedEntity[];
}

/** A derived signal ready to store; plain data, so it can cross from the parse worker. */
export interface SignalRow {
  id: string;
  entity: string;
  kind: EvidenceKind;
  extractor: keyof SignalCounts;
  time: number;
  score: number;
  summary: string;
  detail: EvidenceDetail;
  file: RecordFileName;
  line: number | null;
  samples: number[];
  hidesLine: number | null;
  /** For metric signals: the point whose source line the store looks up once indexed. */
  point: { metric: string; time: number } | null;
  /**
   * For a statement the window shows much less of: keys of request spans its baseline lines
   * ran in, which signals/operations.ts turns into the detail's operations once the spans are
   * stored, then drops. Never stored.
   */
  spanKeys?: string[];
}

/** −log10 p from which a statement that stopped following another in its spans is worth a packet's room. */
const SEQUENCE_NOTABLE = 6;
/**
 * A statement at this share of its expected rate or less (or gone) is one a policy may read as
 * a code path that stopped: which operations it ran in is looked up for it (operations.ts).
 */
export const FEWER_LINES_RATIO = 0.5;

const pct = (x: number): string => `${Math.round(x * 1000) / 10}%`;
const ms = (x: number): string => `${Math.round(x * 10) / 10} ms`;

/** The signal rows, and what the import should warn of. */
export interface BuiltSignals {
  rows: SignalRow[];
  /** Callee names error status messages give that match no topology entity (warned, not attributed). */
  unresolvedCallees: UnresolvedCallee[];
}

/** Turns what the collector gathered into signal rows (evidence with an extractor). Pure. */
export function buildSignals(collected: SignalCollector, templates: LogTemplateState, ctx: SignalContext): BuiltSignals {
  const traces = collected.traces.finish(ctx.knownEdges);
  return builtSignalsOf({ failures: collected.failures, templates, anomalies: collected.metrics.anomalies(), traces }, ctx);
}

/** What the signal rows are made of, however it was gathered (streamed here, or aggregated by ClickHouse). */
export interface SignalInputs {
  failures: readonly FailureEvent[];
  templates: LogTemplateState;
  anomalies: readonly MetricAnomaly[];
  traces: TraceAggregation;
}

/** The signal rows of gathered inputs, and the callee names to warn of. Pure. */
export function builtSignalsOf(inputs: SignalInputs, ctx: SignalContext): BuiltSignals {
  const edges = edgeRows(inputs.traces, ctx);
  return {
    rows: [
      ...failureRows(inputs.failures),
      ...templateRows(inputs.templates, ctx),
      ...metricRows(inputs.anomalies),
      ...edges.rows,
      ...fanOutRows(inputs.traces, ctx),
    ],
    unresolvedCallees: edges.unresolved,
  };
}

/** The signal rows of gathered inputs. Pure. */
export const signalRowsOf = (inputs: SignalInputs, ctx: SignalContext): SignalRow[] => builtSignalsOf(inputs, ctx).rows;

function failureRows(failures: readonly FailureEvent[]): SignalRow[] {
  return failures.map((f) => ({
    id: `fail:${f.line}`,
    entity: f.entity,
    kind: 'event',
    extractor: 'failure_event',
    time: f.time,
    score: TIER.failureEvent,
    summary: `${f.category}: ${f.reason}: ${f.message}`,
    detail: { type: 'event', reason: f.reason, eventType: f.eventType, count: f.count, isFailure: true },
    file: 'events',
    line: f.line,
    samples: [f.line],
    hidesLine: f.line,
    point: null,
  }));
}

function templateRows(templates: LogTemplateState, ctx: SignalContext): SignalRow[] {
  const out: SignalRow[] = [];
  const durations = Periods.durations(ctx.final, ctx.extent);
  // The most surprising broken sequence per statement (entity and the template that stopped).
  const sequences = new Map<string, BrokenSequence>();
  for (const b of templates.sequences) {
    const key = `${b.entity}\u0000${b.after}`;
    if (!sequences.has(key)) sequences.set(key, b);
  }
  for (const c of compareTemplateCounts(templates.rows, templateLookup(templates), durations)) {
    const key = `${c.entity}\u0000${c.templateId}`;
    const example = templates.examples[key];
    const broken = sequences.get(key);
    const sequence = broken && {
      before: templates.texts[broken.before] ?? broken.before,
      baselineSpans: broken.baselineSpans,
      baselineFollowed: broken.baselineFollowed,
      windowSpans: broken.windowSpans,
      windowFollowed: broken.windowFollowed,
      surprise: broken.surprise,
    };
    const d = { ...c.detail, ...(example === undefined ? {} : { example }), ...(sequence ? { sequence } : {}) };
    if (d.windowCount === 0 && !d.isGone) continue;
    const n = c.templateId === OVERFLOW_TEMPLATE_ID ? 0 : Number(c.templateId.slice(1));
    const flags = [d.isNew && 'new', d.isGone && 'gone', d.isError && 'error'].filter(Boolean).join(', ');
    const spanKeys = templates.spanKeys[key];
    const isFewer = !d.isError && (d.isGone || (d.rateRatio !== null && d.rateRatio <= FEWER_LINES_RATIO));
    out.push({
      id: `tpl:${c.entity}:${n}`,
      entity: c.entity,
      kind: 'log',
      extractor: 'log_template',
      time: ctx.final.window.start,
      // c.score is core/signals' tier (4 new error .. 1 steady error) plus a surprise fraction.
      score:
        (c.isNotable || (d.isError && d.windowCount > 0) || (sequence?.surprise ?? 0) >= SEQUENCE_NOTABLE
          ? TIER.notableTemplate
          : TIER.template) +
        c.score * 19,
      summary: `log template${flags ? ` (${flags})` : ''}: ${d.windowCount} in window vs ${d.baselineCount} in baseline: ${d.template}`,
      detail: d,
      file: 'logs',
      line: null,
      samples: templates.samples[key] ?? [],
      hidesLine: null,
      point: null,
      ...(isFewer && spanKeys !== undefined ? { spanKeys } : {}),
    });
  }
  return out;
}

function metricRows(anomalies: readonly MetricAnomaly[]): SignalRow[] {
  return anomalies.map((a) => {
    // What the metric measures, read once here from its unit and name for both stores (core/signals/metrics/meaning.ts).
    const meaning = metricMeaning(a.metric, a.unit);
    const d = { ...a.detail, ...(a.unit === null ? {} : { unit: a.unit }), ...(meaning === null ? {} : { meaning }) };
    return {
      id: `${a.isAnomalous ? 'anomaly:' : NORMAL_SERIES_PREFIX}${a.entity}:${a.metric}`,
      entity: a.entity,
      kind: 'metric',
      extractor: 'metric_anomaly',
      time: a.time,
      score: (a.isAnomalous ? TIER.metricAnomaly : TIER.metricSeries) + within(Math.abs(d.z)),
      summary: `${a.metric} ${a.isAnomalous ? 'anomalous' : 'normal'}: ${describeMetricShift(d)}`,
      detail: d,
      file: 'metrics',
      line: null,
      samples: [],
      hidesLine: null,
      point: { metric: a.metric, time: a.time },
    };
  });
}

function edgeRows(traces: TraceAggregation, ctx: SignalContext): { rows: SignalRow[]; unresolved: UnresolvedCallee[] } {
  const out: SignalRow[] = [];
  const durations = Periods.durations(ctx.final, ctx.extent);
  const attributions = attributeStatusMessages(traces.statusMessages, ctx.entities ?? []);
  const details = traces.edges.map((e) => ({
    ...toTraceEdgeDetail(e),
    callRateRatio: callRateRatio(e.window.calls, e.baseline.calls, durations),
  }));
  for (const [i, e] of traces.edges.entries()) {
    const attributed = attributedTo(attributions, e.caller, e.callee);
    const d = details[i] as TraceEdgeDetail;
    // Caller-side overhead (parent minus child) grows where a network delay sits.
    // The heuristic's own definition of a delayed edge, so the packet holds what the policy would judge delayed.
    const isDelayed = isDelayedEdge(d);
    // Caller-side overhead (parent minus child) grows where a network delay sits: at the median,
    // or only in the tail when some calls are delayed (core/signals/traces/delayed.ts).
    const tail = isDelayed && isTailOnlyDelay(d);
    const windowGap = (tail ? e.window.gapP95Ms : e.window.gapP50Ms) ?? 0;
    const baselineGap = (tail ? e.baseline.gapP95Ms : e.baseline.gapP50Ms) ?? 0;
    const gapRatio = (windowGap + 1) / (baselineGap + 1);
    // Traffic that doubled (or halved) on one edge is how surges and retry storms show.
    const rateShift = d.callRateRatio != null && d.callRateRatio > 0 && d.windowCalls >= 5 ? Math.abs(Math.log2(d.callRateRatio)) : 0;
    const strength =
      Math.max(0, e.errorRateDelta) * 100 +
      Math.max(0, (e.latencyRatio ?? 1) - 1) * 10 +
      (isDelayed ? Math.log2(gapRatio) * 10 : 0) +
      (rateShift >= 1 ? rateShift * 10 : 0);
    const isNotable =
      d.windowCalls > 0 && (e.errorRateDelta >= 0.05 || (e.latencyRatio ?? 0) >= 1.5 || d.isDiscovered || isDelayed || rateShift >= 1);
    const score = (isNotable ? TIER.notableEdge : TIER.edge) + within(strength);
    const summary =
      `calls ${e.caller} -> ${e.callee}${d.isDiscovered ? ' (not in topology)' : ''}: ${d.windowCalls} in window, errors ${pct(d.windowErrorRate)} ` +
      `vs ${pct(d.baselineErrorRate)}, p95 ${ms(d.windowP95Ms)} vs ${ms(d.baselineP95Ms)}, caller-side gap ${ms(windowGap)} vs ${ms(baselineGap)}`;
    const id = `edge:${e.caller}->${e.callee}`;
    // Both ends see the edge: the callee degraded, the caller depends on it. What the caller's
    // own error statuses say about the callee is the caller's evidence (its row only).
    for (const [entity, suffix, detail] of [
      [e.callee, '', d],
      [e.caller, ':caller', attributed ? { ...d, attributedTo: attributed } : d],
    ] as const) {
      out.push({
        id: id + suffix,
        entity,
        kind: 'span',
        extractor: 'trace_edge',
        time: ctx.final.window.start,
        score,
        summary,
        detail,
        file: 'spans',
        line: null,
        samples: [],
        hidesLine: null,
        point: null,
      });
    }
  }
  return { rows: out, unresolved: attributions.unresolved };
}

/**
 * An entity that makes markedly fewer calls per request it serves (a code path that stopped
 * running, core/signals/traces/fan-out.ts). Only those: an unchanged fan-out is no news, and
 * every entity's would crowd the packets.
 */
function fanOutRows(traces: TraceAggregation, ctx: SignalContext): SignalRow[] {
  return fanOutShifts(traces)
    .filter(isFewerCalls)
    .map((d) => ({
      id: `fanout:${d.entity}`,
      entity: d.entity,
      kind: 'span',
      extractor: 'trace_fanout',
      time: ctx.final.window.start,
      score: TIER.notableEdge + within(Math.max(d.surprise, d.stopped?.surprise ?? 0) / 10),
      summary: fanOutSummary(d),
      detail: d,
      file: 'spans',
      line: null,
      samples: [],
      hidesLine: null,
      point: null,
    }));
}

function fanOutSummary(d: FanOutDetail): string {
  const perRequest = (calls: number, served: number): string => (served > 0 ? (calls / served).toFixed(2) : '-');
  const entityWide =
    `calls made per request served: ${perRequest(d.windowCalls, d.windowServed)} in window vs ` +
    `${perRequest(d.baselineCalls, d.baselineServed)} in baseline (×${d.ratio}, ${d.windowServed} requests served, surprise ${d.surprise})`;
  const s = d.stopped;
  if (!s) return entityWide;
  return (
    `operation ${s.operation} stops part-way: ${s.windowCalls} of ${s.windowSpans} window spans made ${s.missing[0] ?? ''} ` +
    `(baseline ${s.baselineCalls} of ${s.baselineSpans}; ${s.missing.length} call(s) missing, ${s.kept} still made; surprise ${s.surprise}); ${entityWide}`
  );
}

/** Calls per minute in the window over calls per minute in the baseline; null without baseline calls. */
function callRateRatio(windowCalls: number, baselineCalls: number, d: { windowMs: number; baselineMs: number }): number | null {
  if (baselineCalls <= 0 || d.baselineMs <= 0) return null;
  return Math.round((windowCalls / d.windowMs / (baselineCalls / d.baselineMs)) * 1000) / 1000;
}
