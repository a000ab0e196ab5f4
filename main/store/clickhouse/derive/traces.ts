import type { EntityStatusMessages, KnownEdge, PeriodSpanStats, TraceAggregation } from '../../../../core/signals/index.js';
import type { ChRow, ChRunner } from '../runner.js';
import type { SqlPeriods } from './periods.js';

/**
 * Nearest-rank quantiles as core/signals' QuantileSketch reports them below its exact limit:
 * quantileExact takes the value at floor(level·n), so a level a hair under q lands on rank
 * ceil(q·n).
 */
const rank = (q: number, expr: string): string => `quantileExact(${q - 1e-9})(${expr})`;
/** Status messages kept per entity, and their length, as core/signals/traces/status-messages.ts. */
const MAX_MESSAGES = 20;
const MAX_CHARS = 300;
/** A parent may start this long before the earliest child read, and still be joined. */
const PARENT_LEAD_MS = 10 * 60_000;

/** Per-period stats from one aggregate row; `gap` is null for an entity's own spans. */
function statsOf(r: ChRow | undefined): PeriodSpanStats {
  const calls = Number(r?.calls ?? 0);
  const errors = Number(r?.errors ?? 0);
  return {
    calls,
    errors,
    errorRate: calls > 0 ? errors / calls : 0,
    p50Ms: calls > 0 ? Number(r?.p50) : null,
    p95Ms: calls > 0 ? Number(r?.p95) : null,
    gapP50Ms: r?.gap === undefined || r.gap === null || calls === 0 ? null : Number(r.gap),
  };
}

function compare(
  rows: Map<string, ChRow>,
): Pick<TraceAggregation['edges'][number], 'window' | 'baseline' | 'latencyRatio' | 'errorRateDelta'> {
  const window = statsOf(rows.get('window'));
  const baseline = statsOf(rows.get('baseline'));
  const latencyRatio = window.p95Ms === null || baseline.p95Ms === null || baseline.p95Ms <= 0 ? null : window.p95Ms / baseline.p95Ms;
  return { window, baseline, latencyRatio, errorRateDelta: window.errorRate - baseline.errorRate };
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Groups aggregate rows by a key, then by period. */
function grouped(rows: readonly ChRow[], keyOf: (r: ChRow) => string): Map<string, Map<string, ChRow>> {
  const out = new Map<string, Map<string, ChRow>>();
  for (const r of rows) {
    const key = keyOf(r);
    const byPeriod = out.get(key) ?? new Map<string, ChRow>();
    byPeriod.set(String(r.period), r);
    out.set(key, byPeriod);
  }
  return out;
}

/**
 * Trace-edge statistics computed by ClickHouse: caller→callee from parent/child spans (the
 * child's period; calls within one entity are no edge), calls, errors, p50/p95 latency and
 * the caller-side gap (parent minus child duration) per period; per-entity span summaries;
 * the entities' error status messages. The same TraceAggregation core/signals' streaming
 * aggregator makes, in three queries whose answers are one row per edge, entity or message.
 */
export function traceAggregation(runner: ChRunner, periods: SqlPeriods, knownEdges: readonly KnownEdge[]): TraceAggregation {
  const params = { ...periods.params, plo: Number(periods.params.lo) - PARENT_LEAD_MS };
  const edgeRows = runner.rows(
    `SELECT caller, callee, period, count() AS calls, countIf(c_status = 'error') AS errors,
       ${rank(0.5, 'c_ms')} AS p50, ${rank(0.95, 'c_ms')} AS p95, ${rank(0.5, 'greatest(0, p_ms - c_ms)')} AS gap
     FROM (
       SELECT p.entity AS caller, c.entity AS callee, ${periods.period('c.time')} AS period, c.status AS c_status,
         c.duration_ms AS c_ms, p.duration_ms AS p_ms
       FROM (SELECT entity, time, duration_ms, trace_id, parent_span_id, status FROM spans
             WHERE ${periods.range} AND parent_span_id IS NOT NULL) AS c
       INNER JOIN (SELECT entity, duration_ms, trace_id, span_id FROM spans WHERE time >= {plo:Int64} AND time <= {we:Int64}) AS p
         ON c.trace_id = p.trace_id AND assumeNotNull(c.parent_span_id) = p.span_id
       WHERE c.entity != p.entity
     ) WHERE period != ''
     GROUP BY caller, callee, period`,
    params,
  );
  const entityRows = runner.rows(
    `SELECT entity, period, count() AS calls, countIf(status = 'error') AS errors,
       ${rank(0.5, 'duration_ms')} AS p50, ${rank(0.95, 'duration_ms')} AS p95
     FROM (SELECT entity, status, duration_ms, ${periods.period()} AS period FROM spans WHERE ${periods.range})
     WHERE period != '' GROUP BY entity, period`,
    params,
  );
  const counts = runner.rows(
    `SELECT count() AS spans, countIf(parent_span_id IS NULL) AS roots FROM spans WHERE ${periods.range}`,
    params,
  )[0];
  const known = new Set(knownEdges.map((e) => `${e.source}\u0000${e.target}`));
  const edges = [...grouped(edgeRows, (r) => `${String(r.caller)}\u0000${String(r.callee)}`)]
    .map(([key, rows]) => {
      const [caller = '', callee = ''] = key.split('\u0000');
      return { caller, callee, ...compare(rows), isDiscovered: !known.has(key) };
    })
    .sort((a, b) => byText(a.caller, b.caller) || byText(a.callee, b.callee));
  const entities = [...grouped(entityRows, (r) => String(r.entity))]
    .map(([entity, rows]) => ({ entity, ...compare(rows) }))
    .sort((a, b) => byText(a.entity, b.entity));
  return {
    edges,
    entities: entities.map((e) => ({ ...e, window: { ...e.window, gapP50Ms: null }, baseline: { ...e.baseline, gapP50Ms: null } })),
    statusMessages: statusMessages(runner, periods),
    spans: Number(counts?.spans ?? 0),
    rootSpans: Number(counts?.roots ?? 0),
    unresolvedSpans: 0,
  };
}

/** Each entity's error status messages, counted per period (the first 20 distinct per entity). */
function statusMessages(runner: ChRunner, periods: SqlPeriods): EntityStatusMessages[] {
  const rows = runner.rows(
    `SELECT entity, text, countIf(period = 'window') AS w, countIf(period = 'baseline') AS b, min(time) AS first
     FROM (SELECT entity, time, substring(assumeNotNull(status_message), 1, ${MAX_CHARS}) AS text, ${periods.period()} AS period
           FROM spans WHERE ${periods.range} AND status = 'error' AND status_message IS NOT NULL AND status_message != '')
     WHERE period != '' GROUP BY entity, text ORDER BY entity, first, text LIMIT ${MAX_MESSAGES} BY entity`,
    periods.params,
  );
  const byEntity = new Map<string, { text: string; window: number; baseline: number }[]>();
  for (const r of rows) {
    const list = byEntity.get(String(r.entity)) ?? [];
    list.push({ text: String(r.text), window: Number(r.w), baseline: Number(r.b) });
    byEntity.set(String(r.entity), list);
  }
  return [...byEntity]
    .sort(([a], [b]) => byText(a, b))
    .map(([entity, messages]) => ({ entity, messages: messages.sort((a, b) => b.window - a.window || byText(a.text, b.text)) }));
}
