import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Topology } from '../../../../core/model/topology.js';
import { resourceFor, toMs, type Row } from '../../../convert/capture/testing/export-telemetry.js';
import type { ChRunner } from '../runner.js';

const ATTRS = 'Map(LowCardinality(String), String)';

/**
 * The tables as the OpenTelemetry Collector's ClickHouse exporter creates them (its
 * create_schema DDL: no column of the workbench's), trimmed of what the test leaves empty.
 */
export const EXPORTER_DDL = [
  `CREATE TABLE otel_traces (Timestamp DateTime64(9), TraceId String, SpanId String, ParentSpanId String, TraceState String,
    SpanName LowCardinality(String), SpanKind LowCardinality(String), ServiceName LowCardinality(String), ResourceAttributes ${ATTRS},
    ScopeName String, ScopeVersion String, SpanAttributes ${ATTRS}, Duration UInt64, StatusCode LowCardinality(String), StatusMessage String,
    INDEX idx_trace_id TraceId TYPE bloom_filter(0.001) GRANULARITY 1)
   ENGINE = MergeTree PARTITION BY toDate(Timestamp) ORDER BY (ServiceName, SpanName, toDateTime(Timestamp))`,
  `CREATE TABLE otel_logs (Timestamp DateTime64(9), TimestampTime DateTime DEFAULT toDateTime(Timestamp), TraceId String, SpanId String,
    TraceFlags UInt8, SeverityText LowCardinality(String), SeverityNumber UInt8, ServiceName LowCardinality(String), Body String,
    ResourceSchemaUrl LowCardinality(String), ResourceAttributes ${ATTRS}, ScopeSchemaUrl LowCardinality(String), ScopeName String,
    ScopeVersion LowCardinality(String), ScopeAttributes ${ATTRS}, LogAttributes ${ATTRS})
   ENGINE = MergeTree PARTITION BY toDate(TimestampTime) ORDER BY (ServiceName, TimestampTime, Timestamp)`,
  `CREATE TABLE otel_metrics_gauge (ResourceAttributes ${ATTRS}, ResourceSchemaUrl String, ScopeName String, ScopeVersion String,
    ScopeAttributes ${ATTRS}, ScopeDroppedAttrCount UInt32, ScopeSchemaUrl String, ServiceName LowCardinality(String), MetricName String,
    MetricDescription String, MetricUnit String, Attributes ${ATTRS}, StartTimeUnix DateTime64(9), TimeUnix DateTime64(9), Value Float64,
    Flags UInt32)
   ENGINE = MergeTree PARTITION BY toDate(TimeUnix) ORDER BY (ServiceName, MetricName, Attributes, toUnixTimestamp64Nano(TimeUnix))`,
];

const readJsonl = (file: string): Row[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Row);

/** Seconds with a fraction, as DateTime64 reads a text timestamp. */
const ts = (ms: number): string => (ms / 1000).toFixed(3);
const STATUS: Record<string, string> = { ok: 'Ok', error: 'Error' };

/**
 * Writes a native bundle's telemetry into the exporter's tables as the Collector would: rows
 * carry resource attributes (k8s.namespace.name, k8s.pod.name, service.name, …, as the
 * k8sattributes processor adds them) and no entity id; nothing else of the bundle (no
 * topology, alerts, events, changes or manifest) reaches the database. Returns rows written.
 */
export function writeAsCollector(runner: ChRunner, bundleDir: string): number {
  for (const sql of EXPORTER_DDL) runner.exec(sql);
  const topology = Topology.parse(JSON.parse(readFileSync(join(bundleDir, 'topology.json'), 'utf8')));
  const resources = new Map<string, { attrs: Record<string, string>; service: string }>();
  const resource = (entity: string): { attrs: Record<string, string>; service: string } => {
    let r = resources.get(entity);
    if (!r) {
      const attrs = Object.fromEntries(resourceFor(entity, topology).map((a) => [a.key, a.value.stringValue]));
      r = { attrs, service: attrs['service.name'] ?? '' };
      resources.set(entity, r);
    }
    return r;
  };
  let written = 0;
  const put = (table: string, columns: string[], rows: unknown[][]): void => {
    runner.insert(table, columns, Buffer.from(`${rows.map((r) => JSON.stringify(r)).join('\n')}\n`));
    written += rows.length;
  };
  put(
    'otel_traces',
    [
      'Timestamp',
      'TraceId',
      'SpanId',
      'ParentSpanId',
      'SpanName',
      'SpanKind',
      'ServiceName',
      'ResourceAttributes',
      'Duration',
      'StatusCode',
      'StatusMessage',
    ],
    readJsonl(join(bundleDir, 'spans.jsonl')).map((s) => {
      const r = resource(String(s.entity));
      const kind = typeof s.kind === 'string' ? `${s.kind[0]?.toUpperCase() ?? ''}${s.kind.slice(1)}` : '';
      return [
        ts(toMs(s.start)),
        s.traceId,
        s.spanId,
        s.parentSpanId ?? '',
        s.name ?? '',
        kind,
        r.service,
        r.attrs,
        Math.round(Number(s.durationMs) * 1e6),
        STATUS[String(s.status)] ?? 'Unset',
        s.statusMessage ?? '',
      ];
    }),
  );
  put(
    'otel_logs',
    ['Timestamp', 'TraceId', 'SpanId', 'SeverityText', 'ServiceName', 'Body', 'ResourceAttributes'],
    readJsonl(join(bundleDir, 'logs.jsonl')).map((l) => {
      const r = resource(String(l.entity));
      return [ts(toMs(l.time)), l.traceId ?? '', l.spanId ?? '', l.severity ?? '', r.service, l.body, r.attrs];
    }),
  );
  put(
    'otel_metrics_gauge',
    ['TimeUnix', 'StartTimeUnix', 'MetricName', 'MetricUnit', 'Value', 'Attributes', 'ServiceName', 'ResourceAttributes'],
    readJsonl(join(bundleDir, 'metrics.jsonl')).map((m) => {
      const r = resource(String(m.entity));
      return [ts(toMs(m.time)), ts(toMs(m.time)), m.name, m.unit ?? '', m.value, m.labels ?? {}, r.service, r.attrs];
    }),
  );
  return written;
}
