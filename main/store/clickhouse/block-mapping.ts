import { availableParallelism } from 'node:os';
import type { RecordFileName } from '../../../core/snapshot/schema.js';
import { sqlString } from './runner.js';

/**
 * How one record kind's block file becomes rows of its ClickHouse table. A block line is
 * `line, entity key`, then the record's columns as the SQLite store binds them
 * (store/schema.ts rawColumnTypes), tab-separated (TSV). `select` reads the block as `t`
 * and the ingest entity table (INGEST_ENTITIES) as `e`, and maps the columns as the
 * OpenTelemetry Collector's exporter names them (schema.ts).
 */
export interface BlockMapping {
  table: string;
  columns: readonly string[];
  /** The block's columns, as ClickHouse reads them (file() or input() structure). */
  structure: string;
  select: string;
}

/** Per entity key: its id (a block names entities by id). Their resources are in schema.ts CH_RESOURCES. */
export const INGEST_ENTITIES = 'eog_ingest_entities';
export const INGEST_ENTITIES_DDL = `CREATE TABLE ${INGEST_ENTITIES} (id UInt32, eid String) ENGINE = Memory`;

/** A JSON object of strings (log attributes, metric labels) as a map; empty when absent. */
const attrs = (column: string): string =>
  `if(ifNull(${column}, '') = '', CAST(map(), 'Map(String, String)'), JSONExtract(ifNull(${column}, '{}'), 'Map(String, String)'))`;
const ms = (column: string): string => `fromUnixTimestamp64Milli(${column})`;

const lead = 'line UInt64, entity UInt32, time Int64';

export const blockMappings: Record<RecordFileName, BlockMapping> = {
  alerts: {
    table: 'alerts',
    columns: ['line', 'entity', 'time', 'ends_at', 'name', 'severity', 'summary', 'labels', 'extra'],
    structure: `${lead}, ends_at Nullable(Int64), name String, severity String, summary Nullable(String), labels Nullable(String),
      extra Nullable(String)`,
    select: 't.line, e.eid, t.time, t.ends_at, t.name, t.severity, t.summary, t.labels, t.extra',
  },
  events: {
    table: 'events',
    columns: ['line', 'entity', 'time', 'type', 'reason', 'message', 'count', 'extra'],
    structure: `${lead}, type String, reason String, message String, count Nullable(Int64), extra Nullable(String)`,
    select: 't.line, e.eid, t.time, t.type, t.reason, t.message, t.count, t.extra',
  },
  changes: {
    table: 'changes',
    columns: ['line', 'entity', 'time', 'kind', 'summary', 'diff', 'actor', 'extra'],
    structure: `${lead}, kind String, summary String, diff Nullable(String), actor Nullable(String), extra Nullable(String)`,
    select: 't.line, e.eid, t.time, t.kind, t.summary, t.diff, t.actor, t.extra',
  },
  logs: {
    table: 'otel_logs',
    columns: ['EogLine', 'EogEntity', 'Timestamp', 'SeverityText', 'Body', 'TraceId', 'SpanId', 'LogAttributes'],
    structure: `${lead}, severity Nullable(String), body String, trace_id Nullable(String), span_id Nullable(String),
      attrs Nullable(String), extra Nullable(String)`,
    select: `t.line, e.eid, ${ms('t.time')}, ifNull(t.severity, ''), t.body, ifNull(t.trace_id, ''), ifNull(t.span_id, ''), ${attrs('t.attrs')}`,
  },
  spans: {
    table: 'otel_traces',
    columns: [
      'EogLine',
      'EogEntity',
      'Timestamp',
      'Duration',
      'TraceId',
      'SpanId',
      'ParentSpanId',
      'SpanName',
      'StatusCode',
      'StatusMessage',
      'SpanKind',
    ],
    structure: `${lead}, duration_ms Float64, trace_id String, span_id String, parent_span_id Nullable(String), name String,
      status String, status_message Nullable(String), kind Nullable(String), extra Nullable(String)`,
    select: `t.line, e.eid, ${ms('t.time')}, toUInt64(greatest(0, round(t.duration_ms * 1e6))), t.trace_id, t.span_id,
      ifNull(t.parent_span_id, ''), t.name, multiIf(t.status = 'ok', 'Ok', t.status = 'error', 'Error', 'Unset'),
      ifNull(t.status_message, ''), ifNull(t.kind, '')`,
  },
  metrics: {
    table: 'otel_metrics_gauge',
    columns: ['EogLine', 'EogEntity', 'TimeUnix', 'StartTimeUnix', 'MetricName', 'Value', 'MetricUnit', 'EogLabels', 'Attributes'],
    structure: `${lead}, name String, value Float64, unit Nullable(String), labels Nullable(String), extra Nullable(String)`,
    select: `t.line, e.eid, ${ms('t.time')}, ${ms('t.time')}, t.name, t.value, ifNull(t.unit, ''), ifNull(t.labels, ''), ${attrs('t.labels')}`,
  },
};

/** Threads for one large INSERT: parse and write on every core (the import waits on it). */
const insertThreads = (): number => Math.max(1, availableParallelism());

/** Bytes, and rows, of rows one INSERT thread gathers into a part before sorting and writing it. */
const INSERT_PART_BYTES = 8 * 1024 * 1024;
const INSERT_PART_ROWS = 65_536;
/** Rows per block read from a file and passed down the INSERT's pipeline. */
const READ_BLOCK_ROWS = 8_192;

/**
 * Settings of every large INSERT. Rows are parsed and written on every core. A part is
 * written once a thread holds INSERT_PART_BYTES or INSERT_PART_ROWS of rows, and the file is
 * read in blocks of READ_BLOCK_ROWS: the engine's defaults (parts of a million rows or
 * 256 MiB, blocks of 65,536 rows, each column of a wide OpenTelemetry table buffered per
 * block) made the embedded engine's peak memory grow with row width and thread count; with
 * these, `eog import` of a 1M-row bundle into chdb peaked 640 MB instead of 860 MB
 * (BENCHMARKS.md §6b), at no measurable cost in time. The background merges join the
 * smaller parts. A file is read with pread: chdb, like clickhouse-local, maps it into memory
 * by default, and its pages then count in the workbench process's resident memory, as large
 * as the file.
 */
export function insertSettings(): Record<string, number | string> {
  return {
    max_insert_threads: insertThreads(),
    min_insert_block_size_bytes: INSERT_PART_BYTES,
    min_insert_block_size_rows: INSERT_PART_ROWS,
    max_block_size: READ_BLOCK_ROWS,
    storage_file_read_method: 'pread',
  };
}

/** Settings as a SETTINGS clause's list. */
export function settingsSql(settings: Readonly<Record<string, number | string>>): string {
  return Object.entries(settings)
    .map(([k, v]) => `${k} = ${typeof v === 'number' ? v : sqlString(v)}`)
    .join(', ');
}

/** The INSERT that maps a block read from `source` (file(...) or input(...)) into its table. */
export function blockInsertSql(mapping: BlockMapping, source: string): string {
  return `INSERT INTO ${mapping.table} (${mapping.columns.join(', ')}) SELECT ${mapping.select}
    FROM ${source} AS t INNER JOIN ${INGEST_ENTITIES} AS e ON t.entity = e.id SETTINGS ${settingsSql(insertSettings())}`;
}

/** One TSV cell: `\N` for null; tab, newline, carriage return and backslash escaped as ClickHouse's TSV reads them. */
export function tsvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number') return String(value);
  return NEEDS_ESCAPE.test(value) ? value.replace(ESCAPED, (c) => ESCAPES[c] ?? c) : value;
}
const NEEDS_ESCAPE = /[\t\n\r\\]/;
const ESCAPED = /[\t\n\r\\]/g;
const ESCAPES: Record<string, string> = { '\t': '\\t', '\n': '\\n', '\r': '\\r', '\\': '\\\\' };
