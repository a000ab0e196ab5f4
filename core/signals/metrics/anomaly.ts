import type { EvidenceDetail } from '../../model/evidence.js';
import { requireFiniteAtLeast, SignalOptionError } from '../errors.js';
import { medianOfSorted } from '../stats/robust.js';

export type MetricAnomalyDetail = Extract<EvidenceDetail, { type: 'metric_anomaly' }>;

export interface MetricAnomalyOptions {
  /** |z| from which a window point is anomalous. */
  threshold?: number;
  /** Scale floor as a fraction of |baseline median|, so flat baselines do not explode z. */
  relativeFloor?: number;
  /** Absolute scale floor in the metric's unit (e.g. 0.001 for a ratio in [0, 1]). */
  absoluteFloor?: number;
  /**
   * Fraction of window points that must exceed the threshold in the direction of the
   * extreme (at least one point). Guards long windows against a single noisy sample.
   */
  minExceedingFraction?: number;
}

export interface MetricAnomalyResult {
  detail: MetricAnomalyDetail;
  isAnomalous: boolean;
  /** Index into the window values of the point reported as `windowValue`. */
  extremeIndex: number;
  windowMedian: number;
  /** The robust scale used: max(MAD·1.4826, relativeFloor·|median|, absoluteFloor). */
  scale: number;
  windowPoints: number;
  baselinePoints: number;
  exceedingPoints: number;
}

const MAD_TO_SIGMA = 1.4826;
/** Keeps z finite and JSON-safe when the floor is tiny. */
const MAX_ABS_Z = 1e6;

/**
 * Robust z-score of a window against a baseline series. The reported `windowValue` is
 * the window's most extreme point (largest |z|): incident windows are short and a
 * median would hide a spike that lasts one or two samples; `minExceedingFraction`
 * keeps that choice from flagging one noisy sample in a long window. NaN and infinite
 * values are skipped. Returns null when either side has no finite value.
 */
export function detectMetricAnomaly(
  metric: string,
  window: readonly number[],
  baseline: readonly number[],
  options: MetricAnomalyOptions = {},
): MetricAnomalyResult | null {
  const threshold = requireFiniteAtLeast('threshold', options.threshold ?? 3, 0);
  const relativeFloor = requireFiniteAtLeast('relativeFloor', options.relativeFloor ?? 0.05, 0);
  const absoluteFloor = options.absoluteFloor ?? 1e-9;
  if (!(absoluteFloor > 0) || !Number.isFinite(absoluteFloor)) {
    throw new SignalOptionError('absoluteFloor', absoluteFloor, 'a finite number > 0');
  }
  const fraction = options.minExceedingFraction ?? 0.1;
  if (!(fraction >= 0 && fraction <= 1)) throw new SignalOptionError('minExceedingFraction', fraction, 'a number in [0, 1]');

  const base = baseline.filter(Number.isFinite).sort((a, b) => a - b);
  if (base.length === 0) return null;
  const baseMedian = medianOfSorted(base);
  const mad = medianOfSorted(base.map((v) => Math.abs(v - baseMedian)).sort((a, b) => a - b));
  const scale = Math.max(mad * MAD_TO_SIGMA, relativeFloor * Math.abs(baseMedian), absoluteFloor);

  let extremeIndex = -1;
  let extremeZ = 0;
  const zs: number[] = [];
  for (let i = 0; i < window.length; i++) {
    const v = window[i] ?? Number.NaN;
    if (!Number.isFinite(v)) continue;
    const z = clamp((v - baseMedian) / scale);
    zs.push(z);
    if (extremeIndex < 0 || Math.abs(z) > Math.abs(extremeZ)) {
      extremeIndex = i;
      extremeZ = z;
    }
  }
  if (extremeIndex < 0) return null;

  const windowValue = window[extremeIndex] ?? Number.NaN;
  const direction = extremeZ >= 0 ? 'up' : 'down';
  const exceeding = zs.filter((z) => (direction === 'up' ? z >= threshold : z <= -threshold)).length;
  const needed = Math.max(1, Math.ceil(fraction * zs.length));
  return {
    detail: {
      type: 'metric_anomaly',
      metric,
      windowValue,
      baselineMedian: baseMedian,
      baselineMad: mad,
      z: extremeZ,
      direction,
      change: baseMedian !== 0 ? (windowValue - baseMedian) / Math.abs(baseMedian) : null,
    },
    isAnomalous: Math.abs(extremeZ) >= threshold && exceeding >= needed,
    extremeIndex,
    windowMedian: medianOfSorted(finiteSorted(window)),
    scale,
    windowPoints: zs.length,
    baselinePoints: base.length,
    exceedingPoints: exceeding,
  };
}

function finiteSorted(values: readonly number[]): number[] {
  return values.filter(Number.isFinite).sort((a, b) => a - b);
}

function clamp(z: number): number {
  return Math.max(-MAX_ABS_Z, Math.min(MAX_ABS_Z, z));
}
