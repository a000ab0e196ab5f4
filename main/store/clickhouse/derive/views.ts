import type { ChRunner } from '../runner.js';
import { chProjectTables, chTelemetry, chViews, ENTITY_EXPR } from '../schema.js';

/** The exporter's telemetry tables the investigation reads (histograms are not read). */
const READ_TABLES = ['otel_traces', 'otel_logs', 'otel_metrics_gauge', 'otel_metrics_sum'] as const;

/**
 * A stable key standing in for the bundle line of a row the Collector wrote (EogLine 0 or no
 * such column): evidence ids (`span:N`) must tell rows apart. 53 bits, so it stays exact in
 * JSON numbers.
 */
const ROW_KEY: Record<(typeof READ_TABLES)[number], string> = {
  otel_traces: 'cityHash64(TraceId, SpanId)',
  otel_logs: 'cityHash64(Timestamp, TraceId, SpanId, Body, ResourceAttributes)',
  otel_metrics_gauge: 'cityHash64(TimeUnix, MetricName, Attributes, ResourceAttributes)',
  otel_metrics_sum: 'cityHash64(TimeUnix, MetricName, Attributes, ResourceAttributes)',
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
 * A view of schema.ts rewritten for the columns a table has. Cumulative monotonic sums
 * (counters) are left out of `metrics`: their raw values only grow, so neither a robust z nor
 * a chart of them says anything without a rate (docs/clickhouse.md).
 */
export function adaptView(view: string, columns: ReadonlyMap<string, ReadonlySet<string>>): string {
  const parts = view.split(/\bUNION ALL\b/);
  return parts
    .map((part) => {
      const table = READ_TABLES.find((t) => new RegExp(`FROM ${t}\\b`).test(part));
      if (!table) return part;
      const has = (c: string): boolean => columns.get(table)?.has(c) ?? false;
      const line = has('EogLine') ? `if(EogLine != 0, EogLine, ${key53(ROW_KEY[table])})` : key53(ROW_KEY[table]);
      let out = part
        .replace('EogLine AS line', `${line} AS line`)
        .replace('EogEntity AS entity', `${has('EogEntity') ? 'EogEntity' : `(${ENTITY_EXPR})`} AS entity`);
      if (table.startsWith('otel_metrics_')) {
        const labels = `toJSONString(mapSort(Attributes))`;
        out = out.replace('EogLabels AS labels', `${has('EogLabels') ? `if(EogLabels != '', EogLabels, ${labels})` : labels} AS labels`);
      }
      if (table === 'otel_metrics_sum') out = `${out.trimEnd()} WHERE NOT (IsMonotonic AND AggregationTemporality = 2)\n   `;
      return out;
    })
    .join('UNION ALL');
}
