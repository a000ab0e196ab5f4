import { bandAround, type Buckets } from '../../../core/charts/index.js';
import { countTemplateLines, type BandPeriod, type LineClass, type LogCounts, type MetricSeries } from '../chart-series.js';
import type { ChRow, ChRunner } from './runner.js';
import { BUCKET, bucketParams, IN_RANGE } from './span-series.js';

const RANGE = 'entity = {e:String} AND time >= {s:Int64} AND time < {t:Int64}';
/** Nearest-rank median of a sorted array (core/charts quantileSorted: rank ceil(n/2), 1-based here). */
const medianOf = (sorted: string): string => `${sorted}[intDiv(length(${sorted}) + 1, 2)]`;

/**
 * SeriesSource.metricSeries in SQL, to the bit what chart-series.ts's metricSeriesOf computes in
 * the process: per series its points, first unit, baseline median and MAD (nearest rank), then
 * the drawn points: a short series' own (at most 2·columns), else per downsampleMinMax column
 * (columns over the series' own first to last time, a column's end computed as there) the
 * lowest and highest point, earliest first on ties, in time order.
 */
export function chMetricSeries(
  runner: ChRunner,
  entity: string,
  start: number,
  end: number,
  columns: number,
  band: BandPeriod,
): MetricSeries[] {
  // An open start is the lowest Int64 a time can have.
  const from = Number.isFinite(band.from) ? band.from : Number.MIN_SAFE_INTEGER;
  const params = { e: entity, s: start, t: end, f: from, u: band.until, c: columns };
  const stats = runner.rows(
    `SELECT name, lb, n, t0, t1, lo, hi, unit, length(base) AS nb, ${medianOf('base')} AS med,
       ${medianOf(`arraySort(arrayMap(v -> abs(v - ${medianOf('base')}), base))`)} AS mad
     FROM (SELECT name, ifNull(labels, '') AS lb, count() AS n, min(time) AS t0, max(time) AS t1, min(value) AS lo, max(value) AS hi,
             argMin(tuple(unit), (time, line)).1 AS unit, min((time, line)) AS first,
             arraySort(groupArrayIf(value, time >= {f:Int64} AND time < {u:Int64} AND isFinite(value))) AS base
           FROM metrics WHERE ${RANGE} GROUP BY name, lb)
     ORDER BY first`,
    params,
  );
  const key = (r: ChRow): string => `${String(r.name)}\u0000${String(r.lb)}`;
  const short = stats.filter((r) => Number(r.n) <= columns * 2);
  const long = stats.filter((r) => Number(r.n) > columns * 2 && Number(r.t1) > Number(r.t0));
  const drawn = new Map<string, { x: number[]; y: number[] }>();
  const at = (k: string): { x: number[]; y: number[] } => {
    let s = drawn.get(k);
    if (!s) drawn.set(k, (s = { x: [], y: [] }));
    return s;
  };
  if (short.length > 0) {
    for (const r of runner.rows(
      `SELECT name, ifNull(labels, '') AS lb, time, value FROM metrics
       WHERE ${RANGE} AND (name, lb) IN (SELECT s.1, s.2 FROM (SELECT arrayJoin(JSONExtract({ser:String}, 'Array(Tuple(String, String))')) AS s))
       ORDER BY time, line`,
      { ...params, ser: JSON.stringify(short.map((r) => [String(r.name), String(r.lb)])) },
    )) {
      const s = at(key(r));
      s.x.push(Number(r.time));
      s.y.push(Number(r.value));
    }
  }
  if (long.length > 0) {
    // The estimate floor((time - t0)·c / span) is moved by one column where floating point put it past a column's end.
    const b0 = 'least(greatest(toInt64(floor((time - t0) * {c:UInt32} / span)), 0), {c:UInt32} - 1)';
    const endOf = (col: string): string => `t0 + (span * (${col})) / {c:UInt32}`;
    const column = `multiIf(b0 < {c:UInt32} - 1 AND time >= ${endOf('b0 + 1')}, b0 + 1, b0 > 0 AND time < ${endOf('b0')}, b0 - 1, b0)`;
    const rows = runner.rows(
      `SELECT name, lb, b, argMin((time, line, value), (value, time, line)) AS low, argMin((time, line, value), (-value, time, line)) AS high
       FROM (SELECT m.name AS name, m.lb AS lb, time, line, value, t0, span, ${b0} AS b0, ${column} AS b
             FROM (SELECT name, ifNull(labels, '') AS lb, time, line, value FROM metrics WHERE ${RANGE}) AS m
             INNER JOIN (SELECT s.1 AS sn, s.2 AS sl, s.3 AS t0, s.4 AS span
                         FROM (SELECT arrayJoin(JSONExtract({ser:String}, 'Array(Tuple(String, String, Int64, Int64))')) AS s)) AS st
             ON m.name = st.sn AND m.lb = st.sl)
       GROUP BY name, lb, b ORDER BY name, lb, b`,
      { ...params, ser: JSON.stringify(long.map((r) => [String(r.name), String(r.lb), Number(r.t0), Number(r.t1) - Number(r.t0)])) },
    );
    for (const r of rows) {
      const s = at(key(r));
      const [low, high] = [r.low, r.high].map((p) => (p as unknown as (number | string)[]).map(Number)) as [number[], number[]];
      const lowFirst = (low[0] as number) < (high[0] as number) || (low[0] === high[0] && (low[1] as number) <= (high[1] as number));
      const [first, second] = lowFirst ? [low, high] : [high, low];
      s.x.push(first[0] as number);
      s.y.push(first[2] as number);
      if (first[0] !== second[0] || first[1] !== second[1]) {
        s.x.push(second[0] as number);
        s.y.push(second[2] as number);
      }
    }
  }
  return stats.map((r) => {
    const n = Number(r.n);
    const t0 = Number(r.t0);
    const points =
      n > columns * 2 && !(Number(r.t1) > t0) ? { x: [t0, t0], y: [Number(r.lo), Number(r.hi)] } : (drawn.get(key(r)) ?? { x: [], y: [] });
    return {
      name: String(r.name),
      labels: String(r.lb),
      unit: r.unit === null || r.unit === undefined ? null : String(r.unit),
      points: n,
      ...points,
      band: Number(r.nb) > 0 ? bandAround(Number(r.med), Number(r.mad)) : null,
    };
  });
}

/** chart-series.ts's classKey in SQL. */
const LINE_CLASS = `replaceRegexpAll(body, '[1-9]', '1')`;

/**
 * SeriesSource.logCounts in SQL: lines per class and bucket, one example per class (and, for
 * the classes one example cannot decide, lines per body and bucket); chart-series.ts matches
 * the examples to the templates. No log line comes back, only a class's example.
 */
export function chLogCounts(runner: ChRunner, entities: readonly string[], buckets: Buckets, templates: readonly string[]): LogCounts {
  const params = { ...bucketParams(buckets), es: JSON.stringify(entities) };
  const lines = `FROM logs WHERE has(JSONExtract({es:String}, 'Array(String)'), entity) AND ${IN_RANGE}`;
  const classesOf = (rows: readonly ChRow[]): LineClass[] =>
    rows.map((r) => ({
      key: String(r.k),
      example: String(r.example),
      counts: (r.counts as unknown as [number | string, number | string][]).map(([b, n]) => [Number(b), Number(n)] as const),
    }));
  const classes = classesOf(
    runner.rows(
      `SELECT k, any(ex) AS example, groupArray((b, n)) AS counts
       FROM (SELECT ${LINE_CLASS} AS k, ${BUCKET} AS b, count() AS n, any(body) AS ex ${lines} GROUP BY k, b) GROUP BY k`,
      params,
    ),
  );
  return countTemplateLines(templates, buckets.count, classes, (keys) =>
    classesOf(
      runner.rows(
        `SELECT body AS k, body AS example, groupArray((b, n)) AS counts
         FROM (SELECT body, ${BUCKET} AS b, count() AS n ${lines} AND has(JSONExtract({ks:String}, 'Array(String)'), ${LINE_CLASS})
               GROUP BY body, b)
         GROUP BY body`,
        { ...params, ks: JSON.stringify(keys) },
      ),
    ),
  );
}
