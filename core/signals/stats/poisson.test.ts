import { describe, expect, it } from 'vitest';
import { logGamma, poissonLowerTailLog10, poissonUpperTailLog10 } from './poisson.js';

/** Direct summation of the pmf, fine for small k. */
function pmf(k: number, lambda: number): number {
  return Math.exp(-lambda + k * Math.log(lambda) - logGamma(k + 1));
}
function upperBySum(k: number, lambda: number): number {
  let below = 0;
  for (let i = 0; i < k; i++) below += pmf(i, lambda);
  return 1 - below;
}
function lowerBySum(k: number, lambda: number): number {
  let sum = 0;
  for (let i = 0; i <= k; i++) sum += pmf(i, lambda);
  return sum;
}

describe('logGamma', () => {
  it('matches factorials', () => {
    expect(logGamma(1)).toBeCloseTo(0, 10);
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 10);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 10);
  });
});

describe('poisson tails', () => {
  it('agree with direct summation on small counts, on both sides of the mean', () => {
    for (const lambda of [0.1, 1, 3.5, 12]) {
      for (const k of [1, 2, 5, 10, 20]) {
        expect(10 ** poissonUpperTailLog10(k, lambda)).toBeCloseTo(upperBySum(k, lambda), 9);
        expect(10 ** poissonLowerTailLog10(k, lambda)).toBeCloseTo(lowerBySum(k, lambda), 9);
      }
    }
  });

  it('handles the degenerate edges', () => {
    expect(poissonUpperTailLog10(0, 5)).toBe(0);
    expect(poissonLowerTailLog10(0, 5)).toBeCloseTo(-5 / Math.LN10, 10);
    expect(poissonUpperTailLog10(3, 0)).toBe(Number.NEGATIVE_INFINITY);
    expect(poissonLowerTailLog10(3, 0)).toBe(0);
  });

  it('stays finite and ordered far beyond double precision', () => {
    const a = poissonUpperTailLog10(1000, 1);
    const b = poissonUpperTailLog10(2000, 1);
    expect(Number.isFinite(a)).toBe(true);
    expect(a).toBeLessThan(-1000);
    expect(b).toBeLessThan(a);
  });

  it('is sensible for large counts near the mean', () => {
    const lambda = 1_000_000;
    expect(10 ** poissonUpperTailLog10(lambda, lambda)).toBeGreaterThan(0.45);
    expect(10 ** poissonUpperTailLog10(lambda, lambda)).toBeLessThan(0.55);
    expect(poissonUpperTailLog10(lambda + 10_000, lambda)).toBeLessThan(-15);
  });
});
