import { makeBuckets, type Buckets } from '../../../core/charts/index.js';
import type { EvidenceStore } from '../../store/index.js';
import type { BandPeriod } from '../../store/chart-series.js';

/** Buckets of a rate or percentile chart: enough to show a minute-scale change, few enough to read. */
export const RATE_BUCKETS = 120;
/** Points per pixel column kept by the min/max downsampling of raw series. */
export const MIN_WIDTH = 120;
export const MAX_WIDTH = 4000;

export interface ChartRange {
  start: number;
  end: number;
  /** Where the baseline ends: the incident time, else the window's start. */
  baselineUntil: number;
  /**
   * The period a metric's band comes from: the one its anomaly signals compare against
   * (store/signals/periods.ts: the snapshot's `metricBaseline`, else its baseline), else
   * everything before `baselineUntil` as for the other charts.
   */
  metricBand: BandPeriod;
  incidentTime: number | null;
  buckets: Buckets;
  /** Downsampling buckets of raw series: one per pixel column. */
  columns: number;
}

/**
 * What a chart covers: the store's baseline (or, without one, a stretch as long as the window
 * before it) and the investigation window. The baseline band comes from the points before
 * the incident time.
 */
export function chartRange(store: EvidenceStore, width: number): ChartRange {
  const info = store.windowInfo();
  const { window } = info;
  const metricBaseline = info.metricBaseline ?? info.baseline ?? null;
  const start = Math.min(
    info.baseline ? Math.min(info.baseline.start, window.start) : window.start - (window.end - window.start),
    metricBaseline?.start ?? Number.POSITIVE_INFINITY,
  );
  const end = window.end;
  const baselineUntil = info.incidentTime ?? window.start;
  return {
    start,
    end,
    baselineUntil,
    // A stated baseline's end is its last millisecond (signals/collect.ts).
    metricBand: metricBaseline
      ? { from: metricBaseline.start, until: metricBaseline.end + 1 }
      : { from: Number.NEGATIVE_INFINITY, until: baselineUntil },
    incidentTime: info.incidentTime,
    buckets: makeBuckets(start, end, RATE_BUCKETS),
    columns: Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.round(width))),
  };
}
