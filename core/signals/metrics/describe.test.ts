import { describe, expect, it } from 'vitest';
import { detectMetricAnomaly } from './anomaly.js';
import { describeMetricShift } from './describe.js';

describe('describeMetricShift', () => {
  it('says a flat zero baseline has no variance instead of showing the floor-made z', () => {
    const result = detectMetricAnomaly('errors', [0, 0, 5, 5], [0, 0, 0, 0, 0]);
    // The detail keeps its z (it ranks and flags), which only reflects the scale floor.
    expect(result?.isAnomalous).toBe(true);
    expect(result?.detail.z).toBe(1e6);
    const text = describeMetricShift(result!.detail);
    expect(text).toBe('baseline flat, value 5 vs 0 (no baseline variance; up)');
    expect(text).not.toContain('z=');
  });

  it('gives the relative change for a flat baseline away from zero', () => {
    const result = detectMetricAnomaly('cpu', [100, 250], [100, 100, 100]);
    expect(describeMetricShift(result!.detail)).toBe('baseline flat, value 250 vs 100 (no baseline variance; +150%, up)');
  });

  it('keeps the robust z where the baseline varies', () => {
    const result = detectMetricAnomaly('latency', [30], [10, 11, 9, 10, 12, 8]);
    expect(describeMetricShift(result!.detail)).toMatch(/^30 vs baseline median 10 \(z=\d+\.\d, up\)$/);
  });
});
