import { OTLP_SEVERITY_BANDS } from '../../../core/signals/logs/severity.js';
import { IS_ERROR_LOG } from '../schema.js';
import { sqlString } from './runner.js';

/** Bumped when a table changes; a store of another version is refused (re-import). */
export const CH_SCHEMA_VERSION = 4;

const ATTRS = 'Map(LowCardinality(String), String)';

const RES = (key: string): string => `ResourceAttributes['${key}']`;
/** A name as an entity id part: `/` separates the id's parts (main/convert/capture/entity-map.ts safeName). */
const SAFE = (expr: string): string => `replaceAll(${expr}, '/', '_')`;
const NAMESPACE = `if(${RES('k8s.namespace.name')} != '', ${RES('k8s.namespace.name')}, ${RES('service.namespace')})`;
const NS_PREFIX = `if(${NAMESPACE} != '', concat(${SAFE(NAMESPACE)}, '/'), '')`;
const SERVICE = `if(ServiceName != '', ServiceName, ${RES('service.name')})`;

/**
 * The entity a telemetry row belongs to, from its resource attributes: `eog.entity` when an
 * import wrote it, else as `eog convert otlp` names it (main/convert/capture/entity-map.ts
 * entityOf): the pod (k8s.pod.name), else the deployment, else the service (service.name;
 * OpenTelemetry's `unknown_service…` default names none), else the node; in k8s.namespace.name
 * (or service.namespace). A row that names none belongs to Service/unknown. Rows the
 * OpenTelemetry Collector's ClickHouse exporter writes get it as they arrive (or, in tables
 * the exporter created, in the views: clickhouse/derive/views.ts).
 */
export const ENTITY_EXPR = `multiIf(
  ${RES('eog.entity')} != '', ${RES('eog.entity')},
  ${RES('k8s.pod.name')} != '', concat(${NS_PREFIX}, 'Pod/', ${SAFE(RES('k8s.pod.name'))}),
  ${RES('k8s.deployment.name')} != '', concat(${NS_PREFIX}, 'Deployment/', ${SAFE(RES('k8s.deployment.name'))}),
  ${SERVICE} != '' AND NOT startsWith(${SERVICE}, 'unknown_service'), concat(${NS_PREFIX}, 'Service/', ${SAFE(SERVICE)}),
  ${RES('k8s.node.name')} != '', concat('Node/', ${SAFE(RES('k8s.node.name'))}),
  'Service/unknown')`;

/** The project's own tables: meta, provenance, topology, alerts, events, changes, derived signals. */
const project = [
  'CREATE TABLE IF NOT EXISTS eog_meta (key String, value String) ENGINE = MergeTree ORDER BY key',
  `CREATE TABLE IF NOT EXISTS eog_files (id UInt32, path String, kind LowCardinality(String), sha256 String, lines UInt64, rows UInt64)
   ENGINE = MergeTree ORDER BY id`,
  `CREATE TABLE IF NOT EXISTS eog_entities (id UInt32, eid String, kind LowCardinality(String), name String, namespace Nullable(String),
   labels String, attrs String, is_declared UInt8, file_id UInt32, line Nullable(UInt64)) ENGINE = MergeTree ORDER BY id`,
  `CREATE TABLE IF NOT EXISTS eog_edges (ord UInt64, source String, target String, relation LowCardinality(String), file_id UInt32,
   line Nullable(UInt64)) ENGINE = MergeTree ORDER BY ord`,
  `CREATE TABLE IF NOT EXISTS alerts (line UInt64, entity LowCardinality(String), time Int64, ends_at Nullable(Int64), name String,
   severity LowCardinality(String), summary Nullable(String), labels Nullable(String), extra Nullable(String))
   ENGINE = MergeTree ORDER BY (entity, time, line)`,
  `CREATE TABLE IF NOT EXISTS events (line UInt64, entity LowCardinality(String), time Int64, type LowCardinality(String), reason String,
   message String, count Nullable(Int64), extra Nullable(String))
   ENGINE = MergeTree PARTITION BY toYYYYMM(fromUnixTimestamp64Milli(time)) ORDER BY (entity, time, line)`,
  `CREATE TABLE IF NOT EXISTS changes (line UInt64, entity LowCardinality(String), time Int64, kind LowCardinality(String), summary String,
   diff Nullable(String), actor Nullable(String), extra Nullable(String))
   ENGINE = MergeTree PARTITION BY toYYYYMM(fromUnixTimestamp64Milli(time)) ORDER BY (entity, time, line)`,
  `CREATE TABLE IF NOT EXISTS eog_signals (id String, entity LowCardinality(String), kind LowCardinality(String),
   extractor LowCardinality(String), time Int64, score Float64, summary String, detail String, file_id UInt32, line Nullable(UInt64),
   sample_lines String, hides_line Nullable(UInt64)) ENGINE = MergeTree ORDER BY (entity, time, id)`,
];

/**
 * A column of the exporter's tables that an import never fills (the bundle formats have no
 * scopes, span events or links, span attributes or trace state). In a store the import
 * creates it is an ALIAS of its empty value: every query and tool that reads the exporter's
 * columns reads it, and the engine does not write a default per row, which at 1M rows cost
 * about 1 of the span file's 2.4 s INSERT (BENCHMARKS.md §6b). Tables created in a database a
 * Collector writes to keep it stored, since the exporter's INSERTs name every column.
 */
type Unfilled = (column: string, type: string, empty: string) => string;
const storedColumn: Unfilled = (column, type) => `${column} ${type}`;
const aliasColumn: Unfilled = (column, type, empty) => `${column} ${type} ALIAS ${empty}`;

/**
 * How a telemetry table is made: its unfilled columns (above), its entity and resource columns
 * and its table settings.
 */
interface TableStyle {
  unfilled: Unfilled;
  /** EogEntity's definition. */
  entity: string;
  /** ServiceName's and ResourceAttributes' definitions. */
  service: string;
  resources: string;
  settings: string;
}

/**
 * The table an imported store keeps each entity's service name and resource attributes in,
 * once (a Join table, held in memory and on disk): its telemetry tables read them through
 * joinGet in ALIAS columns, so the engine writes no map per row (at 1M rows that map cost
 * about 0.3 s of the span file's INSERT: BENCHMARKS.md §6b). The import fills it as it
 * registers entities (block-sink.ts EntitySync).
 */
export const CH_RESOURCES = 'eog_resources';
const resourcesTable = `CREATE TABLE IF NOT EXISTS ${CH_RESOURCES} (EogEntity String, ServiceName String, ResourceAttributes ${ATTRS})
  ENGINE = Join(ANY, LEFT, EogEntity)`;

/** A resource column of an imported store, read from CH_RESOURCES (joinGet names the table with its database). */
const joinedResource = (database: string, column: string, type: string): string =>
  `${column} ${type} ALIAS joinGet(${sqlString(`${database}.${CH_RESOURCES}`)}, '${column}', EogEntity)`;

const collectorStyle: TableStyle = {
  unfilled: storedColumn,
  entity: `EogEntity LowCardinality(String) DEFAULT ${ENTITY_EXPR}`,
  service: 'ServiceName LowCardinality(String)',
  resources: `ResourceAttributes ${ATTRS}`,
  settings: '',
};

/**
 * Merges read one column at a time (ClickHouse's vertical merge) whatever the table's width.
 * The engine merges column by column only from 11 non-key columns by default; with the
 * unfilled columns made ALIAS an imported otel_logs has 8, and a horizontal merge of many
 * parts buffers every column of every part at once: the 20M-row import's peak rose from 0.97
 * to 1.26 GB until merges were vertical again.
 */
const VERTICAL_MERGES = ' SETTINGS vertical_merge_algorithm_min_columns_to_activate = 1';

/** An imported store's telemetry tables: the import writes every row's entity; what it never fills, and the resources, are ALIAS. */
const importedStyle = (database: string): TableStyle => ({
  unfilled: aliasColumn,
  entity: 'EogEntity LowCardinality(String)',
  service: joinedResource(database, 'ServiceName', 'LowCardinality(String)'),
  resources: joinedResource(database, 'ResourceAttributes', ATTRS),
  settings: VERTICAL_MERGES,
});

const metricValueColumns = (u: Unfilled) =>
  ({
    gauge: 'Value Float64,',
    sum: `Value Float64, ${u('AggregationTemporality', 'Int32', '0')}, ${u('IsMonotonic', 'Bool', 'false')},`,
    histogram:
      'Count UInt64, Sum Float64, BucketCounts Array(UInt64), ExplicitBounds Array(Float64), Min Float64, Max Float64, AggregationTemporality Int32,',
  }) as const;

/**
 * Telemetry in the tables (and column names) of the OpenTelemetry Collector's ClickHouse
 * exporter, so a store can be an existing deployment's database. Three columns are the
 * workbench's: EogEntity (an import writes it; rows the exporter writes get it from their
 * resource attributes as they arrive), EogLine (the bundle
 * line a row came from; 0 for rows the exporter wrote) and, for metrics, EogLabels. Ordered by
 * entity then time: every investigation read is one entity over a time range.
 */
function telemetryTables(style: TableStyle): string[] {
  const { unfilled: u, entity, service, resources, settings } = style;
  const attrs = (column: string) => u(column, ATTRS, 'map()');
  const text = (column: string, type = 'String') => u(column, type, "''");
  const array = (column: string, type: string) => u(`\`${column}\``, `Array(${type})`, '[]');
  return [
    `CREATE TABLE IF NOT EXISTS otel_logs (
    Timestamp DateTime64(9) CODEC(Delta(8), ZSTD(1)), TimestampTime DateTime DEFAULT toDateTime(Timestamp),
    TraceId String CODEC(ZSTD(1)), SpanId String CODEC(ZSTD(1)), ${u('TraceFlags', 'UInt8', '0')},
    SeverityText LowCardinality(String), ${u('SeverityNumber', 'UInt8', '0')}, ${service}, Body String CODEC(ZSTD(1)),
    ${text('ResourceSchemaUrl', 'LowCardinality(String)')}, ${resources}, ${text('ScopeSchemaUrl', 'LowCardinality(String)')},
    ${text('ScopeName')}, ${text('ScopeVersion', 'LowCardinality(String)')}, ${attrs('ScopeAttributes')}, LogAttributes ${ATTRS},
    ${entity}, EogLine UInt64 DEFAULT 0,
    INDEX idx_trace_id TraceId TYPE bloom_filter(0.001) GRANULARITY 1
  ) ENGINE = MergeTree PARTITION BY toDate(TimestampTime) ORDER BY (EogEntity, TimestampTime, Timestamp)${settings}`,
    `CREATE TABLE IF NOT EXISTS otel_traces (
    Timestamp DateTime64(9) CODEC(Delta(8), ZSTD(1)), TraceId String CODEC(ZSTD(1)), SpanId String CODEC(ZSTD(1)),
    ParentSpanId String CODEC(ZSTD(1)), ${text('TraceState')}, SpanName LowCardinality(String), SpanKind LowCardinality(String),
    ${service}, ${resources}, ${text('ScopeName')}, ${text('ScopeVersion')}, ${attrs('SpanAttributes')},
    Duration UInt64, StatusCode LowCardinality(String), StatusMessage String,
    ${array('Events.Timestamp', 'DateTime64(9)')}, ${array('Events.Name', 'LowCardinality(String)')}, ${array('Events.Attributes', ATTRS)},
    ${array('Links.TraceId', 'String')}, ${array('Links.SpanId', 'String')}, ${array('Links.TraceState', 'String')}, ${array('Links.Attributes', ATTRS)},
    ${entity}, EogLine UInt64 DEFAULT 0,
    INDEX idx_trace_id TraceId TYPE bloom_filter(0.001) GRANULARITY 1
  ) ENGINE = MergeTree PARTITION BY toDate(Timestamp) ORDER BY (EogEntity, toDateTime(Timestamp), Timestamp)${settings}`,
    ...(['gauge', 'sum', 'histogram'] as const).map(
      (type) => `CREATE TABLE IF NOT EXISTS otel_metrics_${type} (
    ${resources}, ${text('ResourceSchemaUrl')}, ${text('ScopeName')}, ${text('ScopeVersion')}, ${attrs('ScopeAttributes')},
    ${u('ScopeDroppedAttrCount', 'UInt32', '0')}, ${text('ScopeSchemaUrl')}, ${service}, MetricName String,
    ${text('MetricDescription')}, MetricUnit String, Attributes ${ATTRS}, StartTimeUnix DateTime64(9) CODEC(Delta, ZSTD(1)),
    TimeUnix DateTime64(9) CODEC(Delta, ZSTD(1)), ${metricValueColumns(u)[type]} ${u('Flags', 'UInt32', '0')},
    ${entity}, EogLine UInt64 DEFAULT 0, EogLabels String DEFAULT ''
  ) ENGINE = MergeTree PARTITION BY toDate(TimeUnix) ORDER BY (EogEntity, MetricName, toUnixTimestamp64Nano(TimeUnix))${settings}`,
    ),
  ];
}

/** The telemetry tables with every exporter column stored: created in a database a Collector writes to (derive/views.ts). */
export const chTelemetry: readonly string[] = telemetryTables(collectorStyle);

/**
 * A log row's severity: its text, else its OTLP SeverityNumber's band (1–4 TRACE … 21–24
 * FATAL), as `eog convert otlp` reads a record. Rows `eog import` writes state the text or
 * nothing (number 0); a Collector may store only the number (SDKs and bridges that set it alone).
 */
/** The band of a non-zero SeverityNumber (1–4 TRACE … 21–24 FATAL). */
export const SEVERITY_NUMBER_BAND = `multiIf(${OTLP_SEVERITY_BANDS.slice(0, -1)
  .map((band, i) => `SeverityNumber <= ${4 * (i + 1)}, '${band}'`)
  .join(', ')}, '${OTLP_SEVERITY_BANDS.at(-1) ?? ''}')`;
const LOG_SEVERITY = `coalesce(nullIf(SeverityText, ''), if(SeverityNumber = 0, NULL, ${SEVERITY_NUMBER_BAND}))`;

/**
 * The record tables the investigation reads, under the column names of the SQLite store, so
 * the evidence queries and row mapping are the same on both (views are query text: filters on
 * entity and time reach the tables' ordering keys).
 */
export const chViews: readonly string[] = [
  `CREATE OR REPLACE VIEW logs AS SELECT EogLine AS line, EogEntity AS entity, toUnixTimestamp64Milli(Timestamp) AS time,
   ${LOG_SEVERITY} AS severity, Body AS body, nullIf(TraceId, '') AS trace_id, nullIf(SpanId, '') AS span_id
   FROM otel_logs`,
  `CREATE OR REPLACE VIEW spans AS SELECT EogLine AS line, EogEntity AS entity, toUnixTimestamp64Milli(Timestamp) AS time,
   Duration / 1e6 AS duration_ms, TraceId AS trace_id, SpanId AS span_id, nullIf(ParentSpanId, '') AS parent_span_id,
   SpanName AS name, lower(StatusCode) AS status, nullIf(StatusMessage, '') AS status_message, nullIf(SpanKind, '') AS kind
   FROM otel_traces`,
  `CREATE OR REPLACE VIEW metrics AS
   SELECT EogLine AS line, EogEntity AS entity, toUnixTimestamp64Milli(TimeUnix) AS time, MetricName AS name, Value AS value,
   nullIf(MetricUnit, '') AS unit, EogLabels AS labels FROM otel_metrics_gauge
   UNION ALL
   SELECT EogLine AS line, EogEntity AS entity, toUnixTimestamp64Milli(TimeUnix) AS time, MetricName AS name, Value AS value,
   nullIf(MetricUnit, '') AS unit, EogLabels AS labels FROM otel_metrics_sum`,
];

/** The tables of a store the import creates, in `database`. */
export const chSchema = (database: string): readonly string[] => [
  ...project,
  resourcesTable,
  ...telemetryTables(importedStyle(database)),
  ...chViews,
];

/** The project's tables, for a database the Collector wrote (clickhouse/derive/views.ts); eog_meta is not among them. */
export const chProjectTables: readonly string[] = project.slice(1);

/** Whether a log row is an error: the same rule as the SQLite store's. */
export const CH_IS_ERROR_LOG = IS_ERROR_LOG;

export const CH_TABLES = [
  'eog_meta',
  'eog_files',
  'eog_entities',
  'eog_edges',
  'alerts',
  'events',
  'changes',
  'eog_signals',
  'otel_logs',
  'otel_traces',
  'otel_metrics_gauge',
  'otel_metrics_sum',
  'otel_metrics_histogram',
  // Last: the telemetry tables read it (a table others depend on is not dropped before them).
  CH_RESOURCES,
] as const;
