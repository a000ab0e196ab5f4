import { describe, expect, it } from 'vitest';
import { baselineBand, bucketCentres, bucketOf, errorRate, makeBuckets, quantilesPerBucket, ratePerMinute } from './buckets.js';

describe('time buckets', () => {
  const b = makeBuckets(0, 600_000, 10); // ten one-minute buckets

  it('places times and refuses the outside', () => {
    expect(bucketOf(b, 0)).toBe(0);
    expect(bucketOf(b, 59_999)).toBe(0);
    expect(bucketOf(b, 60_000)).toBe(1);
    expect(bucketOf(b, 600_000)).toBe(-1);
    expect(bucketOf(b, -1)).toBe(-1);
    expect(bucketCentres(b)[0]).toBe(30_000);
  });

  it('gives rates per minute, error shares and nearest-rank percentiles', () => {
    expect(ratePerMinute(b, [1, 2, 3, 70_000])).toEqual([3, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(errorRate(b, [1, 2, 3, 4, 70_000], [true, false, false, false, true]).slice(0, 3)).toEqual([0.25, 1, null]);
    const times = Array.from({ length: 100 }, () => 10);
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    const [p50, p95] = quantilesPerBucket(b, times, values, [0.5, 0.95]);
    expect(p50?.[0]).toBe(50);
    expect(p95?.[0]).toBe(95);
    expect(p95?.[1]).toBeNull();
  });

  it('draws the baseline band from the points before the incident only', () => {
    const x = [0, 1, 2, 3, 4, 5, 6];
    const y = [10, 12, 8, 11, 9, 500, 600];
    const band = baselineBand(x, y, 5);
    expect(band).not.toBeNull();
    expect(band!.low).toBeLessThan(10);
    expect(band!.high).toBeGreaterThan(10);
    expect(band!.high).toBeLessThan(20);
    expect(baselineBand(x, y, 0)).toBeNull();
    expect(baselineBand([0, 1], [null, 3], 5)).toEqual({ low: 3, high: 3 });
  });
});
