import { describe, expect, it } from 'vitest';
import { binomialLowerTailSurprise, binomialUpperTailSurprise } from './binomial.js';

describe('binomialUpperTailSurprise', () => {
  it('matches exact small tails', () => {
    // P(X >= 6 | n = 9, p = .5) = (84 + 36 + 9 + 1) / 512
    expect(binomialUpperTailSurprise(6, 9, 0.5)).toBeCloseTo(-Math.log10(130 / 512), 10);
    // P(X >= 2 | n = 2, p = .1) = .01
    expect(binomialUpperTailSurprise(2, 2, 0.1)).toBeCloseTo(2, 10);
  });

  it('stays finite and ordered far in the tail', () => {
    const a = binomialUpperTailSurprise(300, 1000, 0.01);
    const b = binomialUpperTailSurprise(400, 1000, 0.01);
    expect(Number.isFinite(a)).toBe(true);
    expect(b).toBeGreaterThan(a);
    expect(a).toBeGreaterThan(300);
  });

  it('handles the edges and rejects nonsense', () => {
    expect(binomialUpperTailSurprise(0, 10, 0.3)).toBe(0);
    expect(binomialUpperTailSurprise(3, 10, 0)).toBe(Number.POSITIVE_INFINITY);
    expect(binomialUpperTailSurprise(3, 10, 1)).toBe(0);
    expect(() => binomialUpperTailSurprise(1.5, 10, 0.1)).toThrow(RangeError);
  });
});

describe('binomialLowerTailSurprise', () => {
  it('matches exact small tails and mirrors the upper tail', () => {
    // P(X <= 1 | n = 3, p = .5) = (1 + 3) / 8
    expect(binomialLowerTailSurprise(1, 3, 0.5)).toBeCloseTo(-Math.log10(0.5), 10);
    expect(binomialLowerTailSurprise(16, 57, 0.98)).toBeCloseTo(binomialUpperTailSurprise(41, 57, 0.02), 8);
  });

  it('handles the edges', () => {
    expect(binomialLowerTailSurprise(5, 5, 0.9)).toBe(0);
    expect(binomialLowerTailSurprise(2, 5, 1)).toBe(Number.POSITIVE_INFINITY);
    expect(binomialLowerTailSurprise(2, 5, 0)).toBe(0);
  });
});
