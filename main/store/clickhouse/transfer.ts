import type { Db } from '../../db/open.js';
import type { ChRunner } from './runner.js';

/** Rows per INSERT: large blocks are what MergeTree writes fastest. */
const CHUNK_ROWS = 200_000;

type Cell = string | number | bigint | null | undefined;
type Entity = { eid: string; kind: string; name: string; namespace: string | null };

/** Seconds with a fraction, as DateTime64 reads a text timestamp. */
const ts = (ms: Cell): string => {
  const n = Number(ms);
  const s = Math.floor(n / 1000);
  return `${s}.${String(n - s * 1000).padStart(3, '0')}`;
};
const orEmpty = (v: Cell): string => (v === null || v === undefined ? '' : String(v));

/** Resource attributes of an entity as the Collector would write them, plus `eog.entity` (see schema.ts). */
function resourceOf(e: Entity): { attrs: Record<string, string>; service: string } {
  const attrs: Record<string, string> = { 'eog.entity': e.eid };
  if (e.namespace) attrs['k8s.namespace.name'] = e.namespace;
  if (e.kind === 'Pod') attrs['k8s.pod.name'] = e.name;
  const service = e.kind === 'Service' ? e.name : '';
  if (service) attrs['service.name'] = service;
  return { attrs, service };
}

function labelMap(labels: Cell): Record<string, string> {
  if (typeof labels !== 'string' || labels === '') return {};
  try {
    const parsed = JSON.parse(labels) as unknown;
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  } catch {
    return {};
  }
}

interface TableCopy {
  from: string;
  to: string;
  columns: readonly string[];
  row(r: Cell[], entity: (key: Cell) => Entity): unknown[];
}

/** How each SQLite table becomes ClickHouse rows: project tables as they are, telemetry in the exporter's columns. */
const copies: readonly TableCopy[] = [
  {
    from: 'SELECT line, entity, time, ends_at, name, severity, summary, labels, extra FROM alerts',
    to: 'alerts',
    columns: ['line', 'entity', 'time', 'ends_at', 'name', 'severity', 'summary', 'labels', 'extra'],
    row: (r, entity) => [r[0], entity(r[1]).eid, ...r.slice(2)],
  },
  {
    from: 'SELECT line, entity, time, type, reason, message, count, extra FROM events',
    to: 'events',
    columns: ['line', 'entity', 'time', 'type', 'reason', 'message', 'count', 'extra'],
    row: (r, entity) => [r[0], entity(r[1]).eid, ...r.slice(2)],
  },
  {
    from: 'SELECT line, entity, time, kind, summary, diff, actor, extra FROM changes',
    to: 'changes',
    columns: ['line', 'entity', 'time', 'kind', 'summary', 'diff', 'actor', 'extra'],
    row: (r, entity) => [r[0], entity(r[1]).eid, ...r.slice(2)],
  },
  {
    from: 'SELECT line, entity, time, severity, body, trace_id, span_id, attrs FROM logs',
    to: 'otel_logs',
    columns: ['EogLine', 'Timestamp', 'SeverityText', 'Body', 'TraceId', 'SpanId', 'ServiceName', 'ResourceAttributes', 'LogAttributes'],
    row: (r, entity) => {
      const res = resourceOf(entity(r[1]));
      return [r[0], ts(r[2]), orEmpty(r[3]), r[4], orEmpty(r[5]), orEmpty(r[6]), res.service, res.attrs, labelMap(r[7])];
    },
  },
  {
    from: 'SELECT line, entity, time, duration_ms, trace_id, span_id, parent_span_id, name, status, status_message, kind FROM spans',
    to: 'otel_traces',
    columns: [
      'EogLine',
      'Timestamp',
      'Duration',
      'TraceId',
      'SpanId',
      'ParentSpanId',
      'SpanName',
      'StatusCode',
      'StatusMessage',
      'SpanKind',
      'ServiceName',
      'ResourceAttributes',
    ],
    row: (r, entity) => {
      const res = resourceOf(entity(r[1]));
      const status = String(r[8]);
      const code = status === 'ok' ? 'Ok' : status === 'error' ? 'Error' : 'Unset';
      const ns = Math.max(0, Math.round(Number(r[3]) * 1e6));
      return [r[0], ts(r[2]), ns, r[4], r[5], orEmpty(r[6]), r[7], code, orEmpty(r[9]), orEmpty(r[10]), res.service, res.attrs];
    },
  },
  {
    from: "SELECT line, entity, time, name, value, unit, coalesce(labels, '') FROM metrics",
    to: 'otel_metrics_gauge',
    columns: [
      'EogLine',
      'TimeUnix',
      'StartTimeUnix',
      'MetricName',
      'Value',
      'MetricUnit',
      'EogLabels',
      'Attributes',
      'ServiceName',
      'ResourceAttributes',
    ],
    row: (r, entity) => {
      const res = resourceOf(entity(r[1]));
      return [r[0], ts(r[2]), ts(r[2]), r[3], r[4], orEmpty(r[5]), r[6], labelMap(r[6]), res.service, res.attrs];
    },
  },
  {
    from: 'SELECT id, entity, kind, extractor, time, score, summary, detail, file_id, line, sample_lines, hides_line FROM signals',
    to: 'eog_signals',
    columns: ['id', 'entity', 'kind', 'extractor', 'time', 'score', 'summary', 'detail', 'file_id', 'line', 'sample_lines', 'hides_line'],
    row: (r, entity) => [r[0], entity(r[1]).eid, ...r.slice(2)],
  },
];

/** JSON for ClickHouse: a number that is not finite has no JSON form. */
function jsonRow(values: unknown[]): string {
  return JSON.stringify(values, (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? null : v));
}

export interface TransferCounts {
  rows: number;
  ms: number;
}

/**
 * Copies an imported SQLite store into ClickHouse tables (schema.ts), in large
 * JSONCompactEachRow blocks; the engine parses them. `onRows` sees the running row count.
 */
export function transferStore(
  db: Db,
  runner: ChRunner,
  onRows: (rows: number) => void = () => undefined,
  /** Target tables written another way (see transferNative). */
  skip: ReadonlySet<string> = new Set(),
): TransferCounts {
  const started = Date.now();
  const entities = new Map<number, Entity>();
  for (const e of db.prepare('SELECT id, eid, kind, name, namespace FROM entities').all() as (Entity & { id: number })[])
    entities.set(e.id, e);
  const entity = (key: Cell): Entity => entities.get(Number(key)) ?? { eid: `unknown#${String(key)}`, kind: '', name: '', namespace: null };
  let rows = 0;
  const copy = (from: string, to: string, columns: readonly string[], row: (r: Cell[]) => unknown[]): void => {
    let lines: string[] = [];
    const flush = (): void => {
      if (lines.length === 0) return;
      runner.insert(to, columns, Buffer.from(`${lines.join('\n')}\n`));
      rows += lines.length;
      lines = [];
      onRows(rows);
    };
    for (const r of db.prepare(from).raw(true).iterate() as IterableIterator<Cell[]>) {
      lines.push(jsonRow(row(r)));
      if (lines.length >= CHUNK_ROWS) flush();
    }
    flush();
  };
  copy('SELECT id, path, kind, sha256, lines, rows FROM files', 'eog_files', ['id', 'path', 'kind', 'sha256', 'lines', 'rows'], (r) => r);
  copy(
    'SELECT id, eid, kind, name, namespace, labels, attrs, is_declared, file_id, line FROM entities',
    'eog_entities',
    ['id', 'eid', 'kind', 'name', 'namespace', 'labels', 'attrs', 'is_declared', 'file_id', 'line'],
    (r) => r,
  );
  copy(
    'SELECT rowid, source, target, relation, file_id, line FROM edges ORDER BY rowid',
    'eog_edges',
    ['ord', 'source', 'target', 'relation', 'file_id', 'line'],
    (r) => [r[0], entity(r[1]).eid, entity(r[2]).eid, ...r.slice(3)],
  );
  for (const c of copies) if (!skip.has(c.to)) copy(c.from, c.to, c.columns, (r) => c.row(r, entity));
  return { rows, ms: Date.now() - started };
}

/** An entity's resource attributes and service name, as resourceOf() makes them, in SQL over eog_entities. */
const RESOURCES = `(SELECT id, if(kind = 'Service', name, '') AS service,
  mapFilter((k, v) -> v != '', map('eog.entity', eid, 'k8s.namespace.name', ifNull(namespace, ''),
    'k8s.pod.name', if(kind = 'Pod', name, ''), 'service.name', if(kind = 'Service', name, ''))) AS res
  FROM eog_entities)`;

const attrs = (column: string): string =>
  `if(ifNull(${column}, '') = '', CAST(map(), 'Map(String, String)'), JSONExtract(ifNull(${column}, '{}'), 'Map(String, String)'))`;

/** The telemetry tables the embedded engine reads straight from the scratch SQLite file (transferNative). */
export const NATIVE_TABLES: ReadonlySet<string> = new Set(['otel_logs', 'otel_traces', 'otel_metrics_gauge']);

/**
 * chdb only: the engine reads the telemetry tables straight from the scratch SQLite file
 * (ClickHouse's sqlite() table function) and maps them as `copies` does, with no rows in
 * JavaScript. A server cannot read a local file; it gets transferStore's blocks instead.
 * Run after eog_entities is written (it maps entity keys). Returns the rows written.
 */
export function transferNative(runner: ChRunner, sqliteFile: string): number {
  const file = `'${sqliteFile.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const from = (table: string): string => `sqlite(${file}, '${table}') AS t INNER JOIN ${RESOURCES} AS e ON t.entity = e.id`;
  runner.exec(`INSERT INTO otel_logs (EogLine, Timestamp, SeverityText, Body, TraceId, SpanId, ServiceName, ResourceAttributes, LogAttributes)
    SELECT t.line, fromUnixTimestamp64Milli(toInt64(t.time)), ifNull(t.severity, ''), t.body, ifNull(t.trace_id, ''), ifNull(t.span_id, ''),
      e.service, e.res, ${attrs('t.attrs')} FROM ${from('logs')}`);
  runner.exec(`INSERT INTO otel_traces (EogLine, Timestamp, Duration, TraceId, SpanId, ParentSpanId, SpanName, StatusCode, StatusMessage,
      SpanKind, ServiceName, ResourceAttributes)
    SELECT t.line, fromUnixTimestamp64Milli(toInt64(t.time)), toUInt64(greatest(0, round(t.duration_ms * 1e6))), t.trace_id, t.span_id,
      ifNull(t.parent_span_id, ''), t.name, multiIf(t.status = 'ok', 'Ok', t.status = 'error', 'Error', 'Unset'), ifNull(t.status_message, ''),
      ifNull(t.kind, ''), e.service, e.res FROM ${from('spans')}`);
  runner.exec(`INSERT INTO otel_metrics_gauge (EogLine, TimeUnix, StartTimeUnix, MetricName, Value, MetricUnit, EogLabels, Attributes, ServiceName,
      ResourceAttributes)
    SELECT t.line, fromUnixTimestamp64Milli(toInt64(t.time)), fromUnixTimestamp64Milli(toInt64(t.time)), t.name, t.value, ifNull(t.unit, ''),
      ifNull(t.labels, ''), ${attrs('t.labels')}, e.service, e.res FROM ${from('metrics')}`);
  const counted = runner.rows(
    'SELECT (SELECT count() FROM otel_logs) + (SELECT count() FROM otel_traces) + (SELECT count() FROM otel_metrics_gauge) AS n',
  );
  return Number(counted[0]?.n ?? 0);
}
