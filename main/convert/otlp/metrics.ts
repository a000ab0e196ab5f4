import type { JSONPath } from 'jsonc-parser';
import type { CaptureRecords } from '../capture/records.js';
import { arrayAt, FieldTypeError, objectAt, optionalString, stringAt, type Json } from '../capture/values.js';
import { isoFromMillis } from '../time.js';
import { attributeText, decodeAttributes, doubleValue, integerValue } from './any-value.js';
import { histogramP95 } from './histogram.js';
import { resourceEntity } from './resource.js';
import { unixNanosToMs } from './time.js';

/** AggregationTemporality: 1 delta, 2 cumulative. */
const CUMULATIVE = 2;

interface Point {
  time: number;
  start: number | null;
  labels: Record<string, string>;
}

/**
 * Reads the `resourceMetrics` of one export line. Gauges and non-monotonic sums are kept as
 * values; monotonic sums become per-second rates `rate(<name>)` (cumulative: between
 * consecutive points of a series; delta: over the point's own interval); histograms become
 * `p95(<name>)` per point (cumulative ones from the difference to the previous point).
 * Summaries and exponential histograms are skipped with a warning.
 */
export function readResourceMetrics(line: Json, file: string, capture: CaptureRecords, state: CumulativeState): void {
  arrayAt(line.resourceMetrics, ['resourceMetrics']).forEach((rm, r) => {
    const path: JSONPath = ['resourceMetrics', r];
    const resource = objectAt(rm, path);
    const { entity } = resourceEntity(resource.resource, [...path, 'resource'], file, capture);
    arrayAt(resource.scopeMetrics, [...path, 'scopeMetrics']).forEach((sm, s) => {
      const scopePath: JSONPath = [...path, 'scopeMetrics', s];
      arrayAt(objectAt(sm, scopePath).metrics, [...scopePath, 'metrics']).forEach((m, i) => {
        readMetric(objectAt(m, [...scopePath, 'metrics', i]), [...scopePath, 'metrics', i], entity, file, capture, state);
      });
    });
  });
}

/** The previous point of each cumulative series (rates and histograms are differences). */
export type CumulativeState = Map<string, { time: number; value: number; counts?: number[] }>;

function readMetric(metric: Json, path: JSONPath, entity: string, file: string, capture: CaptureRecords, state: CumulativeState): void {
  const name = stringAt(metric.name, [...path, 'name']);
  const unit = optionalString(metric.unit, [...path, 'unit']) || undefined;
  // A counter's rate is stated per second: `s` of CPU time a second is cores, `{request}` a second a request rate.
  const rateUnit = unit === undefined ? undefined : `${unit}/s`;
  const push = (point: Point, metricName: string, value: number, pointUnit: string | undefined): void => {
    if (!Number.isFinite(value)) return;
    capture.metrics.push({
      time: isoFromMillis(point.time),
      entity,
      name: metricName,
      value,
      ...(pointUnit ? { unit: pointUnit } : {}),
      ...(Object.keys(point.labels).length > 0 ? { labels: point.labels } : {}),
    });
  };
  if (metric.gauge !== undefined || metric.sum !== undefined) {
    const isSum = metric.sum !== undefined;
    const body = objectAt(isSum ? metric.sum : metric.gauge, [...path, isSum ? 'sum' : 'gauge']);
    const monotonic = isSum && body.isMonotonic === true;
    const cumulative = body.aggregationTemporality === CUMULATIVE;
    arrayAt(body.dataPoints, [...path, isSum ? 'sum' : 'gauge', 'dataPoints']).forEach((dp, i) => {
      const pointPath: JSONPath = [...path, isSum ? 'sum' : 'gauge', 'dataPoints', i];
      const d = objectAt(dp, pointPath);
      const point = readPoint(d, pointPath);
      if (point === null) return;
      const value =
        d.asInt !== undefined ? integerValue(d.asInt, [...pointPath, 'asInt']) : doubleValue(d.asDouble ?? 0, [...pointPath, 'asDouble']);
      if (!monotonic) return push(point, name, value, unit);
      if (!cumulative) {
        if (point.start !== null && point.time > point.start)
          push(point, `rate(${name})`, value / ((point.time - point.start) / 1000), rateUnit);
        return;
      }
      const key = `${entity}\u0000${name}\u0000${JSON.stringify(point.labels)}`;
      const previous = state.get(key);
      state.set(key, { time: point.time, value });
      // A counter that went down was reset: that interval has no rate.
      if (previous && point.time > previous.time && value >= previous.value)
        push(point, `rate(${name})`, (value - previous.value) / ((point.time - previous.time) / 1000), rateUnit);
    });
    return;
  }
  if (metric.histogram !== undefined) {
    const body = objectAt(metric.histogram, [...path, 'histogram']);
    const cumulative = body.aggregationTemporality === CUMULATIVE;
    arrayAt(body.dataPoints, [...path, 'histogram', 'dataPoints']).forEach((dp, i) => {
      const pointPath: JSONPath = [...path, 'histogram', 'dataPoints', i];
      const d = objectAt(dp, pointPath);
      const point = readPoint(d, pointPath);
      if (point === null) return;
      const bounds = arrayAt(d.explicitBounds, [...pointPath, 'explicitBounds']).map((b, j) =>
        doubleValue(b, [...pointPath, 'explicitBounds', j]),
      );
      let counts = arrayAt(d.bucketCounts, [...pointPath, 'bucketCounts']).map((c, j) =>
        integerValue(c, [...pointPath, 'bucketCounts', j]),
      );
      if (counts.length > 0 && counts.length !== bounds.length + 1)
        throw new FieldTypeError([...pointPath, 'bucketCounts'], `explicitBounds.length + 1 (${bounds.length + 1}) counts`);
      if (cumulative) {
        const key = `${entity}\u0000${name}\u0000${JSON.stringify(point.labels)}`;
        const previous = state.get(key);
        state.set(key, { time: point.time, value: 0, counts });
        const before = previous?.counts;
        if (!before || before.length !== counts.length || counts.some((c, j) => c < (before[j] ?? 0))) return;
        counts = counts.map((c, j) => c - (before[j] ?? 0));
      }
      const p95 = histogramP95(bounds, counts);
      if (p95 !== null) push(point, `p95(${name})`, p95, unit);
    });
    return;
  }
  capture.warn(file, `metric ${name}: only gauge, sum and histogram data points are read; its points were skipped`);
}

function readPoint(d: Json, path: JSONPath): Point | null {
  const time = unixNanosToMs(d.timeUnixNano, [...path, 'timeUnixNano']);
  if (time === null) return null;
  const start = unixNanosToMs(d.startTimeUnixNano, [...path, 'startTimeUnixNano']);
  const attrs = decodeAttributes(d.attributes, [...path, 'attributes']);
  const labels = Object.fromEntries(Object.entries(attrs).map(([k, v]) => [k, attributeText(v)]));
  return { time, start, labels };
}
