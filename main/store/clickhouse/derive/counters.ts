/**
 * The metric series `eog convert otlp` derives from counters and histograms
 * (main/convert/otlp/metrics.ts), computed by ClickHouse in the views of a database the
 * Collector wrote (views.ts): a monotonic sum becomes `rate(<name>)` per second (cumulative:
 * between consecutive points of a series, none for a series' first point or across a reset;
 * delta: over the point's own interval), a histogram `p95(<name>)` (cumulative: of the
 * difference to the previous point, none for the first point, a changed bucket layout or a
 * reset). A series is a metric name, its attributes and its resource attributes, in time order.
 */

/** The columns a derived part selects from its table, written for the columns the table has (views.ts). */
export interface DerivedColumns {
  line: string;
  entity: string;
  labels: string;
}

/**
 * Epoch milliseconds of a DateTime64(9) with the floating-point operations of the converter's
 * unixNanosToMs (whole milliseconds plus the nanosecond rest over 1e6), so the differences and
 * rates agree to the last bit.
 */
const EXACT_MS = (column: string): string =>
  `(toFloat64(intDiv(toUnixTimestamp64Nano(${column}), 1000000)) + toFloat64(toUnixTimestamp64Nano(${column}) % 1000000) / 1e6)`;

/**
 * A point's time as the converter writes it (isoFromMillis: Math.round of the milliseconds).
 * floor(x + 0.5) is Math.round here: at epoch times x + 0.5 is exact in a double.
 */
export const POINT_TIME = (column: string): string => `toInt64(floor(${EXACT_MS(column)} + 0.5))`;

/** Consecutive points of one series (the converter keys a series by entity, name and labels). */
const SERIES = `(PARTITION BY entity, AggregationTemporality = 2, MetricName, Attributes, ResourceAttributes
  ORDER BY TimeUnix ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)`;

/**
 * `rate(<name>)` from otel_metrics_sum's monotonic sums, in the metric's unit per second. Cumulative: (value − previous) over
 * the seconds between them, where the time moved on and the value did not go down (a counter
 * that went down was reset: that interval has no rate, and the next one starts from it).
 * Delta (or unspecified temporality, as the converter reads it): the value over its own
 * interval, for points with a start time before their time.
 */
export function counterRates(c: DerivedColumns): string {
  return `SELECT line, entity, ${POINT_TIME('TimeUnix')} AS time, concat('rate(', MetricName, ')') AS name, rate AS value,
     if(MetricUnit = '', CAST(NULL AS Nullable(String)), concat(MetricUnit, '/s')) AS unit, labels
   FROM (
     SELECT *, if(AggregationTemporality = 2, (Value - previous) / ((ms - previous_ms) / 1000), Value / ((ms - start_ms) / 1000)) AS rate
     FROM (
       SELECT ${c.line} AS line, ${c.entity} AS entity, ${c.labels} AS labels, MetricName, MetricUnit, Attributes, ResourceAttributes,
         AggregationTemporality, TimeUnix, Value, ${EXACT_MS('TimeUnix')} AS ms, ${EXACT_MS('StartTimeUnix')} AS start_ms,
         toUnixTimestamp64Nano(StartTimeUnix) != 0 AS has_start,
         lagInFrame(Value) OVER series AS previous, lagInFrame(ms) OVER series AS previous_ms, row_number() OVER series AS nth
       FROM otel_metrics_sum WHERE IsMonotonic
       WINDOW series AS ${SERIES}
     )
     WHERE if(AggregationTemporality = 2, nth > 1 AND ms > previous_ms AND Value >= previous, has_start AND ms > start_ms)
   )
   WHERE isFinite(rate)
  `;
}

/**
 * histogramP95 (main/convert/otlp/histogram.ts) in SQL, as SELECT items over the columns
 * `bounds` (Array(Float64)) and `counts` (Array(Float64), one more than bounds): `p95`, null for
 * an empty point. The rank is 95 % of the total; the first non-empty bucket whose running
 * count reaches it answers by linear interpolation between its bounds (the first bucket's
 * lower bound is min(0, its upper one)); the overflow bucket answers the last bound. The
 * running counts are summed in bucket order, as the loop sums them, so the results are equal.
 */
export const P95_ITEMS = `arrayCumSum(counts) AS running, 0.95 * running[-1] AS rank,
  arrayFirstIndex((r, n) -> r >= rank AND n > 0, running, counts) AS bucket,
  multiIf(
    running[-1] <= 0, NULL,
    bucket = 0 OR bucket > length(bounds), if(empty(bounds), NULL, bounds[-1]),
    if(bucket = 1, least(0, bounds[1]), bounds[bucket - 1])
      + (bounds[bucket] - if(bucket = 1, least(0, bounds[1]), bounds[bucket - 1]))
      * ((rank - if(bucket = 1, 0, running[bucket - 1])) / counts[bucket])
  ) AS p95`;

/**
 * `p95(<name>)` from otel_metrics_histogram, in the metric's unit. A cumulative point's
 * buckets are its counts minus the previous point's; the first point, a point whose bucket
 * count differs from the previous one's or whose counts went down (a reset) gives none. A
 * point whose counts do not match its bounds (the converter refuses the file) gives none.
 */
export function histogramP95s(c: DerivedColumns): string {
  return `SELECT line, entity, ${POINT_TIME('TimeUnix')} AS time, concat('p95(', MetricName, ')') AS name, assumeNotNull(p95) AS value,
     nullIf(MetricUnit, '') AS unit, labels
   FROM (
     SELECT *, ${P95_ITEMS}
     FROM (
       SELECT *, ExplicitBounds AS bounds,
         if(AggregationTemporality = 2,
           arrayMap((n, p) -> toFloat64(n) - toFloat64(p), BucketCounts, arrayResize(previous, length(BucketCounts))),
           arrayMap(n -> toFloat64(n), BucketCounts)) AS counts
       FROM (
         SELECT ${c.line} AS line, ${c.entity} AS entity, ${c.labels} AS labels, MetricName, MetricUnit, Attributes, ResourceAttributes,
           AggregationTemporality, TimeUnix, ExplicitBounds, BucketCounts,
           lagInFrame(BucketCounts) OVER series AS previous, row_number() OVER series AS nth
         FROM otel_metrics_histogram
         WINDOW series AS ${SERIES}
       )
       WHERE (empty(BucketCounts) OR length(BucketCounts) = length(ExplicitBounds) + 1)
         AND (AggregationTemporality != 2 OR (nth > 1 AND length(previous) = length(BucketCounts)
           AND arrayAll((n, p) -> n >= p, BucketCounts, arrayResize(previous, length(BucketCounts)))))
     )
   )
   WHERE p95 IS NOT NULL AND isFinite(p95)
  `;
}
