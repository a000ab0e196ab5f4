import { describe, expect, it } from 'vitest';
import { EmptySampleError, median, percentile } from './stats.js';

describe('median', () => {
  it('takes the middle of an odd count regardless of order', () => {
    expect(median([9, 1, 5])).toBe(5);
  });
  it('averages the two middle values of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
  it('refuses an empty sample', () => {
    expect(() => median([])).toThrow(EmptySampleError);
  });
});

describe('percentile', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => 100 - i);
  it('uses the nearest rank', () => {
    expect(percentile(hundred, 0.5)).toBe(50);
    expect(percentile(hundred, 0.95)).toBe(95);
    expect(percentile(hundred, 1)).toBe(100);
  });
  it('returns the only sample for any p', () => {
    expect(percentile([7], 0.01)).toBe(7);
  });
  it('rejects p outside (0, 1]', () => {
    expect(() => percentile([1], 0)).toThrow(RangeError);
  });
});
