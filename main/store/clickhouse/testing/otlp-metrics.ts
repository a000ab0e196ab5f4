import type { ChRunner } from '../runner.js';

const ATTRS = 'Map(LowCardinality(String), String)';
const COMMON = `ResourceAttributes ${ATTRS}, ResourceSchemaUrl String, ScopeName String, ScopeVersion String, ScopeAttributes ${ATTRS},
    ScopeDroppedAttrCount UInt32, ScopeSchemaUrl String, ServiceName LowCardinality(String), MetricName String, MetricDescription String,
    MetricUnit String, Attributes ${ATTRS}, StartTimeUnix DateTime64(9), TimeUnix DateTime64(9)`;
const ORDER =
  'ENGINE = MergeTree PARTITION BY toDate(TimeUnix) ORDER BY (ServiceName, MetricName, Attributes, toUnixTimestamp64Nano(TimeUnix))';

/** The exporter's metric tables as its create_schema DDL makes them, trimmed of the exemplars the tests leave empty. */
export const EXPORTER_METRICS_DDL = [
  `CREATE TABLE otel_metrics_gauge (${COMMON}, Value Float64, Flags UInt32) ${ORDER}`,
  `CREATE TABLE otel_metrics_sum (${COMMON}, Value Float64, Flags UInt32, AggregationTemporality Int32, IsMonotonic Boolean) ${ORDER}`,
  `CREATE TABLE otel_metrics_histogram (${COMMON}, Count UInt64, Sum Float64, BucketCounts Array(UInt64), ExplicitBounds Array(Float64),
    Flags UInt32, Min Float64, Max Float64, AggregationTemporality Int32) ${ORDER}`,
];

/** One data point; times are unix nanoseconds as decimal strings, as OTLP JSON writes them. */
export interface MetricPoint {
  time: string;
  start?: string;
  value?: number;
  counts?: number[];
  bounds?: number[];
  attributes?: Record<string, string>;
}

export interface MetricSpec {
  name: string;
  unit?: string;
  kind: 'gauge' | 'sum' | 'histogram';
  /** AggregationTemporality: 1 delta, 2 cumulative. */
  temporality?: 1 | 2;
  monotonic?: boolean;
  points: MetricPoint[];
}

export interface ResourceSpec {
  attributes: Record<string, string>;
  metrics: MetricSpec[];
}

const keyValues = (attrs: Record<string, string> = {}): { key: string; value: { stringValue: string } }[] =>
  Object.entries(attrs).map(([key, value]) => ({ key, value: { stringValue: value } }));

/** The points as one line of the Collector's file exporter (OTLP JSON `resourceMetrics`). */
export function otlpMetricsLine(resources: readonly ResourceSpec[]): string {
  return JSON.stringify({
    resourceMetrics: resources.map((r) => ({
      resource: { attributes: keyValues(r.attributes) },
      scopeMetrics: [
        {
          scope: { name: 'test' },
          metrics: r.metrics.map((m) => {
            const dataPoints = m.points.map((p) => ({
              attributes: keyValues(p.attributes),
              ...(p.start ? { startTimeUnixNano: p.start } : {}),
              timeUnixNano: p.time,
              ...(m.kind === 'histogram'
                ? {
                    count: String((p.counts ?? []).reduce((a, b) => a + b, 0)),
                    bucketCounts: (p.counts ?? []).map(String),
                    explicitBounds: p.bounds,
                  }
                : { asDouble: p.value }),
            }));
            const body = { dataPoints, ...(m.kind === 'gauge' ? {} : { aggregationTemporality: m.temporality ?? 2 }) };
            return {
              name: m.name,
              ...(m.unit ? { unit: m.unit } : {}),
              [m.kind]: m.kind === 'sum' ? { ...body, isMonotonic: m.monotonic ?? false } : body,
            };
          }),
        },
      ],
    })),
  });
}

/** Unix nanoseconds as DateTime64(9) text (0 when absent: the exporter's unset time). */
function dateTime64(nanos = '0'): string {
  const padded = nanos.padStart(10, '0');
  const seconds = Number(padded.slice(0, -9));
  return `${new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ')}.${padded.slice(-9)}`;
}

/** Writes the same points into the exporter's metric tables as the Collector's ClickHouse exporter would. Returns rows written. */
export function writeMetricsAsCollector(runner: ChRunner, resources: readonly ResourceSpec[]): number {
  const common = ['ResourceAttributes', 'ServiceName', 'MetricName', 'MetricUnit', 'Attributes', 'StartTimeUnix', 'TimeUnix'];
  const rows: Record<MetricSpec['kind'], unknown[][]> = { gauge: [], sum: [], histogram: [] };
  for (const r of resources) {
    for (const m of r.metrics) {
      for (const p of m.points) {
        const head = [
          r.attributes,
          r.attributes['service.name'] ?? '',
          m.name,
          m.unit ?? '',
          p.attributes ?? {},
          dateTime64(p.start),
          dateTime64(p.time),
        ];
        const counts = p.counts ?? [];
        const tail = {
          gauge: [p.value],
          sum: [p.value, m.temporality ?? 2, m.monotonic ?? false],
          histogram: [counts.reduce((a, b) => a + b, 0), counts, p.bounds ?? [], m.temporality ?? 2],
        }[m.kind];
        rows[m.kind].push([...head, ...tail]);
      }
    }
  }
  const columns = {
    gauge: ['Value'],
    sum: ['Value', 'AggregationTemporality', 'IsMonotonic'],
    histogram: ['Count', 'BucketCounts', 'ExplicitBounds', 'AggregationTemporality'],
  };
  let written = 0;
  for (const kind of ['gauge', 'sum', 'histogram'] as const) {
    if (rows[kind].length === 0) continue;
    runner.insert(
      `otel_metrics_${kind}`,
      [...common, ...columns[kind]],
      Buffer.from(`${rows[kind].map((x) => JSON.stringify(x)).join('\n')}\n`),
    );
    written += rows[kind].length;
  }
  return written;
}
