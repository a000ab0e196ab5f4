import { citationsFor, type Chart, type ChartMarker, type EntityCharts } from '../../../core/charts/index.js';
import type { ContextPacket } from '../../../core/model/index.js';
import type { EvidenceStore } from '../../store/index.js';
import { logChart } from './logs.js';
import { metricCharts } from './metrics.js';
import { chartRange } from './range.js';
import { edgeChart, fanOutChart, spanCharts } from './spans.js';
import { calleeKeys, memberKeys } from './members.js';
import { exemplarTrace } from './trace.js';

/** Edge charts per entity: the packet's call edges, most relevant (first listed) first. */
export const MAX_EDGE_CHARTS = 4;

function markersOf(
  store: EvidenceStore,
  keys: readonly { key: number }[],
  start: number,
  end: number,
  incidentTime: number | null,
): ChartMarker[] {
  const all = keys.map((k) => store.series().markers(k.key, start, end));
  const rows = { alerts: all.flatMap((r) => r.alerts), changes: all.flatMap((r) => r.changes), events: all.flatMap((r) => r.events) };
  const markers: ChartMarker[] = [];
  if (incidentTime !== null) markers.push({ kind: 'incident', time: incidentTime, label: 'incident', evidenceId: null });
  for (const a of rows.alerts) markers.push({ kind: 'alert', time: a.time, label: a.label, evidenceId: a.id });
  for (const c of rows.changes) markers.push({ kind: 'change', time: c.time, label: c.label, evidenceId: c.id });
  for (const e of rows.events) markers.push({ kind: 'event', time: e.time, label: e.label, evidenceId: e.id });
  return markers;
}

function edgeCharts(store: EvidenceStore, packet: ContextPacket | null, range: ReturnType<typeof chartRange>): Chart[] {
  const out: Chart[] = [];
  for (const item of packet?.evidence ?? []) {
    if (out.length >= MAX_EDGE_CHARTS) break;
    const d = item.detail;
    if (d.type !== 'trace_edge') continue;
    if (!store.hasEntity(d.caller) || !store.hasEntity(d.callee)) continue;
    const keysOf = (entity: string): number[] => memberKeys(store, entity).map((m) => m.key);
    const pairs = store.series().edgeBuckets(keysOf(d.caller), keysOf(d.callee), range.buckets);
    const chart = edgeChart(d.caller, d.callee, pairs, range);
    if (chart && !out.some((c) => c.id === chart.id)) out.push(chart);
  }
  return out;
}

/**
 * Calls per request, when the node's packet cites its fan_out: its spans and those of the
 * entities it calls or depends on (their alias groups), matched by parent span.
 */
function fanOutCharts(
  store: EvidenceStore,
  members: readonly { id: string; key: number }[],
  packet: ContextPacket | null,
  range: ReturnType<typeof chartRange>,
): Chart[] {
  if (!(packet?.evidence ?? []).some((e) => e.detail.type === 'fan_out')) return [];
  const buckets = store.series().fanOutBuckets(
    members.map((m) => m.key),
    calleeKeys(store, members),
    range.buckets,
  );
  const chart = fanOutChart(buckets, range);
  return chart ? [chart] : [];
}

/** A group member's metric series are told apart by the member, as if it were a label. */
function memberLabels(member: string, labels: string): string {
  let parsed: Record<string, unknown> = {};
  try {
    parsed = labels === '' ? {} : (JSON.parse(labels) as Record<string, unknown>);
  } catch {
    parsed = { labels };
  }
  return JSON.stringify({ entity: member.split('/').pop() ?? member, ...parsed });
}

/**
 * Everything the inspector draws for one entity, bucketed and downsampled by the evidence store
 * (in SQL on ClickHouse: no raw metric point or log line comes back but the drawn ones): metrics, request and error rate, latency percentiles, log
 * templates, the packet's call edges (caller vs callee side), an exemplar trace, and where
 * each evidence item of the node's packet is on them.
 */
export function buildEntityCharts(store: EvidenceStore, entity: string, packet: ContextPacket | null, width: number): EntityCharts {
  // The inspector asks again after every step; the answer changes only with the node's packet.
  const key = `${entity}\u0000${width}\u0000${(packet?.evidence ?? []).map((e) => e.id).join('\u0001')}`;
  let cache = recent.get(store);
  if (!cache) recent.set(store, (cache = new Map()));
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const built = computeEntityCharts(store, entity, packet, width);
  cache.set(key, built);
  if (cache.size > CACHED_CHARTS) cache.delete(cache.keys().next().value as string);
  return built;
}

/** Replies kept per evidence store (least recently used dropped first). */
const CACHED_CHARTS = 16;
const recent = new WeakMap<EvidenceStore, Map<string, EntityCharts>>();

function computeEntityCharts(store: EvidenceStore, entity: string, packet: ContextPacket | null, width: number): EntityCharts {
  const range = chartRange(store, width);
  const members = memberKeys(store, entity);
  const q = store.series();
  const evidence = packet?.evidence ?? [];
  const citedMetrics = new Set(
    evidence.flatMap((e) => (e.detail.type === 'metric_anomaly' || e.detail.type === 'metric' ? [e.detail.metric] : [])),
  );
  const citedIds = new Set(evidence.map((e) => e.id));
  const spans = q.spanSummary(
    members.map((m) => m.key),
    range.buckets,
    range.baselineUntil,
  );
  const templates = members.flatMap((m) => q.templates(m.key)).sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
  const logs = logChart(
    templates,
    (texts) =>
      q.logCounts(
        members.map((m) => m.key),
        range.buckets,
        texts,
      ),
    range,
    citedIds,
  );
  const charts: Chart[] = [
    ...spanCharts(spans.buckets, range),
    ...fanOutCharts(store, members, packet, range),
    ...edgeCharts(store, packet, range),
    ...metricCharts(
      members.flatMap((m) =>
        q
          .metricSeries(m.key, range.start, range.end, range.columns, range.metricBand)
          .map((s) => (members.length > 1 ? { ...s, labels: memberLabels(m.id, s.labels) } : s)),
      ),
      citedMetrics,
    ),
    ...(logs ? [logs] : []),
  ];
  const trace = exemplarTrace(q, spans.exemplar);
  return {
    entity,
    range: { start: range.start, end: range.end },
    incidentTime: range.incidentTime,
    charts,
    markers: markersOf(store, members, range.start, range.end, range.incidentTime),
    trace,
    citations: citationsFor(evidence, charts, trace),
    unavailable: null,
  };
}

/** What a replayed ledger answers: it has no evidence store to draw from. */
export function unavailableCharts(entity: string, why: string): EntityCharts {
  return { entity, range: { start: 0, end: 0 }, incidentTime: null, charts: [], markers: [], trace: null, citations: [], unavailable: why };
}
