import { describe, expect, it } from 'vitest';
import { SignalOptionError } from '../errors.js';
import { detectMetricAnomaly } from './anomaly.js';

const baseline = [100, 102, 98, 101, 99, 100, 103, 97, 100, 101];

describe('detectMetricAnomaly', () => {
  it('flags a spike with the robust z of the most extreme window point', () => {
    const r = detectMetricAnomaly('latency_p95', [101, 160, 99], baseline);
    expect(r).not.toBeNull();
    // median 100, MAD 1 → scale max(1.4826, 5 % of 100 = 5) = 5
    expect(r?.scale).toBe(5);
    expect(r?.detail).toEqual({
      type: 'metric_anomaly',
      metric: 'latency_p95',
      windowValue: 160,
      baselineMedian: 100,
      baselineMad: 1,
      z: 12,
      direction: 'up',
      change: 0.6,
    });
    expect(r?.isAnomalous).toBe(true);
    expect(r?.extremeIndex).toBe(1);
    expect(r?.windowMedian).toBe(101);
  });

  it('reports drops as direction down with negative change', () => {
    const r = detectMetricAnomaly('success_rate', [0.2], [1, 1, 1, 0.99, 1]);
    expect(r?.detail.direction).toBe('down');
    expect(r?.detail.change).toBeCloseTo(-0.8, 10);
    expect(r?.isAnomalous).toBe(true);
  });

  it('does not explode on a flat baseline: the scale is floored at 5 % of the median', () => {
    const r = detectMetricAnomaly('memory', [1040], [1000, 1000, 1000, 1000]);
    expect(r?.detail.baselineMad).toBe(0);
    expect(r?.detail.z).toBeCloseTo(0.8, 10);
    expect(r?.isAnomalous).toBe(false);
  });

  it('uses the absolute floor for an all-zero baseline and keeps z finite', () => {
    const tiny = detectMetricAnomaly('errors', [1e-12], [0, 0, 0]);
    expect(tiny?.isAnomalous).toBe(false);
    const real = detectMetricAnomaly('errors', [0.2], [0, 0, 0], { absoluteFloor: 0.01 });
    expect(real?.detail.z).toBeCloseTo(20, 10);
    expect(real?.detail.change).toBeNull();
    const huge = detectMetricAnomaly('errors', [1e300], [0]);
    expect(Number.isFinite(huge?.detail.z)).toBe(true);
  });

  it('accepts a single-value baseline', () => {
    const r = detectMetricAnomaly('cpu', [2], [1]);
    expect(r?.detail.baselineMedian).toBe(1);
    expect(r?.detail.z).toBeCloseTo(20, 10);
  });

  it('skips NaN and infinities and returns null when a side has nothing finite', () => {
    const r = detectMetricAnomaly('cpu', [Number.NaN, 150, Number.POSITIVE_INFINITY], [...baseline, Number.NaN]);
    expect(r?.detail.windowValue).toBe(150);
    expect(r?.windowPoints).toBe(1);
    expect(r?.baselinePoints).toBe(10);
    expect(detectMetricAnomaly('cpu', [Number.NaN], baseline)).toBeNull();
    expect(detectMetricAnomaly('cpu', [1], [])).toBeNull();
    expect(detectMetricAnomaly('cpu', [], baseline)).toBeNull();
  });

  it('needs enough exceeding points in a long window', () => {
    const window = [...Array<number>(19).fill(100), 200];
    expect(detectMetricAnomaly('rps', window, baseline)?.isAnomalous).toBe(false);
    expect(detectMetricAnomaly('rps', window, baseline, { minExceedingFraction: 0 })?.isAnomalous).toBe(true);
    const sustained = [...Array<number>(16).fill(100), 200, 210, 190, 205];
    expect(detectMetricAnomaly('rps', sustained, baseline)?.isAnomalous).toBe(true);
  });

  it('rejects unusable options', () => {
    expect(() => detectMetricAnomaly('x', [1], [1], { absoluteFloor: 0 })).toThrow(SignalOptionError);
    expect(() => detectMetricAnomaly('x', [1], [1], { threshold: Number.NaN })).toThrow(SignalOptionError);
    expect(() => detectMetricAnomaly('x', [1], [1], { minExceedingFraction: 2 })).toThrow(SignalOptionError);
  });
});
