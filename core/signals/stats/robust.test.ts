import { describe, expect, it } from 'vitest';
import { median, medianAbsoluteDeviation } from './robust.js';

describe('median / MAD', () => {
  it('handles odd and even lengths without mutating the input', () => {
    const input = [5, 1, 3];
    expect(median(input)).toBe(3);
    expect(input).toEqual([5, 1, 3]);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('skips NaN and infinities and is NaN when nothing is left', () => {
    expect(median([Number.NaN, 2, Number.POSITIVE_INFINITY, 4])).toBe(3);
    expect(median([])).toBeNaN();
    expect(median([Number.NaN])).toBeNaN();
  });

  it('computes the unscaled MAD', () => {
    expect(medianAbsoluteDeviation([1, 1, 2, 2, 4, 6, 9])).toBe(1);
    expect(medianAbsoluteDeviation([7])).toBe(0);
  });
});
