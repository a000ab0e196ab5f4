import { describe, expect, it } from 'vitest';
import { binomialUpperTailSurprise } from './binomial.js';

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
