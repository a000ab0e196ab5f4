import type { ChRunner } from '../runner.js';
import { chProjectTables, chTelemetry, chViews, ENTITY_EXPR, SEVERITY_NUMBER_BAND } from '../schema.js';
import { counterRates, histogramP95s, POINT_TIME, type DerivedColumns } from './counters.js';
import { collectorLogsView } from './structured-logs.js';

/** The exporter's telemetry tables the investigation reads. */
const READ_TABLES = ['otel_traces', 'otel_logs', 'otel_metrics_gauge', 'otel_metrics_sum', 'otel_metrics_histogram'] as const;
type ReadTable = (typeof READ_TABLES)[number];

/**
 * A stable key standing in for the bundle line of a row the Collector wrote (EogLine 0 or no
 * such column): evidence ids (`span:N`) must tell rows apart. 53 bits, so it stays exact in
 * JSON numbers.
 */
const ROW_KEY: Record<ReadTable, string> = {
  otel_traces: 'cityHash64(TraceId, SpanId)',
  otel_logs: 'cityHash64(Timestamp, TraceId, SpanId, Body, ResourceAttributes)',
  otel_metrics_gauge: 'cityHash64(TimeUnix, MetricName, Attributes, ResourceAttributes)',
  otel_metrics_sum: 'cityHash64(TimeUnix, MetricName, Attributes, ResourceAttributes)',
  // A histogram may share its name, time and attributes with a gauge: its p95 row keeps a key of its own.
  otel_metrics_histogram: "cityHash64('histogram', TimeUnix, MetricName, Attributes, ResourceAttributes)",
};
const key53 = (hash: string): string => `bitAnd(${hash}, 9007199254740991)`;

/** Which exporter tables the database holds, and whether they carry the workbench's columns. */
export function collectorTables(runner: ChRunner): Map<string, Set<string>> {
  const rows = runner.rows(
    `SELECT table, name FROM system.columns WHERE database = currentDatabase() AND table IN (${READ_TABLES.map((t) => `'${t}'`).join(', ')})`,
  );
  const out = new Map<string, Set<string>>();
  for (const r of rows) {
    const columns = out.get(String(r.table)) ?? new Set<string>();
    columns.add(String(r.name));
    out.set(String(r.table), columns);
  }
  return out;
}

/** Whether the database holds eog_meta (a store `eog import` wrote, complete or not). */
export function hasProjectMeta(runner: ChRunner): boolean {
  return runner.rows("SELECT count() AS n FROM system.tables WHERE database = currentDatabase() AND name = 'eog_meta'")[0]?.n !== 0;
}

/**
 * Makes a database the OpenTelemetry Collector's ClickHouse exporter wrote readable as an
 * evidence store, with DDL only (no row is written or changed): the project's tables, empty
 * where the Collector has no such data (alerts, events, changes), and the record views of
 * schema.ts over the exporter's tables. Tables the exporter created itself lack the
 * workbench's columns; the views compute them (the entity from the resource attributes, a
 * row key for the line). Tables missing altogether are created empty with schema.ts's DDL.
 */
export function adoptCollectorDatabase(runner: ChRunner): void {
  for (const sql of chProjectTables) runner.exec(sql);
  const present = collectorTables(runner);
  for (const sql of chTelemetry) {
    const table = /CREATE TABLE IF NOT EXISTS (\w+)/.exec(sql)?.[1];
    if (table && (READ_TABLES as readonly string[]).includes(table) && !present.has(table)) runner.exec(sql);
  }
  const columns = collectorTables(runner);
  for (const view of chViews) runner.exec(adaptView(view, columns));
}

/**
 * A view of schema.ts rewritten for the columns a table has. The metrics view reads what `eog
 * convert otlp` reads from the same points (main/convert/otlp/metrics.ts): gauges and
 * non-monotonic sums as values, monotonic sums as rates and histograms as p95 (counters.ts),
 * finite values only, at the converter's millisecond (rounded).
 */
export function adaptView(view: string, columns: ReadonlyMap<string, ReadonlySet<string>>): string {
  const parts = view.split(/\bUNION ALL\b/);
  const adapted = parts.map((part) => {
    const table = READ_TABLES.find((t) => new RegExp(`FROM ${t}\\b`).test(part));
    if (!table) return part;
    const c = derivedColumns(table, columns);
    // A Collector's log bodies may be JSON lines with no severity stated: read as the converter reads them.
    if (table === 'otel_logs') return collectorLogsView(c, SEVERITY_NUMBER_BAND);
    let out = part.replace('EogLine AS line', `${c.line} AS line`).replace('EogEntity AS entity', `${c.entity} AS entity`);
    if (table.startsWith('otel_metrics_')) {
      out = out
        .replace('EogLabels AS labels', `${c.labels} AS labels`)
        .replace('toUnixTimestamp64Milli(TimeUnix) AS time', `${POINT_TIME('TimeUnix')} AS time`);
      out = `${out.trimEnd()} WHERE ${table === 'otel_metrics_sum' ? 'NOT IsMonotonic AND ' : ''}isFinite(Value)\n   `;
    }
    return out;
  });
  if (!/FROM otel_metrics_sum\b/.test(view)) return adapted.join('UNION ALL');
  const derived = [
    counterRates(derivedColumns('otel_metrics_sum', columns)),
    histogramP95s(derivedColumns('otel_metrics_histogram', columns)),
  ];
  return [...adapted, ...derived.map((d) => `\n   ${d}`)].join('UNION ALL');
}

/** Line, entity and labels of a table's rows, from the workbench's columns where the table has them. */
function derivedColumns(table: ReadTable, columns: ReadonlyMap<string, ReadonlySet<string>>): DerivedColumns {
  const has = (c: string): boolean => columns.get(table)?.has(c) ?? false;
  // No attributes: no labels, as an imported point without labels has ('').
  const labels = `if(empty(Attributes), '', toJSONString(mapSort(Attributes)))`;
  return {
    line: has('EogLine') ? `if(EogLine != 0, EogLine, ${key53(ROW_KEY[table])})` : key53(ROW_KEY[table]),
    entity: has('EogEntity') ? 'EogEntity' : `(${ENTITY_EXPR})`,
    labels: has('EogLabels') ? `if(EogLabels != '', EogLabels, ${labels})` : labels,
  };
}
