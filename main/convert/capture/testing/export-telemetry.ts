import { parseEntityId } from '../../../../core/model/ids.js';
import type { Topology } from '../../../../core/model/topology.js';

export type Row = Record<string, unknown>;

export const toMs = (t: unknown): number => (typeof t === 'number' ? t : Date.parse(String(t)));
export const nanos = (ms: number): string => (BigInt(Math.round(ms)) * 1_000_000n).toString();

/** OTLP resource attributes for an entity, with the structure the topology states (as the k8sattributes processor adds it). */
export function resourceFor(entity: string, topology: Topology): { key: string; value: { stringValue: string } }[] {
  const { kind, name, namespace } = parseEntityId(entity);
  const attrs: [string, string][] = [];
  if (namespace) attrs.push(['k8s.namespace.name', namespace]);
  const sourceOf = (target: string, kindOf: string, relation: string): string | undefined =>
    topology.edges.find((e) => e.target === target && e.relation === relation && parseEntityId(e.source).kind === kindOf)?.source;
  switch (kind) {
    case 'Pod': {
      attrs.push(['k8s.pod.name', name]);
      const service = sourceOf(entity, 'Service', 'contains');
      if (service) attrs.push(['service.name', parseEntityId(service).name]);
      const rs = sourceOf(entity, 'ReplicaSet', 'contains');
      if (rs) {
        attrs.push(['k8s.replicaset.name', parseEntityId(rs).name]);
        const deployment = sourceOf(rs, 'Deployment', 'contains');
        if (deployment) attrs.push(['k8s.deployment.name', parseEntityId(deployment).name]);
      }
      const node = topology.edges.find((e) => e.source === entity && e.relation === 'runs_on')?.target;
      if (node) attrs.push(['k8s.node.name', parseEntityId(node).name]);
      break;
    }
    case 'Service':
      attrs.push(['service.name', name]);
      break;
    case 'Deployment':
      attrs.push(['k8s.deployment.name', name]);
      break;
    case 'Node':
      attrs.push(['k8s.node.name', name]);
      break;
    default:
      throw new Error(`the OTLP exporter cannot name a ${kind} entity (${entity})`);
  }
  return attrs.map(([key, value]) => ({ key, value: { stringValue: value } }));
}

/** Prometheus labels naming an entity. */
export function labelsFor(entity: string): Record<string, string> {
  const { kind, name, namespace } = parseEntityId(entity);
  const ns: Record<string, string> = namespace ? { namespace } : {};
  switch (kind) {
    case 'Pod':
      return { ...ns, pod: name };
    case 'Service':
      return { ...ns, service: name };
    case 'Deployment':
      return { ...ns, deployment: name };
    case 'Node':
      return { node: name };
    default:
      throw new Error(`the Prometheus exporter cannot name a ${kind} entity (${entity})`);
  }
}

const SPAN_KIND: Record<string, number> = { internal: 1, server: 2, client: 3, producer: 4, consumer: 5 };
const STATUS: Record<string, number> = { unset: 0, ok: 1, error: 2 };
const SEVERITY: Record<string, number> = { TRACE: 1, DEBUG: 5, INFO: 9, WARN: 13, WARNING: 13, ERROR: 17, FATAL: 21 };

/**
 * OTLP/JSON lines as the Collector's file exporter writes them: one export request per batch
 * (here: per minute), records grouped by resource, then by scope.
 */
export function otlpLines(kind: 'spans' | 'logs', rows: readonly Row[], topology: Topology): string[] {
  const batches = new Map<number, Row[]>();
  for (const r of rows) {
    const minute = Math.floor(toMs(kind === 'spans' ? r.start : r.time) / 60_000);
    batches.set(minute, [...(batches.get(minute) ?? []), r]);
  }
  return [...batches.keys()]
    .sort((a, b) => a - b)
    .map((minute) => {
      const byEntity = new Map<string, Row[]>();
      for (const r of batches.get(minute) ?? []) byEntity.set(String(r.entity), [...(byEntity.get(String(r.entity)) ?? []), r]);
      const resources = [...byEntity].map(([entity, group]) => {
        const resource = { attributes: resourceFor(entity, topology) };
        const scope = { name: 'eog-roundtrip', version: '1' };
        return kind === 'spans'
          ? { resource, scopeSpans: [{ scope, spans: group.map(spanJson) }] }
          : { resource, scopeLogs: [{ scope, logRecords: group.map(logJson) }] };
      });
      return JSON.stringify(kind === 'spans' ? { resourceSpans: resources } : { resourceLogs: resources });
    });
}

function spanJson(s: Row): Row {
  const start = toMs(s.start);
  const startNanos = BigInt(Math.round(start)) * 1_000_000n;
  return {
    traceId: s.traceId,
    spanId: s.spanId,
    parentSpanId: s.parentSpanId ?? '',
    name: s.name,
    kind: SPAN_KIND[String(s.kind)] ?? 0,
    startTimeUnixNano: startNanos.toString(),
    endTimeUnixNano: (startNanos + BigInt(Math.round(Number(s.durationMs) * 1e6))).toString(),
    status: { code: STATUS[String(s.status)] ?? 0, ...(s.statusMessage ? { message: s.statusMessage } : {}) },
  };
}

function logJson(l: Row): Row {
  const attrs = (l.attrs ?? {}) as Record<string, unknown>;
  return {
    timeUnixNano: nanos(toMs(l.time)),
    observedTimeUnixNano: nanos(toMs(l.time)),
    ...(l.severity ? { severityText: l.severity, severityNumber: SEVERITY[String(l.severity).toUpperCase()] ?? 0 } : {}),
    body: { stringValue: l.body },
    attributes: Object.entries(attrs).map(([key, value]) => ({
      key,
      value: { stringValue: typeof value === 'string' ? value : JSON.stringify(value) },
    })),
    traceId: l.traceId ?? '',
    spanId: l.spanId ?? '',
  };
}

/** One Prometheus range-query response per metric name (`/api/v1/query_range`, matrix). */
export function prometheusRanges(rows: readonly Row[]): Map<string, string> {
  const byName = new Map<string, Map<string, { metric: Record<string, string>; values: [number, string][] }>>();
  for (const m of rows) {
    const labels = { __name__: String(m.name), ...labelsFor(String(m.entity)), ...((m.labels ?? {}) as Record<string, string>) };
    const key = JSON.stringify(labels);
    const series = byName.get(String(m.name)) ?? new Map();
    const entry = series.get(key) ?? { metric: labels, values: [] };
    entry.values.push([toMs(m.time) / 1000, String(m.value)]);
    series.set(key, entry);
    byName.set(String(m.name), series);
  }
  return new Map(
    [...byName].map(([name, series]) => [
      name,
      JSON.stringify({ status: 'success', data: { resultType: 'matrix', result: [...series.values()] } }, null, 1),
    ]),
  );
}

/** The `/api/v1/alerts` response listing the alerts as active. */
export function prometheusAlerts(rows: readonly Row[]): string {
  const alerts = rows.map((a) => {
    if (a.endsAt !== undefined) throw new Error('the alerts endpoint lists active alerts only: an alert with endsAt cannot be exported');
    return {
      labels: { alertname: a.name, severity: a.severity, ...labelsFor(String(a.entity)), ...((a.labels ?? {}) as Record<string, string>) },
      annotations: a.summary === undefined ? {} : { summary: a.summary },
      state: 'firing',
      activeAt: new Date(toMs(a.startsAt)).toISOString(),
      value: '1e+00',
    };
  });
  return JSON.stringify({ status: 'success', data: { alerts } }, null, 1);
}
