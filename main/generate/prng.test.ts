import { describe, expect, it } from 'vitest';
import { Rng } from './prng.js';

const draw = (rng: Rng, n: number): number[] => Array.from({ length: n }, () => rng.nextUint32());

describe('Rng', () => {
  it('gives the same stream for the same seed and different streams for neighbouring seeds', () => {
    expect(draw(new Rng(7), 50)).toEqual(draw(new Rng(7), 50));
    expect(draw(new Rng(7), 50)).not.toEqual(draw(new Rng(8), 50));
  });

  it('forks independent streams by label, deterministically', () => {
    const a = new Rng(3);
    const b = new Rng(3);
    expect(draw(a.fork('system'), 10)).toEqual(draw(b.fork('system'), 10));
    expect(draw(new Rng(3).fork('system'), 10)).not.toEqual(draw(new Rng(3).fork('noise'), 10));
  });

  it('keeps draws in range with the expected means', () => {
    const rng = new Rng(99);
    const n = 20_000;
    let sum = 0;
    let poisson = 0;
    let normal = 0;
    for (let i = 0; i < n; i++) {
      const u = rng.next();
      expect(u).toBeGreaterThanOrEqual(0);
      expect(u).toBeLessThan(1);
      sum += u;
      const k = rng.int(2, 4);
      expect([2, 3, 4]).toContain(k);
      poisson += rng.poisson(4);
      normal += rng.normal();
    }
    expect(sum / n).toBeCloseTo(0.5, 1);
    expect(poisson / n).toBeCloseTo(4, 1);
    expect(Math.abs(normal / n)).toBeLessThan(0.05);
    expect(rng.poisson(0)).toBe(0);
    expect(rng.poisson(100)).toBeGreaterThan(50);
  });

  it('produces ids of the asked length and alphabet', () => {
    const rng = new Rng(1);
    expect(rng.hex(32)).toMatch(/^[0-9a-f]{32}$/);
    expect(rng.hex(9)).toMatch(/^[0-9a-f]{9}$/);
    expect(rng.suffix(5)).toMatch(/^[b-z2-9]{5}$/);
    expect(() => rng.pick([])).toThrow(RangeError);
  });
});
