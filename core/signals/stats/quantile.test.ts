import { describe, expect, it } from 'vitest';
import { SignalOptionError } from '../errors.js';
import { QuantileSketch } from './quantile.js';

/** Deterministic pseudo-random numbers (LCG) so the test is reproducible. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function exactQuantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(1, Math.ceil(q * sorted.length)) - 1] ?? Number.NaN;
}

describe('QuantileSketch', () => {
  it('is exact (nearest rank) below the exact limit', () => {
    const s = new QuantileSketch();
    for (const v of [10, 20, 30, 40, 50, 60, 70, 80, 90, 100]) s.add(v);
    expect(s.quantile(0.5)).toBe(50);
    expect(s.quantile(0.95)).toBe(100);
    expect(s.quantile(0)).toBe(10);
  });

  it('stays within the relative accuracy after spilling into buckets', () => {
    const rand = lcg(42);
    const values: number[] = [];
    const s = new QuantileSketch({ exactLimit: 100, relativeAccuracy: 0.01 });
    for (let i = 0; i < 50_000; i++) {
      const v = Math.exp(rand() * 10); // latencies spread over four orders of magnitude
      values.push(v);
      s.add(v);
    }
    for (const q of [0.5, 0.9, 0.95, 0.99]) {
      const exact = exactQuantile(values, q);
      expect(Math.abs(s.quantile(q) - exact) / exact).toBeLessThanOrEqual(0.0101);
    }
  });

  it('counts zeros, ignores negatives and NaN, is NaN when empty', () => {
    const s = new QuantileSketch({ exactLimit: 1 });
    expect(s.quantile(0.5)).toBeNaN();
    for (const v of [0, 0, 0, 5, -1, Number.NaN]) s.add(v);
    expect(s.count).toBe(4);
    expect(s.quantile(0.5)).toBe(0);
    expect(s.quantile(1)).toBeCloseTo(5, 1);
  });

  it('rejects unusable options', () => {
    expect(() => new QuantileSketch({ relativeAccuracy: 0 })).toThrow(SignalOptionError);
    expect(() => new QuantileSketch({ exactLimit: 0 })).toThrow(SignalOptionError);
  });
});
