import type { Buckets } from '../../../core/charts/index.js';
import type { SeriesSource } from '../evidence-store.js';
import { MAX_TRACE_SPANS, type LogRow, type MarkerRow, type MetricPoint, type SpanRow } from '../series.js';
import type { EdgeBuckets, FanOutBuckets, SpanSummary } from '../span-series.js';
import type { BandPeriod, LogCounts, MetricSeries } from '../chart-series.js';
import { chLogCounts, chMetricSeries } from './chart-series.js';
import type { ChRow, ChRunner } from './runner.js';
import { chEdgeBuckets, chFanOutBuckets, chSpanSummary } from './span-series.js';

const RANGE = 'entity = {e:String} AND time >= {s:Int64} AND time < {t:Int64}';
const num = (v: ChRow[string] | undefined): number => Number(v);
const strOrNull = (v: ChRow[string] | undefined): string | null => (v === null || v === undefined ? null : String(v));

/** The chart queries of store/series.ts on ClickHouse (same rows, same order). */
export class ChSeries implements SeriesSource {
  constructor(
    private readonly runner: ChRunner,
    /** Store key to entity id and back. */
    private readonly idOf: (key: number) => string,
    /** Derived signal rows held in memory (a Collector's database), instead of eog_signals. */
    private readonly signals: readonly ChRow[] | null = null,
  ) {}

  private span(r: ChRow): SpanRow {
    return {
      line: num(r.line),
      entity: String(r.entity),
      time: num(r.time),
      durationMs: num(r.duration_ms),
      traceId: String(r.trace_id),
      spanId: String(r.span_id),
      parentSpanId: strOrNull(r.parent_span_id),
      name: r.name === undefined ? '' : String(r.name),
      status: String(r.status),
    };
  }

  metrics(entity: number, start: number, end: number): MetricPoint[] {
    const rows = this.runner.rows(`SELECT name, labels, unit, time, value FROM metrics WHERE ${RANGE} ORDER BY time, line`, {
      e: this.idOf(entity),
      s: start,
      t: end,
    });
    return rows.map((r) => ({
      name: String(r.name),
      labels: String(r.labels ?? ''),
      unit: strOrNull(r.unit),
      time: num(r.time),
      value: num(r.value),
    }));
  }

  metricSeries(entity: number, start: number, end: number, columns: number, band: BandPeriod): MetricSeries[] {
    return chMetricSeries(this.runner, this.idOf(entity), start, end, columns, band);
  }

  logCounts(entities: readonly number[], buckets: Buckets, templates: readonly string[]): LogCounts {
    return chLogCounts(this.runner, entities.map(this.idOf), buckets, templates);
  }

  spans(entity: number, start: number, end: number): SpanRow[] {
    const rows = this.runner.rows(
      `SELECT line, entity, time, duration_ms, trace_id, span_id, parent_span_id, status FROM spans WHERE ${RANGE} ORDER BY time, line`,
      { e: this.idOf(entity), s: start, t: end },
    );
    return rows.map((r) => ({ ...this.span(r), name: '' }));
  }

  spanSummary(entities: readonly number[], buckets: Buckets, since: number): SpanSummary {
    return chSpanSummary(this.runner, entities.map(this.idOf), buckets, since);
  }

  edgeBuckets(callers: readonly number[], callees: readonly number[], buckets: Buckets): EdgeBuckets | null {
    return chEdgeBuckets(this.runner, callers.map(this.idOf), callees.map(this.idOf), buckets);
  }

  fanOutBuckets(entities: readonly number[], callees: readonly number[], buckets: Buckets): FanOutBuckets | null {
    return chFanOutBuckets(this.runner, entities.map(this.idOf), callees.map(this.idOf), buckets);
  }

  trace(traceId: string): { spans: SpanRow[]; omitted: number } {
    const rows = this.runner.rows('SELECT * FROM spans WHERE trace_id = {id:String} ORDER BY time, line LIMIT {n:UInt64}', {
      id: traceId,
      n: MAX_TRACE_SPANS + 1,
    });
    const total =
      rows.length > MAX_TRACE_SPANS
        ? num(this.runner.rows('SELECT count() AS n FROM spans WHERE trace_id = {id:String}', { id: traceId })[0]?.n ?? 0)
        : rows.length;
    return { spans: rows.slice(0, MAX_TRACE_SPANS).map((r) => this.span(r)), omitted: total - Math.min(total, MAX_TRACE_SPANS) };
  }

  logs(entity: number, start: number, end: number): LogRow[] {
    const rows = this.runner.rows(`SELECT line, time, body FROM logs WHERE ${RANGE} ORDER BY time, line`, {
      e: this.idOf(entity),
      s: start,
      t: end,
    });
    return rows.map((r) => ({ line: num(r.line), time: num(r.time), body: String(r.body) }));
  }

  templates(entity: number): { id: string; score: number; detail: string }[] {
    if (this.signals) {
      const id = this.idOf(entity);
      return this.signals
        .filter((r) => r.entity === id && r.extractor === 'log_template')
        .map((r) => ({ id: String(r.id), score: num(r.score), detail: String(r.detail) }))
        .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    }
    return this.runner
      .rows(
        `SELECT id, score, detail FROM eog_signals WHERE entity = {e:String} AND extractor = 'log_template' ORDER BY score DESC, id LIMIT 1 BY id`,
        {
          e: this.idOf(entity),
        },
      )
      .map((r) => ({ id: String(r.id), score: num(r.score), detail: String(r.detail) }));
  }

  /** Alerts, changes and non-Normal events in one round trip (one UNION ALL, split here in each kind's order). */
  markers(entity: number, start: number, end: number): { alerts: MarkerRow[]; changes: MarkerRow[]; events: MarkerRow[] } {
    const rows = this.runner.rows(
      `SELECT 'alerts' AS k, line, concat('alert:', toString(line)) AS id, time, name AS label FROM alerts WHERE ${RANGE}
       UNION ALL SELECT 'changes' AS k, line, concat('change:', toString(line)) AS id, time, summary AS label FROM changes WHERE ${RANGE}
       UNION ALL SELECT 'events' AS k, line, concat('event:', toString(line)) AS id, time, reason AS label FROM events
         WHERE ${RANGE} AND type <> 'Normal'
       ORDER BY k, time, line`,
      { e: this.idOf(entity), s: start, t: end },
    );
    const out: { alerts: MarkerRow[]; changes: MarkerRow[]; events: MarkerRow[] } = { alerts: [], changes: [], events: [] };
    for (const r of rows) out[r.k as keyof typeof out].push({ id: String(r.id), time: num(r.time), label: String(r.label) });
    return out;
  }
}
