import { createHash } from 'node:crypto';
import type { TimeWindow } from '../../../../core/model/packet.js';
import type { Topology } from '../../../../core/model/topology.js';
import { classifyEvent, type TraceAggregation } from '../../../../core/signals/index.js';
import type { StoreMeta } from '../../meta.js';
import { signalRowsOf, type SignalContext, type SignalInputs, type SignalRow } from '../../signals/build.js';
import type { FailureEvent } from '../../signals/collect.js';
import { aliasExpandedEdges } from '../../signals/known-edges.js';
import { linkTemplateOperations } from '../../signals/operations.js';
import type { ChRow, ChRunner } from '../runner.js';
import { templateCounts, type ArrivalOrder } from './logs.js';
import { metricAnomalies } from './metrics.js';
import { clickHouseSpanOperations } from './operations.js';
import { chosenWindow, recentWindow, SqlPeriods, type ChosenWindow } from './periods.js';
import { collectorTopology } from './topology.js';
import { traceAggregation } from './traces.js';
import { adoptCollectorDatabase, collectorTables } from './views.js';

/** Where derived signals and raw rows say they came from: the exporter's tables (no bundle file). */
/** The manifest source kind of a Collector's database read where it is (what the app shows it as). */
export const COLLECTOR_SOURCE_KIND = 'otel-collector-clickhouse';

export const COLLECTOR_FILES: Readonly<Record<SignalRow['file'], { id: number; path: string }>> = {
  alerts: { id: 1, path: 'alerts' },
  events: { id: 2, path: 'events' },
  changes: { id: 3, path: 'changes' },
  logs: { id: 4, path: 'otel_logs' },
  spans: { id: 5, path: 'otel_traces' },
  metrics: { id: 6, path: 'otel_metrics_gauge+otel_metrics_sum+otel_metrics_histogram' },
};

/** What an investigation needs that `eog import` would have stored, derived from the telemetry. */
export interface CollectorDerived {
  meta: StoreMeta;
  topology: Topology;
  /** eog_signals rows (entity by id), in HeadRows' order: entity, time, id. */
  signals: ChRow[];
}

export class NoTelemetryError extends Error {
  override name = 'NoTelemetryError';
}

/**
 * Opens a database the OpenTelemetry Collector's ClickHouse exporter wrote, with no `eog
 * import` behind it: views over its tables (DDL only, views.ts), the window (the recent half
 * hour against the time before it), the topology from resource attributes and spans, and the
 * derived signals computed by ClickHouse (trace edges, metric anomalies, log template counts,
 * failure events), turned into evidence by the same code as at import (signals/build.ts).
 * `chosen` places the window instead (`--window`, `--incident-time`).
 * Throws NoTelemetryError when the database holds none of the exporter's tables or no rows.
 */
export function deriveFromCollector(runner: ChRunner, label: string, chosen?: ChosenWindow): CollectorDerived {
  if (collectorTables(runner).size === 0) throw new NoTelemetryError('no eog_meta table and none of the OpenTelemetry exporter tables');
  adoptCollectorDatabase(runner);
  const bounds = runner.rows(
    `SELECT min(time) AS lo, max(time) AS hi, count() AS n FROM (
       SELECT time FROM spans UNION ALL SELECT time FROM logs UNION ALL SELECT time FROM metrics)`,
  )[0];
  if (!bounds || Number(bounds.n) === 0) throw new NoTelemetryError('the OpenTelemetry exporter tables hold no rows');
  const extent: TimeWindow = { start: Number(bounds.lo), end: Number(bounds.hi) };
  const window = chosen ? chosenWindow(extent, chosen) : recentWindow(extent);
  const periods = new SqlPeriods(window);
  const traces = traceAggregation(runner, periods, [], 'time');
  const topology = collectorTopology(runner, Number(periods.params.lo), traces);
  const signals = derivedSignals(runner, periods, { topology, traces, extent });
  const snapshotHash = createHash('sha256')
    .update(JSON.stringify([label, extent, Number(bounds.n), ...(chosen ? [window.window, window.incidentTime] : [])]))
    .digest('hex');
  const meta: StoreMeta = {
    manifest: {
      format: 'eog-snapshot',
      version: 1,
      name: label,
      description: 'OpenTelemetry Collector tables in ClickHouse, read where they are (no eog import)',
      source: { kind: COLLECTOR_SOURCE_KIND },
    },
    snapshotHash,
    window,
    bundleRoot: '',
    manifestFileId: 0,
  };
  return { meta, topology, signals };
}

/**
 * The derived signals of a window, computed by ClickHouse (trace edges, metric anomalies, log
 * template counts, failure events) and turned into evidence rows by signals/build.ts, as an
 * import would store them. `traces`: an aggregation already made for this window (its edges
 * are marked discovered against `topology` here).
 */
export function derivedSignals(
  runner: ChRunner,
  periods: SqlPeriods,
  given: { topology: Topology; extent: TimeWindow | null; traces?: TraceAggregation },
): ChRow[] {
  const { inputs, context } = signalInputs(runner, periods, given.topology, 'time', given.traces);
  const rows = signalRowsOf(inputs, { ...context, final: periods.info, extent: given.extent });
  linkTemplateOperations(rows, clickHouseSpanOperations(runner, periods));
  return rows.map(signalRow).sort((a, b) => cmp(a.entity, b.entity) || Number(a.time) - Number(b.time) || cmp(a.id, b.id));
}

/**
 * What signals/build.ts turns into signal rows, computed by ClickHouse over the periods, and
 * the known edges and entities of the topology it compares them with. `arrival`: the order the
 * rows count as seen in (logs.ts).
 */
export function signalInputs(
  runner: ChRunner,
  periods: SqlPeriods,
  topology: Pick<Topology, 'entities' | 'edges'>,
  arrival: ArrivalOrder,
  given?: TraceAggregation,
): { inputs: SignalInputs; context: Pick<SignalContext, 'knownEdges' | 'entities'> } {
  const knownEdges = aliasExpandedEdges(topology);
  const known = new Set(knownEdges.map((e) => `${e.source}\u0000${e.target}`));
  const traces = given ?? traceAggregation(runner, periods, knownEdges, arrival);
  for (const e of traces.edges) e.isDiscovered = !known.has(`${e.caller}\u0000${e.callee}`);
  const inputs = {
    failures: failureEvents(runner, periods),
    templates: templateCounts(runner, periods, arrival),
    anomalies: metricAnomalies(runner, periods),
    traces,
  };
  return { inputs, context: { knownEdges, entities: topology.entities.map((e) => ({ id: e.id, kind: e.kind, name: e.name })) } };
}

const cmp = (a: ChRow[string] | undefined, b: ChRow[string] | undefined): number =>
  String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;

/** A signal row as the store's eog_signals table holds it. */
function signalRow(r: SignalRow): ChRow {
  return {
    id: r.id,
    entity: r.entity,
    kind: r.kind,
    extractor: r.extractor,
    time: r.time,
    score: r.score,
    summary: r.summary,
    detail: JSON.stringify(r.detail),
    file_id: COLLECTOR_FILES[r.file].id,
    line: r.line,
    sample_lines: JSON.stringify(r.samples),
    hides_line: r.hidesLine,
  };
}

/** Kubernetes failure events, when the project's events table holds any (few: read and classified here). */
function failureEvents(runner: ChRunner, periods: SqlPeriods): FailureEvent[] {
  const out: FailureEvent[] = [];
  for (const r of runner.rows(
    `SELECT line, entity, time, type, reason, message, count FROM events WHERE ${periods.range} ORDER BY time, line`,
    periods.params,
  )) {
    const [eventType, reason, message] = [String(r.type), String(r.reason), String(r.message)];
    const { isFailure, category } = classifyEvent(reason, message, eventType);
    if (!isFailure) continue;
    out.push({
      line: Number(r.line),
      entity: String(r.entity),
      time: Number(r.time),
      reason,
      eventType,
      message,
      count: r.count === null ? 1 : Number(r.count),
      category,
    });
  }
  return out;
}
