import type { Buckets } from '../../../core/charts/index.js';
import { EXEMPLAR_WHY, type EdgeBuckets, type FanOutBuckets, type SpanSummary } from '../span-series.js';
import type { ChParams, ChRow, ChRunner } from './runner.js';

/** Nearest-rank quantile (core/charts quantileSorted): quantileExact takes floor(level·n), a hair under q lands on ceil(q·n). */
const rank = (q: number, expr: string): string => `quantileExact(${q - 1e-9})(${expr})`;
/** The bucket of a time, as core/charts bucketOf (the caller's start and width; the last bucket takes the rounding). */
export const BUCKET = 'least(toUInt32(floor((time - {s:Int64}) / {w:Float64})), {n:UInt32} - 1)';
export const IN_RANGE = 'time >= {s:Int64} AND time < {t:Int64}';

export function bucketParams(buckets: Buckets): ChParams {
  return { s: buckets.start, t: buckets.end, w: buckets.width, n: buckets.count };
}

/** Per-bucket values from aggregate rows keyed by bucket index. */
function perBucket<T>(rows: readonly ChRow[], buckets: Buckets, value: (r: ChRow) => T, empty: T): T[] {
  const out = new Array<T>(buckets.count).fill(empty);
  for (const r of rows) out[Number(r.b)] = value(r);
  return out;
}

/** SeriesSource.spanSummary in two queries: buckets grouped by the engine, and the one exemplar span. */
export function chSpanSummary(runner: ChRunner, entities: readonly string[], buckets: Buckets, since: number): SpanSummary {
  const params = { ...bucketParams(buckets), es: JSON.stringify(entities), since };
  const rows = runner.rows(
    `SELECT ${BUCKET} AS b, count() AS n, countIf(status = 'error') AS e,
       ${rank(0.5, 'duration_ms')} AS p50, ${rank(0.95, 'duration_ms')} AS p95, ${rank(0.99, 'duration_ms')} AS p99
     FROM spans WHERE has(JSONExtract({es:String}, 'Array(String)'), entity) AND ${IN_RANGE} GROUP BY b`,
    params,
  );
  if (rows.length === 0) return { buckets: null, exemplar: null };
  const num = (v: ChRow[string] | undefined): number | null => (v === null || v === undefined ? null : Number(v));
  const exemplar = runner.rows(
    `SELECT line, entity, time, duration_ms, trace_id, span_id, parent_span_id, status FROM spans
     WHERE has(JSONExtract({es:String}, 'Array(String)'), entity) AND ${IN_RANGE}
     ORDER BY time >= {since:Int64} DESC, status = 'error' DESC, duration_ms DESC, time, line LIMIT 1`,
    params,
  )[0];
  return {
    buckets: {
      count: perBucket(rows, buckets, (r) => Number(r.n), 0),
      errorRate: perBucket(rows, buckets, (r) => Number(r.e) / Number(r.n), null),
      p50: perBucket(rows, buckets, (r) => num(r.p50), null),
      p95: perBucket(rows, buckets, (r) => num(r.p95), null),
      p99: perBucket(rows, buckets, (r) => num(r.p99), null),
      points: rows.reduce((sum, r) => sum + Number(r.n), 0),
    },
    exemplar: exemplar
      ? {
          span: {
            line: Number(exemplar.line),
            entity: String(exemplar.entity),
            time: Number(exemplar.time),
            durationMs: Number(exemplar.duration_ms),
            traceId: String(exemplar.trace_id),
            spanId: String(exemplar.span_id),
            parentSpanId: exemplar.parent_span_id === null ? null : String(exemplar.parent_span_id),
            name: '',
            status: String(exemplar.status),
          },
          why: exemplar.status === 'error' ? EXEMPLAR_WHY.error : EXEMPLAR_WHY.slowest,
        }
      : null,
  };
}

/** SeriesSource.edgeBuckets in one query: the parent/child join and the per-bucket p95 run in the engine. */
export function chEdgeBuckets(
  runner: ChRunner,
  callers: readonly string[],
  callees: readonly string[],
  buckets: Buckets,
): EdgeBuckets | null {
  const rows = runner.rows(
    `SELECT b, count() AS n, ${rank(0.95, 'p_ms')} AS caller, ${rank(0.95, 'c_ms')} AS callee FROM (
       SELECT c.b AS b, p.duration_ms AS p_ms, c.duration_ms AS c_ms
       FROM (SELECT ${BUCKET} AS b, trace_id, assumeNotNull(parent_span_id) AS parent, duration_ms FROM spans
             WHERE has(JSONExtract({callees:String}, 'Array(String)'), entity) AND ${IN_RANGE} AND parent_span_id IS NOT NULL) AS c
       INNER JOIN (SELECT trace_id, span_id, any(duration_ms) AS duration_ms FROM spans
             WHERE has(JSONExtract({callers:String}, 'Array(String)'), entity) AND ${IN_RANGE} GROUP BY trace_id, span_id) AS p
       ON c.trace_id = p.trace_id AND c.parent = p.span_id
     ) GROUP BY b`,
    { ...bucketParams(buckets), callers: JSON.stringify(callers), callees: JSON.stringify(callees) },
  );
  if (rows.length === 0) return null;
  return {
    caller: perBucket<number | null>(rows, buckets, (r) => Number(r.caller), null),
    callee: perBucket<number | null>(rows, buckets, (r) => Number(r.callee), null),
    points: rows.reduce((sum, r) => sum + Number(r.n), 0),
  };
}

/**
 * SeriesSource.fanOutBuckets in one query, as fanOutPerBucket counts: the node's spans are
 * served requests unless their parent is one of its own spans (then calls), and its callees'
 * spans under its own are calls.
 */
export function chFanOutBuckets(
  runner: ChRunner,
  entities: readonly string[],
  callees: readonly string[],
  buckets: Buckets,
): FanOutBuckets | null {
  const own = `SELECT DISTINCT trace_id, span_id FROM spans WHERE has(JSONExtract({es:String}, 'Array(String)'), entity) AND ${IN_RANGE}`;
  const rows = runner.rows(
    `SELECT b, countIf(NOT is_call) AS served, countIf(is_call) AS calls FROM (
       SELECT s.b AS b, p.span_id != '' AS is_call FROM (
         SELECT ${BUCKET} AS b, trace_id, ifNull(parent_span_id, '') AS parent FROM spans
         WHERE has(JSONExtract({es:String}, 'Array(String)'), entity) AND ${IN_RANGE}) AS s
       LEFT JOIN (${own}) AS p ON s.trace_id = p.trace_id AND s.parent = p.span_id
       UNION ALL
       SELECT c.b AS b, true AS is_call FROM (
         SELECT ${BUCKET} AS b, trace_id, assumeNotNull(parent_span_id) AS parent FROM spans
         WHERE has(JSONExtract({cs:String}, 'Array(String)'), entity) AND ${IN_RANGE} AND parent_span_id IS NOT NULL) AS c
       INNER JOIN (${own}) AS p ON c.trace_id = p.trace_id AND c.parent = p.span_id
     ) GROUP BY b SETTINGS join_use_nulls = 0`,
    { ...bucketParams(buckets), es: JSON.stringify(entities), cs: JSON.stringify(callees) },
  );
  const served = perBucket(rows, buckets, (r) => Number(r.served), 0);
  if (!served.some((n) => n > 0)) return null;
  return {
    served,
    calls: perBucket(rows, buckets, (r) => Number(r.calls), 0),
    points: rows.reduce((sum, r) => sum + Number(r.served) + Number(r.calls), 0),
  };
}
