import type { StatementCache } from '../db/statements.js';
import type { Buckets } from '../../core/charts/index.js';
import { countTemplateLines, metricSeriesOf, type BandPeriod, type LineClass, type LogCounts, type MetricSeries } from './chart-series.js';
import type { RowContext } from './rows.js';
import {
  fanOutPerBucket,
  mergeByTime,
  pairEdgeSpans,
  summariseSpans,
  type EdgeBuckets,
  type FanOutBuckets,
  type SpanRow,
  type SpanSummary,
} from './span-series.js';

export type { SpanRow } from './span-series.js';

export interface MetricPoint {
  name: string;
  labels: string;
  unit: string | null;
  time: number;
  value: number;
}

export interface LogRow {
  line: number;
  time: number;
  body: string;
}

export interface MarkerRow {
  id: string;
  time: number;
  label: string;
}

/** chart-series.ts's classKey in SQL: every digit 1–9 read as 1. */
const LINE_CLASS = [2, 3, 4, 5, 6, 7, 8, 9].reduce((expr, d) => `replace(${expr}, '${d}', '1')`, 'body');
/** core/charts bucketOf (bound: the buckets' start, width and count); REAL, so the division is a float's. */
const BUCKET_OF = 'min(? - 1, CAST((time - ?) / CAST(? AS REAL) AS INTEGER))';
const LOGS_IN_RANGE = 'FROM logs WHERE entity = ? AND time >= ? AND time < ?';

/** Spans read for one trace: a runaway trace is cut here, the waterfall says how many. */
export const MAX_TRACE_SPANS = 500;

interface SpanDbRow {
  line: number;
  entity: number;
  time: number;
  duration_ms: number;
  trace_id: string;
  span_id: string;
  parent_span_id: string | null;
  name: string;
  status: string;
}

/**
 * Raw rows over time for the evidence charts, read through the (entity, time) indexes. Every
 * number a chart draws comes from here; the session turns rows into downsampled series.
 */
export class SeriesQueries {
  constructor(
    private readonly statements: StatementCache,
    private readonly ctx: RowContext,
  ) {}

  private span(r: SpanDbRow): SpanRow {
    return {
      line: r.line,
      entity: this.ctx.entityId(r.entity),
      time: r.time,
      durationMs: r.duration_ms,
      traceId: r.trace_id,
      spanId: r.span_id,
      parentSpanId: r.parent_span_id,
      name: r.name,
      status: r.status,
    };
  }

  /** The entity's metric series in the range, min/max-downsampled to `columns` (chart-series.ts). */
  metricSeries(entity: number, start: number, end: number, columns: number, band: BandPeriod): MetricSeries[] {
    // In the process: SQLite runs in it, so its rows cross no wire; the (entity, time) index gives time, then line order.
    const rows = this.statements
      .get(
        `SELECT name, coalesce(labels, ''), unit, time, value FROM metrics WHERE entity = ? AND time >= ? AND time < ? ORDER BY time, line`,
      )
      .raw(true)
      .all(entity, start, end) as [string, string, string | null, number, number][];
    return metricSeriesOf(
      rows.map(([name, labels, unit, time, value]) => ({ name, labels, unit, time, value })),
      columns,
      band,
    );
  }

  /** Lines per bucket of `entities`, all and per template: counted per line class in SQL (chart-series.ts). */
  logCounts(entities: readonly number[], buckets: Buckets, templates: readonly string[]): LogCounts {
    const classes: LineClass[] = [];
    const read = (sql: string, entity: number, extra: unknown[]): LineClass[] =>
      (
        this.statements
          .get(sql)
          .raw(true)
          .all(buckets.count, buckets.start, buckets.width, entity, buckets.start, buckets.end, ...extra) as [
          string,
          string,
          number,
          number,
        ][]
      ).map(([key, example, b, n]) => ({ key, example, counts: [[b, n]] }));
    for (const entity of entities)
      classes.push(...read(`SELECT ${LINE_CLASS} AS k, body, ${BUCKET_OF} AS b, count(*) ${LOGS_IN_RANGE} GROUP BY k, b`, entity, []));
    return countTemplateLines(templates, buckets.count, classes, (keys) =>
      entities.flatMap((entity) =>
        read(
          `SELECT body, body, ${BUCKET_OF} AS b, count(*) ${LOGS_IN_RANGE} AND ${LINE_CLASS} IN (SELECT value FROM json_each(?)) GROUP BY body, b`,
          entity,
          [JSON.stringify(keys)],
        ),
      ),
    );
  }

  metrics(entity: number, start: number, end: number): MetricPoint[] {
    // Raw rows and the (entity, time) index order: 100k points read without a sort or row objects.
    const rows = this.statements
      .get(`SELECT name, coalesce(labels, ''), unit, time, value FROM metrics WHERE entity = ? AND time >= ? AND time < ? ORDER BY time`)
      .raw(true)
      .all(entity, start, end) as [string, string, string | null, number, number][];
    return rows.map(([name, labels, unit, time, value]) => ({ name, labels, unit, time, value }));
  }

  /** The entity's spans for charts (no names: the waterfall reads its trace with `trace`). */
  spans(entity: number, start: number, end: number): SpanRow[] {
    const id = this.ctx.entityId(entity);
    const rows = this.statements
      .get(
        'SELECT line, time, duration_ms, trace_id, span_id, parent_span_id, status FROM spans WHERE entity = ? AND time >= ? AND time < ? ORDER BY time',
      )
      .raw(true)
      .all(entity, start, end) as [number, number, number, string, string, string | null, string][];
    return rows.map(([line, time, durationMs, traceId, spanId, parentSpanId, status]) => ({
      line,
      entity: id,
      time,
      durationMs,
      traceId,
      spanId,
      parentSpanId,
      name: '',
      status,
    }));
  }

  spanSummary(entities: readonly number[], buckets: Buckets, since: number): SpanSummary {
    return summariseSpans(this.spansOf(entities, buckets), buckets, since);
  }

  edgeBuckets(callers: readonly number[], callees: readonly number[], buckets: Buckets): EdgeBuckets | null {
    return pairEdgeSpans(this.spansOf(callers, buckets), this.spansOf(callees, buckets), buckets);
  }

  fanOutBuckets(entities: readonly number[], callees: readonly number[], buckets: Buckets): FanOutBuckets | null {
    return fanOutPerBucket(this.spansOf(entities, buckets), this.spansOf(callees, buckets), buckets);
  }

  private spansOf(entities: readonly number[], buckets: Buckets): SpanRow[] {
    return mergeByTime(entities.map((e) => this.spans(e, buckets.start, buckets.end)));
  }

  /** The spans of one trace, by start time (a scan: the store has no trace index). */
  trace(traceId: string): { spans: SpanRow[]; omitted: number } {
    const rows = this.statements
      .get('SELECT * FROM spans WHERE trace_id = ? ORDER BY time, line LIMIT ?')
      .all(traceId, MAX_TRACE_SPANS + 1) as SpanDbRow[];
    const total =
      rows.length > MAX_TRACE_SPANS
        ? (this.statements.get('SELECT count(*) AS n FROM spans WHERE trace_id = ?').get(traceId) as { n: number }).n
        : rows.length;
    return { spans: rows.slice(0, MAX_TRACE_SPANS).map((r) => this.span(r)), omitted: total - Math.min(total, MAX_TRACE_SPANS) };
  }

  logs(entity: number, start: number, end: number): LogRow[] {
    const rows = this.statements
      .get('SELECT line, time, body FROM logs WHERE entity = ? AND time >= ? AND time < ?')
      .raw(true)
      .all(entity, start, end) as [number, number, string][];
    // The index orders logs by error-ness first: restore time order here.
    return rows.map(([line, time, body]) => ({ line, time, body })).sort((a, b) => a.time - b.time || a.line - b.line);
  }

  /** The entity's log-template signals (id, score and stored detail JSON). */
  templates(entity: number): { id: string; score: number; detail: string }[] {
    return this.statements
      .get(`SELECT id, score, detail FROM signals WHERE entity = ? AND extractor = 'log_template' ORDER BY score DESC, id`)
      .all(entity) as { id: string; score: number; detail: string }[];
  }

  /** Alerts, events and changes of the entity: the vertical markers of its charts. */
  markers(entity: number, start: number, end: number): { alerts: MarkerRow[]; changes: MarkerRow[]; events: MarkerRow[] } {
    const read = (sql: string): MarkerRow[] => this.statements.get(sql).all(entity, start, end) as MarkerRow[];
    return {
      alerts: read(
        `SELECT 'alert:' || line AS id, time, name AS label FROM alerts WHERE entity = ? AND time >= ? AND time < ? ORDER BY time`,
      ),
      changes: read(
        `SELECT 'change:' || line AS id, time, summary AS label FROM changes WHERE entity = ? AND time >= ? AND time < ? ORDER BY time`,
      ),
      events: read(
        `SELECT 'event:' || line AS id, time, reason AS label FROM events WHERE entity = ? AND time >= ? AND time < ? AND type <> 'Normal' ORDER BY time`,
      ),
    };
  }
}
