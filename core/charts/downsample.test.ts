import { describe, expect, it } from 'vitest';
import { downsampleMinMax } from './downsample.js';

function series(n: number): { x: number[]; y: number[] } {
  const x = Array.from({ length: n }, (_, i) => 1_000_000 + i * 1000);
  const y = x.map((_, i) => Math.sin(i / 500) * 10);
  return { x, y };
}

describe('min/max downsampling', () => {
  it('keeps a short series as it is', () => {
    const s = series(50);
    expect(downsampleMinMax(s.x, s.y, 100)).toEqual(s);
  });

  it('turns 100k points into at most two per bucket, in time order, keeping a one-sample spike and dip', () => {
    const s = series(100_000);
    s.y[31_337] = 1e6;
    s.y[77_777] = -1e6;
    const out = downsampleMinMax(s.x, s.y, 400);
    expect(out.x.length).toBeLessThanOrEqual(800);
    expect(out.x.length).toBeGreaterThan(400);
    expect(out.x.length).toBe(out.y.length);
    for (let i = 1; i < out.x.length; i++) expect(out.x[i]).toBeGreaterThan(out.x[i - 1] as number);
    expect(Math.max(...out.y)).toBe(1e6);
    expect(Math.min(...out.y)).toBe(-1e6);
    expect(out.x[out.y.indexOf(1e6)]).toBe(s.x[31_337]);
  });

  it('keeps every point it returns from the input (no invented values)', () => {
    const s = series(10_000);
    const out = downsampleMinMax(s.x, s.y, 50);
    const pairs = new Set(s.x.map((x, i) => `${x}:${s.y[i]}`));
    out.x.forEach((x, i) => expect(pairs.has(`${x}:${out.y[i]}`)).toBe(true));
  });

  it('handles all points at one instant', () => {
    const out = downsampleMinMax([5, 5, 5, 5, 5], [3, 1, 4, 1, 5], 2);
    expect(out).toEqual({ x: [5, 5], y: [1, 5] });
  });
});
