import {
  bucketKey,
  bucketValue,
  byText,
  CLIENT_SPAN_KINDS,
  LATENCY_SKETCH,
  sketchGamma,
  SKETCH_ZERO,
  type EntityStatusMessages,
  type KnownEdge,
  type OperationCalls,
  type PeriodSpanStats,
  type TraceAggregation,
} from '../../../../core/signals/index.js';
import { FAR } from '../../signals/periods.js';
import { BOUNDED_MEMORY, type ChRow, type ChRunner } from '../runner.js';
import { arrivalKey, spanKey, type ArrivalOrder } from './logs.js';
import type { SqlPeriods } from './periods.js';

const GAMMA = sketchGamma(LATENCY_SKETCH.relativeAccuracy);
/** As QuantileSketch computes it, so a value falls in the same bucket. */
const LOG_GAMMA = Math.log(GAMMA);

/**
 * The p50 and p95 (or p50 alone) of an expression as core/signals' QuantileSketch reports them
 * for the trace aggregator, so the stores' diagnoses agree: the nearest-rank value, which is
 * the answer up to LATENCY_SKETCH.exactLimit values; past it the sketch answers with that
 * value's logarithmic bucket (quantileOf), as a value's bucket key never decreases with the
 * value, so the nearest-rank key is the key of the nearest-rank value. quantilesExact takes
 * the value at floor(level·n), so a level a hair under q lands on rank ceil(q·n).
 */
function sketched(expr: string, name: string, levels: readonly number[]): string {
  return `quantilesExact(${levels.map((q) => q - 1e-9).join(', ')})(${expr}) AS ${name}_x`;
}

/** The i-th sketched quantile of a row (null without values). */
function quantileOf(r: ChRow | undefined, name: string, i: number, count: number): number | null {
  if (!r || count === 0) return null;
  const value = Number((r[`${name}_x`] as unknown as number[])[i]);
  if (count <= LATENCY_SKETCH.exactLimit) return value;
  return value < SKETCH_ZERO ? 0 : bucketValue(bucketKey(value, LOG_GAMMA), GAMMA);
}
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
    p50Ms: quantileOf(r, 'lat', 0, calls),
    p95Ms: quantileOf(r, 'lat', 1, calls),
    // Every call of an edge adds its gap; an entity's own spans have none.
    gapP50Ms: r?.gap_x === undefined ? null : quantileOf(r, 'gap', 0, calls),
    // The tail only of gaps under client spans (core/signals/traces/period-stats.ts).
    gapP95Ms: r?.cgap_x === undefined || Number(r.client_calls) === 0 ? null : quantileOf(r, 'cgap', 0, Number(r.client_calls)),
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

/** An entity's root spans per period, as the aggregator counts them. */
function rootsOf(rows: Map<string, ChRow>): { window: number; baseline: number } {
  return { window: Number(rows.get('window')?.roots ?? 0), baseline: Number(rows.get('baseline')?.roots ?? 0) };
}

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
export function traceAggregation(
  runner: ChRunner,
  periods: SqlPeriods,
  knownEdges: readonly KnownEdge[],
  arrival: ArrivalOrder,
): TraceAggregation {
  const params = { ...periods.params, plo: Math.max(Number(periods.params.lo) - PARENT_LEAD_MS, -FAR) };
  // A span exported twice is one parent, as in the aggregator's index (the first one seen).
  const first = arrivalKey(arrival);
  const edgeRows = runner.rows(
    `SELECT caller, callee, period, count() AS calls, countIf(c_status = 'error') AS errors,
       ${sketched('c_ms', 'lat', [0.5, 0.95])}, ${sketched('greatest(0, p_ms - c_ms)', 'gap', [0.5])},
       ${sketched('if(p_client, greatest(0, p_ms - c_ms), NULL)', 'cgap', [0.95])}, countIf(p_client) AS client_calls
     FROM (
       SELECT p.entity AS caller, c.entity AS callee, ${periods.period('c.time')} AS period, c.status AS c_status,
         c.duration_ms AS c_ms, p.duration_ms AS p_ms, p.is_client AS p_client
       FROM (SELECT entity, time, duration_ms, status, ${spanKey('assumeNotNull(parent_span_id)')} AS k FROM spans
             WHERE ${periods.range} AND parent_span_id IS NOT NULL) AS c
       INNER JOIN (SELECT ${spanKey('span_id')} AS k, argMin(entity, ${first}) AS entity, argMin(duration_ms, ${first}) AS duration_ms,
                     argMin(lower(ifNull(kind, '')) IN (${CLIENT_SPAN_KINDS.map((k) => `'${k}'`).join(', ')}), ${first}) AS is_client FROM spans
                   WHERE time >= {plo:Int64} AND time <= {hi:Int64} GROUP BY k) AS p
         ON c.k = p.k
       WHERE c.entity != p.entity
     ) WHERE period != ''
     GROUP BY caller, callee, period
     SETTINGS ${BOUNDED_MEMORY}`,
    params,
  );
  const entityRows = runner.rows(
    `SELECT entity, period, count() AS calls, countIf(status = 'error') AS errors, countIf(is_root) AS roots,
       ${sketched('duration_ms', 'lat', [0.5, 0.95])}
     FROM (SELECT entity, status, duration_ms, parent_span_id IS NULL AS is_root, ${periods.period()} AS period FROM spans WHERE ${periods.range})
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
    .map(([entity, rows]) => ({ entity, ...compare(rows), roots: rootsOf(rows) }))
    .sort((a, b) => byText(a.entity, b.entity));
  return {
    edges,
    operations: operationCalls(runner, periods, arrival),
    entities,
    statusMessages: statusMessages(runner, periods, arrival),
    spans: Number(counts?.spans ?? 0),
    rootSpans: Number(counts?.roots ?? 0),
    unresolvedSpans: 0,
  };
}

/**
 * Each operation's spans (entity, name) that lie wholly in one period, and the calls they made
 * by callee entity and operation, counted in the parent's period; calls within one entity
 * count too. As the aggregator does: a parent span exported twice is its first, a child only
 * counts when its own start lies in a period, and unnamed spans are no operation.
 */
function operationCalls(runner: ChRunner, periods: SqlPeriods, arrival: ArrivalOrder): OperationCalls[] {
  const params = { ...periods.params, plo: Math.max(Number(periods.params.lo) - PARENT_LEAD_MS, -FAR) };
  const first = arrivalKey(arrival);
  const whole = (start: string, duration: string): string =>
    `if(${periods.period(start)} = ${periods.period(`(${start} + ${duration})`)}, ${periods.period(start)}, '')`;
  const spanRows = runner.rows(
    `SELECT entity, name, period, count() AS n
     FROM (SELECT entity, name, ${whole('time', 'duration_ms')} AS period FROM spans WHERE ${periods.range} AND name != '')
     WHERE period != '' GROUP BY entity, name, period`,
    params,
  );
  const callRows = runner.rows(
    `SELECT p_entity, p_name, c_entity, c_name, period, count() AS n
     FROM (
       SELECT p.pe AS p_entity, p.pn AS p_name, c.entity AS c_entity, c.name AS c_name, ${whole('p.pt', 'p.pd')} AS period
       FROM (SELECT entity, name, ${spanKey('assumeNotNull(parent_span_id)')} AS k FROM spans
             WHERE ${periods.range} AND parent_span_id IS NOT NULL AND ${periods.period()} != '') AS c
       INNER JOIN (SELECT ${spanKey('span_id')} AS k, argMin(entity, ${first}) AS pe, argMin(name, ${first}) AS pn,
                     argMin(time, ${first}) AS pt, argMin(duration_ms, ${first}) AS pd FROM spans
                   WHERE time >= {plo:Int64} AND time <= {hi:Int64} GROUP BY k HAVING pn != '') AS p
         ON c.k = p.k
     ) WHERE period != ''
     GROUP BY p_entity, p_name, c_entity, c_name, period
     SETTINGS ${BOUNDED_MEMORY}`,
    params,
  );
  const ops = new Map<string, OperationCalls>();
  const opOf = (entity: string, name: string): OperationCalls => {
    const key = `${entity}\u0000${name}`;
    let op = ops.get(key);
    if (!op) {
      op = { entity, name, spans: { window: 0, baseline: 0 }, calls: [] };
      ops.set(key, op);
    }
    return op;
  };
  const periodOf = (r: ChRow): 'window' | 'baseline' => (r.period === 'window' ? 'window' : 'baseline');
  for (const r of spanRows) opOf(String(r.entity), String(r.name)).spans[periodOf(r)] += Number(r.n);
  const calls = new Map<string, OperationCalls['calls'][number]>();
  for (const r of callRows) {
    const op = opOf(String(r.p_entity), String(r.p_name));
    const key = `${op.entity}\u0000${op.name}\u0000${String(r.c_entity)}\u0000${String(r.c_name)}`;
    let call = calls.get(key);
    if (!call) {
      call = { entity: String(r.c_entity), name: String(r.c_name), window: 0, baseline: 0 };
      calls.set(key, call);
      op.calls.push(call);
    }
    call[periodOf(r)] += Number(r.n);
  }
  return [...ops.values()]
    .sort((a, b) => byText(a.entity, b.entity) || byText(a.name, b.name))
    .map((op) => ({ ...op, calls: op.calls.sort((a, b) => byText(a.entity, b.entity) || byText(a.name, b.name)) }));
}

/** Each entity's error status messages, counted per period (the first 20 distinct per entity, in arrival order). */
function statusMessages(runner: ChRunner, periods: SqlPeriods, arrival: ArrivalOrder): EntityStatusMessages[] {
  const rows = runner.rows(
    `SELECT entity, text, countIf(period = 'window') AS w, countIf(period = 'baseline') AS b, min(${arrivalKey(arrival)}) AS first
     FROM (SELECT entity, time, line, substring(assumeNotNull(status_message), 1, ${MAX_CHARS}) AS text, ${periods.period()} AS period
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
