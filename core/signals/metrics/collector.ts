import { requirePositiveInteger, SignalInputError } from '../errors.js';
import { detectMetricAnomaly, type MetricAnomalyDetail, type MetricAnomalyOptions } from './anomaly.js';
import { BoundedSeries } from './bounded-series.js';

/** Epoch milliseconds, start inclusive, end exclusive. */
export interface TimeRange {
  start: number;
  end: number;
}

export interface MetricPeriods {
  window: TimeRange;
  /** Without a baseline, every point before the window start is the baseline (the pre-window). */
  baseline?: TimeRange | null;
}

export interface MetricCollectorOptions {
  /** Points kept per series and period before uniform thinning. */
  maxPointsPerSeries?: number;
}

export interface MetricAnomaly {
  entity: string;
  metric: string;
  /** The unit the series' first point states, or null. */
  unit: string | null;
  /** Time of the window point reported as `windowValue`. */
  time: number;
  detail: MetricAnomalyDetail;
  isAnomalous: boolean;
  windowPoints: number;
  baselinePoints: number;
}

interface Series {
  entity: string;
  metric: string;
  unit: string | null;
  window: BoundedSeries;
  baseline: BoundedSeries;
}

/**
 * Collects metric points per (entity, metric) while the store streams them, then scores
 * every series. Memory per series is bounded by `maxPointsPerSeries` per period.
 */
export class MetricSeriesCollector {
  private readonly series = new Map<string, Series>();
  private readonly cap: number;

  constructor(
    private readonly periods: MetricPeriods,
    options: MetricCollectorOptions = {},
  ) {
    const { window, baseline } = periods;
    for (const [name, range] of [
      ['window', window],
      ['baseline', baseline],
    ] as const) {
      if (range && !(Number.isFinite(range.start) && Number.isFinite(range.end) && range.start < range.end)) {
        throw new SignalInputError(
          `The metric ${name} must have finite start < end (got ${range.start}..${range.end}); check the snapshot periods.`,
        );
      }
    }
    this.cap = requirePositiveInteger('maxPointsPerSeries', options.maxPointsPerSeries ?? 4096);
  }

  /** Adds one point; points outside both periods and non-finite times are ignored. The series keeps its first point's unit. */
  add(entity: string, metric: string, time: number, value: number, unit: string | null = null): void {
    const period = this.periodOf(time);
    if (!period) return;
    const key = `${entity.length}:${entity}${metric}`;
    let s = this.series.get(key);
    if (!s) {
      s = { entity, metric, unit, window: new BoundedSeries(this.cap), baseline: new BoundedSeries(this.cap) };
      this.series.set(key, s);
    }
    s[period].push(time, value);
  }

  /**
   * One result per series that has finite window and baseline values: anomalous first,
   * then by |z|, then entity and metric.
   */
  anomalies(options: MetricAnomalyOptions | ((metric: string) => MetricAnomalyOptions) = {}): MetricAnomaly[] {
    const out: MetricAnomaly[] = [];
    for (const s of this.series.values()) {
      const opts = typeof options === 'function' ? options(s.metric) : options;
      const result = detectMetricAnomaly(s.metric, s.window.values, s.baseline.values, opts);
      if (!result) continue;
      out.push({
        entity: s.entity,
        metric: s.metric,
        unit: s.unit,
        time: s.window.times[result.extremeIndex] ?? this.periods.window.start,
        detail: result.detail,
        isAnomalous: result.isAnomalous,
        windowPoints: result.windowPoints,
        baselinePoints: result.baselinePoints,
      });
    }
    return out.sort(byRank);
  }

  private periodOf(time: number): 'window' | 'baseline' | null {
    const { window, baseline } = this.periods;
    if (!Number.isFinite(time)) return null;
    if (time >= window.start && time < window.end) return 'window';
    if (baseline) return time >= baseline.start && time < baseline.end ? 'baseline' : null;
    return time < window.start ? 'baseline' : null;
  }
}

function byRank(a: MetricAnomaly, b: MetricAnomaly): number {
  if (a.isAnomalous !== b.isAnomalous) return a.isAnomalous ? -1 : 1;
  const za = Math.abs(a.detail.z);
  const zb = Math.abs(b.detail.z);
  if (za !== zb) return zb - za;
  if (a.entity !== b.entity) return a.entity < b.entity ? -1 : 1;
  return a.metric < b.metric ? -1 : a.metric > b.metric ? 1 : 0;
}
